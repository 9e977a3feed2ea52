import { describe, expect, it } from "vitest";
import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans } from "#content/vps.ts";
import { sshKeys } from "../tests/fixtures/ssh-keys.ts";
import { paymentMessages } from "./payments.ts";
import {
  catalogFromContent,
  checkSshPublicKey,
  quoteVps,
  VpsHostname,
  VpsOrderRequest,
  vpsMessageCode,
  vpsMessages,
  type VpsAddonChoice,
  type VpsSelection,
} from "./vps.ts";

const catalog = catalogFromContent({
  plans: vpsPlans,
  locations: vpsLocations,
  images: vpsImages,
  periods: vpsPeriods,
  addons: vpsAddons,
});
const none: VpsAddonChoice = { backups: false, extraIpv4: 0, managedSupport: false };

describe("VPS prices", () => {
  // [what, selection, subtotal, discount, total, perMonth]
  const cases: [string, VpsSelection, number, number, number, number][] = [
    [
      "one month, no discount",
      { planId: "starter", periodMonths: 1, addons: none, currency: "RWF" },
      8_000,
      0,
      8_000,
      8_000,
    ],
    [
      "3 months take 5% off, half rounds up",
      { planId: "standard", periodMonths: 3, addons: none, currency: "RWF" },
      45_000,
      2_200,
      42_800,
      14_267,
    ],
    [
      "6 months take 10% off",
      { planId: "performance", periodMonths: 6, addons: none, currency: "RWF" },
      174_000,
      17_400,
      156_600,
      26_100,
    ],
    [
      "12 months take 15% off, add-ons too",
      { planId: "standard", periodMonths: 12, addons: { ...none, backups: true }, currency: "RWF" },
      204_000,
      30_600,
      173_400,
      14_450,
    ],
    [
      "extra IPv4 counts per address",
      { planId: "performance", periodMonths: 6, addons: { ...none, extraIpv4: 2 }, currency: "KES" },
      21_000,
      2_100,
      18_900,
      3_150,
    ],
    [
      "every add-on",
      {
        planId: "business",
        periodMonths: 1,
        addons: { backups: true, extraIpv4: 1, managedSupport: true },
        currency: "RWF",
      },
      86_000,
      0,
      86_000,
      86_000,
    ],
    [
      "UGX rounds to 1,000",
      { planId: "standard", periodMonths: 3, addons: none, currency: "UGX" },
      126_000,
      6_000,
      120_000,
      40_000,
    ],
    [
      "UGX rounds down below half",
      { planId: "starter", periodMonths: 3, addons: { ...none, backups: true }, currency: "UGX" },
      82_500,
      4_500,
      78_000,
      26_000,
    ],
    [
      "KES rounds to 10",
      { planId: "starter", periodMonths: 3, addons: { ...none, backups: true }, currency: "KES" },
      3_000,
      150,
      2_850,
      950,
    ],
    [
      "KES half rounds up",
      { planId: "standard", periodMonths: 3, addons: none, currency: "KES" },
      4_500,
      220,
      4_280,
      1_427,
    ],
    [
      "USD keeps cents",
      { planId: "standard", periodMonths: 3, addons: none, currency: "USD" },
      34.5,
      1.72,
      32.78,
      10.93,
    ],
    [
      "USD add-on with cents",
      { planId: "starter", periodMonths: 12, addons: { ...none, extraIpv4: 1 }, currency: "USD" },
      99,
      14.85,
      84.15,
      7.01,
    ],
    [
      "extra IPv4 capped at the add-on's maximum",
      { planId: "starter", periodMonths: 1, addons: { ...none, extraIpv4: 9 }, currency: "RWF" },
      20_000,
      0,
      20_000,
      20_000,
    ],
  ];
  it.each(cases)("%s", (_what, selection, subtotal, discount, total, perMonth) => {
    const quote = quoteVps(catalog, selection);
    expect({
      subtotal: quote.subtotal,
      discount: quote.discount,
      total: quote.total,
      perMonth: quote.perMonth,
    }).toEqual({ subtotal, discount, total, perMonth });
    expect(quote.subtotal - quote.discount).toBeCloseTo(quote.total, 9);
    expect(quote.lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(quote.subtotal, 9);
  });

  it("itemises the plan and each chosen add-on", () => {
    const quote = quoteVps(catalog, {
      planId: "starter",
      periodMonths: 6,
      addons: { backups: true, extraIpv4: 2, managedSupport: false },
      currency: "RWF",
    });
    expect(quote.lines).toEqual([
      { id: "starter", quantity: 1, monthly: 8_000, amount: 48_000 },
      { id: "backups", quantity: 1, monthly: 2_000, amount: 12_000 },
      { id: "extraIpv4", quantity: 2, monthly: 3_000, amount: 36_000 },
    ]);
    expect(quote.discountPercent).toBe(10);
  });

  it("gives every payable total in a whole amount of its currency's step", () => {
    const steps = { RWF: 100, UGX: 1000, KES: 10 } as const;
    for (const plan of vpsPlans) {
      for (const period of vpsPeriods) {
        for (const currency of ["RWF", "UGX", "KES"] as const) {
          const { total } = quoteVps(catalog, {
            planId: plan.id,
            periodMonths: period.months,
            addons: { backups: true, extraIpv4: 3, managedSupport: true },
            currency,
          });
          expect(total % steps[currency]).toBe(0);
        }
      }
    }
  });

  it("refuses a plan or period it does not know", () => {
    expect(() => quoteVps(catalog, { planId: "mega", periodMonths: 1, addons: none, currency: "RWF" })).toThrow(
      /unknown plan/,
    );
    expect(() => quoteVps(catalog, { planId: "starter", periodMonths: 2, addons: none, currency: "RWF" })).toThrow(
      /unknown period/,
    );
  });

  it("offers at least four plans with prices in every currency, and discounts that grow with the period", () => {
    expect(vpsPlans.length).toBeGreaterThanOrEqual(4);
    for (const plan of vpsPlans) for (const price of Object.values(plan.monthly)) expect(price).toBeGreaterThan(0);
    expect(vpsPeriods.map((p) => p.months)).toEqual([1, 3, 6, 12]);
    expect(vpsPeriods.map((p) => p.discountPercent)).toEqual(
      [...vpsPeriods.map((p) => p.discountPercent)].sort((a, b) => a - b),
    );
  });
});

describe("server names", () => {
  const valid = ["web1", "web-1", "app.example.rw", "a", "x".repeat(63), "DB-Primary.Kigali.example.com"];
  const invalid: [string, string][] = [
    ["", vpsMessages.hostnameRequired],
    ["-web", vpsMessages.hostnameInvalid],
    ["web-", vpsMessages.hostnameInvalid],
    ["web_1", vpsMessages.hostnameInvalid],
    ["web 1", vpsMessages.hostnameInvalid],
    ["web..rw", vpsMessages.hostnameInvalid],
    ["x".repeat(64), vpsMessages.hostnameInvalid],
    ["192.168.1.10", vpsMessages.hostnameInvalid],
    ["café", vpsMessages.hostnameInvalid],
    [`${"a".repeat(60)}.`.repeat(5), vpsMessages.hostnameTooLong],
  ];
  it.each(valid)("accepts %s", (name) => expect(VpsHostname.safeParse(name).success).toBe(true));
  it("stores names lower-case", () =>
    expect(VpsHostname.parse(" DB-Primary.Example.com ")).toBe("db-primary.example.com"));
  it.each(invalid)("refuses %j", (name, message) => {
    const result = VpsHostname.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("SSH public keys", () => {
  it.each([
    ["ed25519", sshKeys.ed25519, "ssh-ed25519", 256],
    ["ECDSA P-256", sshKeys.ecdsab256, "ecdsa-sha2-nistp256", 256],
    ["ECDSA P-384", sshKeys.ecdsab384, "ecdsa-sha2-nistp384", 384],
    ["ECDSA P-521", sshKeys.ecdsab521, "ecdsa-sha2-nistp521", 521],
    ["RSA 2048", sshKeys.rsab2048, "ssh-rsa", 2048],
    ["RSA 4096", sshKeys.rsab4096, "ssh-rsa", 4096],
    ["a key without a comment", sshKeys.ed25519.split(" ").slice(0, 2).join(" "), "ssh-ed25519", 256],
  ])("accepts %s", (_what, key, type, bits) => expect(checkSshPublicKey(key)).toEqual({ ok: true, type, bits }));

  const ed = sshKeys.ed25519.split(" ");
  const rsa = sshKeys.rsab2048.split(" ");
  it.each([
    ["RSA under 2048 bits", sshKeys.rsab1024, vpsMessages.sshKeyRsaWeak],
    [
      "a private key",
      `${sshKeys.privateKeyStart}\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----`,
      vpsMessages.sshKeyPrivate,
    ],
    ["an unsupported type", `ssh-dss ${ed[1]}`, vpsMessages.sshKeyFormat],
    ["just words", "hello world", vpsMessages.sshKeyFormat],
    ["a type alone", "ssh-ed25519", vpsMessages.sshKeyFormat],
    ["a type that lies about its data", `ssh-rsa ${ed[1]}`, vpsMessages.sshKeyCorrupt],
    ["an ECDSA curve that lies", `ecdsa-sha2-nistp384 ${sshKeys.ecdsab256.split(" ")[1]}`, vpsMessages.sshKeyCorrupt],
    ["data that is not base64", "ssh-ed25519 not*base64!", vpsMessages.sshKeyCorrupt],
    ["truncated data", `ssh-ed25519 ${ed[1]!.slice(0, 40)}`, vpsMessages.sshKeyCorrupt],
    ["truncated RSA", `ssh-rsa ${rsa[1]!.slice(0, 200)}`, vpsMessages.sshKeyCorrupt],
    ["two keys on two lines", `${sshKeys.ed25519}\n${sshKeys.rsab2048}`, vpsMessages.sshKeyFormat],
  ])("refuses %s", (_what, key, message) => expect(checkSshPublicKey(key)).toEqual({ ok: false, message }));
});

describe("message codes", () => {
  it("maps every message back to its code, and nothing else", () => {
    for (const [code, text] of Object.entries(vpsMessages)) expect(vpsMessageCode(text)).toBe(code);
    expect(vpsMessageCode("Le nom du serveur est obligatoire")).toBeUndefined();
    expect(vpsMessageCode(undefined)).toBeUndefined();
  });
});

describe("the order's mobile-money number", () => {
  const order = {
    planId: "standard",
    locationId: "kigali",
    imageId: "ubuntu-24.04",
    periodMonths: 3,
    currency: "RWF",
    hostname: "web-1",
    accessMethod: "password",
    name: "Aline Uwase",
    email: "aline@example.rw",
  } as const;

  it.each([
    ["RWF", "0783 456 789", "250783456789"],
    ["RWF", "250783456789", "250783456789"],
    ["UGX", "772123456", "256772123456"],
    ["KES", "+254 712 345 678", "254712345678"],
  ] as const)("in %s, %j is sent to pawaPay as %s", (currency, phoneNumber, msisdn) => {
    expect(VpsOrderRequest.parse({ ...order, currency, phoneNumber }).phoneNumber).toBe(msisdn);
  });

  it("is checked against the country of the currency paid in, with the payment page's messages", () => {
    const issue = (currency: "RWF" | "KES", phoneNumber: string) =>
      VpsOrderRequest.safeParse({ ...order, currency, phoneNumber }).error?.issues.find(
        (i) => i.path[0] === "phoneNumber",
      )?.message;
    expect(issue("KES", "250783456789")).toBe(paymentMessages.phonePrefix);
    expect(issue("RWF", "7834567")).toBe(paymentMessages.phoneMin);
  });
});
