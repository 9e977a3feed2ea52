import { describe, expect, it } from "vitest";
import { HostedPaymentRequest } from "./payment-api.ts";
import {
  PaymentForm,
  hostedPaymentRequest,
  internationalPhone,
  mobileMoneyPhoneMessages,
  mobileMoneyPhoneProblem,
  parsePaymentResult,
  paymentCountries,
  paymentCountry,
  paymentMessages,
  paymentStatusDisplay,
} from "./payments.ts";

const form = { phoneNumber: "783456789", amount: "1000", description: "" };

function firstError(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.error?.issues[0];
}

describe("payment countries", () => {
  it("are Rwanda, Uganda and Kenya with the spec's currency and prefix, Rwanda first", () => {
    expect(paymentCountries.map((c) => [c.code, c.name, c.currency, c.prefix])).toEqual([
      ["RWA", "Rwanda", "RWF", "250"],
      ["UGA", "Uganda", "UGX", "256"],
      ["KEN", "Kenya", "KES", "254"],
    ]);
    for (const country of paymentCountries) expect(country.flag).toMatch(/\p{Regional_Indicator}{2}/u);
  });
});

describe("PaymentForm (spec section 5)", () => {
  it.each([
    ["phoneNumber", { phoneNumber: "78345678" }, paymentMessages.phoneMin],
    ["phoneNumber", { phoneNumber: "" }, paymentMessages.phoneMin],
    ["phoneNumber", { phoneNumber: "78-345-67-" }, paymentMessages.phoneMin],
    ["amount", { amount: "" }, paymentMessages.amountRequired],
    ["amount", { amount: "   " }, paymentMessages.amountRequired],
    ["amount", { amount: "4" }, paymentMessages.amountMin],
    ["amount", { amount: "4.99" }, paymentMessages.amountMin],
    ["amount", { amount: "abc" }, paymentMessages.amountMin],
    ["amount", { amount: "-10" }, paymentMessages.amountMin],
    ["description", { description: "abc" }, paymentMessages.descriptionMin],
    ["description", { description: "x".repeat(23) }, paymentMessages.descriptionMax],
    ["description", { description: "Invoice #12" }, paymentMessages.descriptionChars],
    ["description", { description: "Café au lait" }, paymentMessages.descriptionChars],
  ])("rejects %s %j with the spec's message", (field, change, message) => {
    const issue = firstError(PaymentForm.safeParse({ ...form, ...change }));
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(message);
  });

  it.each([
    [{ amount: "5" }],
    [{ amount: "5.5" }],
    [{ description: "Invoice 12" }],
    [{ description: "  abcd  " }],
    [{ description: "x".repeat(22) }],
    [{ phoneNumber: "078 345 6789" }],
  ])("accepts %j", (change) => {
    expect(PaymentForm.safeParse({ ...form, ...change }).success).toBe(true);
  });

  it("trims the description and turns an empty one into absent, which is sent as payment", () => {
    expect(PaymentForm.parse({ ...form, description: "  Web hosting  " }).description).toBe("Web hosting");
    const parsed = PaymentForm.parse({ ...form, description: "   " });
    expect(parsed.description).toBeUndefined();
    expect(hostedPaymentRequest(paymentCountry("RWA")!, parsed).description).toBe("payment");
  });

  it("uses the same amount message for every currency", () => {
    expect(paymentMessages.amountMin).toBe("Amount must be at least 5 RWF");
  });
});

describe("internationalPhone", () => {
  it.each([
    ["RWA", "783456789", "250783456789"],
    ["RWA", "0783 456-789", "250783456789"],
    ["UGA", "(078) 345 6789", "256783456789"],
    ["KEN", "703456789", "254703456789"],
    ["KEN", "254703456789", "254703456789"],
  ])("%s %s -> %s", (code, typed, expected) => {
    expect(internationalPhone(paymentCountry(code)!, typed)).toBe(expected);
  });

  it("builds the hosted payment request the API accepts", () => {
    const request = hostedPaymentRequest(paymentCountry("UGA")!, PaymentForm.parse({ ...form, amount: "2500" }));
    expect(request).toEqual({
      phoneNumber: "256783456789",
      amount: 2500,
      currency: "UGX",
      description: "payment",
      country: "UGA",
    });
    expect(HostedPaymentRequest.safeParse(request).success).toBe(true);
  });
});

describe("the mobile-money number of every checkout", () => {
  it.each([
    ["RWA", "783456789"],
    ["RWA", "0783 456 789"],
    ["RWA", "078-345-6789"],
    ["RWA", "250783456789"],
    ["RWA", "+250 783 456 789"],
    ["UGA", "(0772) 123 456"],
    ["KEN", "712345678"],
    ["KEN", "254712345678"],
  ])("takes %s %j", (code, typed) => {
    expect(mobileMoneyPhoneProblem(paymentCountry(code)!, typed)).toBeUndefined();
  });

  it.each([
    ["RWA", "", mobileMoneyPhoneMessages.phoneMin],
    ["RWA", "78345678", mobileMoneyPhoneMessages.phoneMin],
    ["RWA", "0783 456 78", mobileMoneyPhoneMessages.phoneMin],
    ["RWA", "7834567890", mobileMoneyPhoneMessages.phoneLength],
    ["RWA", "2507834567890", mobileMoneyPhoneMessages.phoneLength],
    ["RWA", "78345678x", mobileMoneyPhoneMessages.phoneInvalid],
    ["RWA", "783 456 789 ext 2", mobileMoneyPhoneMessages.phoneInvalid],
    ["RWA", "256772123456", mobileMoneyPhoneMessages.phonePrefix],
    ["KEN", "+250 783 456 789", mobileMoneyPhoneMessages.phonePrefix],
  ])("refuses %s %j: %s", (code, typed, message) => {
    expect(mobileMoneyPhoneProblem(paymentCountry(code)!, typed)).toBe(message);
  });

  it("says the spec's words for a short number, and has a message of the catalog for every other problem", () => {
    expect(mobileMoneyPhoneMessages.phoneMin).toBe("Phone number must be at least 9 digits");
    for (const message of Object.values(mobileMoneyPhoneMessages)) {
      expect(Object.values(paymentMessages)).toContain(message);
    }
  });
});

describe("HostedPaymentRequest", () => {
  const valid = { phoneNumber: "250783456789", amount: 1000, currency: "RWF", description: "payment", country: "RWA" };
  it.each([
    ["phoneNumber", { phoneNumber: "+250783456789" }, paymentMessages.phoneInvalid],
    ["phoneNumber", { phoneNumber: "25078345" }, paymentMessages.phoneMin],
    ["phoneNumber", { phoneNumber: "256783456789" }, paymentMessages.phonePrefix],
    ["amount", { amount: 4 }, paymentMessages.amountMin],
    ["amount", { amount: "x" }, paymentMessages.amountMin],
    ["amount", { amount: undefined }, paymentMessages.amountRequired],
    ["currency", { currency: "KES" }, paymentMessages.currencyMismatch],
    ["country", { country: "TZA" }, paymentMessages.countryUnavailable],
    ["description", { description: "a;b;c;d" }, paymentMessages.descriptionChars],
  ])("rejects %s %j", (field, change, message) => {
    const issues = HostedPaymentRequest.safeParse({ ...valid, ...change }).error?.issues ?? [];
    expect(issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("accepts amounts as numbers or numeric text and defaults the description", () => {
    expect(HostedPaymentRequest.parse({ ...valid, amount: "1500", description: undefined })).toMatchObject({
      amount: 1500,
      description: "payment",
    });
  });
});

describe("status labels and colours (spec section 4)", () => {
  it.each([
    [null, null],
    ["PAYMENT_INITIATED", { label: "Payment Window Opened", colour: "blue" }],
    ["PENDING", { label: "PENDING", colour: "blue" }],
    ["ACCEPTED", { label: "ACCEPTED", colour: "blue" }],
    ["COMPLETED", { label: "Payment Successful", colour: "green" }],
    ["TIMEOUT", { label: "Payment Timed Out", colour: "red" }],
    ["FAILED", { label: "FAILED", colour: "red" }],
    ["IN_RECONCILIATION", { label: "IN_RECONCILIATION", colour: "grey" }],
  ])("%s -> %j", (status, expected) => {
    expect(paymentStatusDisplay(status)).toEqual(expected);
  });
});

describe("parsePaymentResult", () => {
  it.each([
    [
      encodeURIComponent(JSON.stringify({ success: true, transactionId: "t1", status: "COMPLETED" })),
      { success: true, transactionId: "t1", status: "COMPLETED" },
    ],
    [JSON.stringify({ success: false, error: "Declined" }), { success: false, error: "Declined" }],
  ])("reads %s", (raw, expected) => {
    // URLSearchParams has already decoded the value once.
    const value = raw.startsWith("%") ? decodeURIComponent(raw) : raw;
    expect(parsePaymentResult(value)).toEqual(expected);
  });

  it.each([[null], [""], ["{"], ["not json"], ["[1,2]"], ['{"success":"yes"}'], ["null"], ['{"transactionId":"t"}']])(
    "ignores malformed %j",
    (raw) => {
      expect(parsePaymentResult(raw)).toBeNull();
    },
  );
});
