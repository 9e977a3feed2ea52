import { describe, expect, it } from "vitest";
import { formatMoneyIn, formatNumberIn } from "./money.ts";

describe("money in each site language", () => {
  it("writes whole-unit currencies without decimals and places the code as the language does", () => {
    expect(formatMoneyIn("en", 48500, "RWF")).toBe("RWF\u00a048,500");
    expect(formatMoneyIn("fr", 48500, "RWF")).toBe("48\u202f500\u00a0RWF");
    expect(formatMoneyIn("en", 12.5, "USD")).toBe("USD\u00a012.50");
  });

  it("groups Kinyarwanda with dots and marks its decimals with a comma, in any runtime", () => {
    expect(formatNumberIn("rw", 1234567.5)).toBe("1.234.567,5");
    expect(formatMoneyIn("rw", 8000, "RWF")).toBe("RWF\u00a08.000");
  });

  it("tells a French reader that a dollar is a US dollar", () => {
    expect(formatMoneyIn("fr", 12.5, "USD", { currencyDisplay: "narrowSymbol" })).toBe("12,50\u00a0$\u00a0US");
  });

  it("falls back to the number and the code for a currency Intl does not know", () => {
    expect(formatMoneyIn("en", 5, "not-a-code")).toBe("5 not-a-code");
  });
});
