import { describe, expect, it } from "vitest";
import { paymentMessages, paymentStatusTable } from "#contracts/payments.ts";
import { i18n, loadCatalogs } from "../../i18n/index.ts";
import catalog from "../../i18n/locales/en/payment.json";
import { paymentErrorText } from "./payment-result-card.tsx";

describe("payment catalog", () => {
  it("has exactly the contract's validation messages, word for word", () => {
    expect(catalog.validation).toEqual(paymentMessages);
  });

  it("labels every status of the spec's table as the table does", () => {
    expect(catalog.statusLabels).toEqual(
      Object.fromEntries(Object.entries(paymentStatusTable).map(([status, { label }]) => [status, label])),
    );
  });

  it("uses the spec's words for the page", () => {
    expect(catalog.countries.note).toBe("We currently support Rwanda, Uganda and Kenya.");
    expect(catalog.form.subtitle).toBe("Safe & secure mobile money payments");
    expect([catalog.form.payNow, catalog.form.opening, catalog.form.inProgress]).toEqual([
      "Pay Now",
      "Opening Payment...",
      "Payment in Progress...",
    ]);
    expect([catalog.result.successTitle, catalog.result.failedTitle, catalog.result.dismiss]).toEqual([
      "Payment Successful!",
      "Payment Failed",
      "Dismiss",
    ]);
    expect([catalog.toast.completedTitle, catalog.toast.failedTitle, catalog.toast.redirectingTitle]).toEqual([
      "Payment Completed!",
      "Payment Failed",
      "Redirecting to payment",
    ]);
  });
});

describe("a failed payment's reason", () => {
  it("is said in the page's language: the contract's by code, the server's as it came, ours when there is none", async () => {
    await loadCatalogs("fr", ["payment"]);
    const t = i18n.getFixedT("fr", "payment");
    expect(paymentErrorText(t, paymentMessages.paymentFailedFallback)).toBe("Le paiement n'a pas pu aboutir");
    expect(paymentErrorText(t, paymentMessages.phonePrefix)).toBe(
      "Le numéro de téléphone doit commencer par l'indicatif du pays sélectionné",
    );
    expect(paymentErrorText(t, undefined)).toBe("Le paiement n'a pas pu aboutir");
    expect(paymentErrorText(t, "Le paiement n'a pas été validé sur le téléphone.")).toBe(
      "Le paiement n'a pas été validé sur le téléphone.",
    );
  });
});
