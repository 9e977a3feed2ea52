import { describe, expect, it } from "vitest";
import { domainOrderMessageCode, domainOrderMessages } from "#contracts/domain-orders.ts";
import catalog from "../../i18n/locales/en/domains.json";

describe("domain order catalog", () => {
  it("has exactly the contract's validation messages, word for word", () => {
    expect(catalog.order.validation).toEqual(domainOrderMessages);
  });

  it("maps every contract message back to its catalog key", () => {
    for (const [code, text] of Object.entries(domainOrderMessages)) {
      expect(domainOrderMessageCode(text)).toBe(code);
    }
    expect(domainOrderMessageCode("Something else")).toBeUndefined();
  });

  it("words every order state for the customer", () => {
    for (const key of ["state", "explain", "next", "historyState"] as const) {
      expect(Object.keys(catalog.status[key]).sort()).toEqual([
        "cancelled",
        "needs_refund",
        "paid",
        "pending_payment",
        "refunded",
        "registered",
      ]);
    }
  });
});
