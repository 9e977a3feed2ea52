import { describe, expect, it } from "vitest";
import { paymentMessages, paymentStatusTable } from "../../../../contracts/payments.ts";
import catalog from "../../i18n/locales/en/payment.json";

describe("payment catalog", () => {
  it("has exactly the contract's validation messages, word for word", () => {
    expect(catalog.validation).toEqual(paymentMessages);
  });

  it("labels every status of the spec's table as the table does", () => {
    expect(catalog.statusLabels).toEqual(Object.fromEntries(Object.entries(paymentStatusTable).map(([status, { label }]) => [status, label])));
  });

  it("uses the spec's words for the page", () => {
    expect(catalog.countries.note).toBe("We currently support Rwanda, Uganda and Kenya.");
    expect(catalog.form.subtitle).toBe("Safe & secure mobile money payments");
    expect([catalog.form.payNow, catalog.form.opening, catalog.form.inProgress]).toEqual(["Pay Now", "Opening Payment...", "Payment in Progress..."]);
    expect([catalog.result.successTitle, catalog.result.failedTitle, catalog.result.dismiss]).toEqual(["Payment Successful!", "Payment Failed", "Dismiss"]);
    expect([catalog.toast.completedTitle, catalog.toast.failedTitle, catalog.toast.redirectingTitle]).toEqual(["Payment Completed!", "Payment Failed", "Redirecting to payment"]);
  });
});
