import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import {
  domainMessageCode,
  domainMessages,
  explainStatus,
  normaliseStatus,
  parseDomainQuery,
  tldProblem,
  toAsciiHost,
  validateDomainName,
  type TldRule,
} from "./domains.ts";

/** The TLD rules of content/domains.ts (contracts import nothing of ours, so they are repeated here). */
const rules: TldRule[] = [
  { tld: "rw", idn: false },
  { tld: "co.rw", idn: false },
  { tld: "com", idn: true },
  { tld: "africa", idn: false, minLength: 3 },
  { tld: "ke", idn: false },
  { tld: "co.ke", idn: false },
  { tld: "ug", idn: false, maxLength: 26 },
  { tld: "co.ug", idn: false, maxLength: 26 },
  { tld: "org", idn: true },
  { tld: "net", idn: true },
  { tld: "io", idn: false },
  { tld: "tech", idn: false },
  { tld: "dev", idn: true },
];

describe("IDN conversion", () => {
  it.each(["café", "münchen", "日本", "ÄÖÜ", "bücher", "plain", "MiXeD"])(
    "agrees with node:url domainToASCII for %s",
    (label) => {
      expect(toAsciiHost(label)).toBe(domainToASCII(label));
    },
  );
});

describe("input that is not a host name is refused, naming the rule (the browser's own checks)", () => {
  it.each([
    ["https://www.kigalitech.rw/about?x=1", domainMessages.notHostName],
    ["kigalitech.rw:443", "A domain name has no port number: remove :443."],
    ["kigali tech", domainMessages.spaces],
    ["kigalitech..rw", domainMessages.emptyLabel],
    ["shop_1.kigalitech.rw", domainMessages.characters],
    ["-bücher.com", domainMessages.hyphenEnds],
    ["bü--cher.com", domainMessages.reservedHyphens],
    ["😀.com", "😀 can't be used in a domain name: registries take letters, digits and hyphens, not symbols or emoji."],
  ])("%j", (input, message) => {
    expect(parseDomainQuery(input, rules)).toEqual({ ok: false, message });
  });

  it.each([
    ["  KigaliTech  ", "kigalitech"],
    ["kigalitech.rw.", "kigalitech"],
    ["example。com", "example"],
  ])("%j is a host name", (input, label) => {
    expect(parseDomainQuery(input, rules)).toMatchObject({ ok: true, label });
  });
});

describe("search box entries", () => {
  it.each([
    ["kigalitech", { ok: true, label: "kigalitech", tld: null }],
    ["kigalitech.rw", { ok: true, label: "kigalitech", tld: "rw" }],
    ["kigalitech.co.rw", { ok: true, label: "kigalitech", tld: "co.rw" }],
    ["shop.kigalitech.co.ke", { ok: true, label: "kigalitech", tld: "co.ke" }],
    ["café.com", { ok: true, label: "xn--caf-dma", tld: "com" }],
    ["xn--caf-dma.com", { ok: true, label: "xn--caf-dma", tld: "com" }],
    ["", { ok: false, message: domainMessages.empty }],
    ["   ", { ok: false, message: domainMessages.empty }],
    ["kigali_tech", { ok: false, message: domainMessages.characters }],
    ["kigali!tech", { ok: false, message: domainMessages.characters }],
    ["-kigali", { ok: false, message: domainMessages.hyphenEnds }],
    ["kigali-", { ok: false, message: domainMessages.hyphenEnds }],
    ["ab--cd", { ok: false, message: domainMessages.reservedHyphens }],
    ["xn--zz", { ok: false, message: domainMessages.invalidIdn }],
    ["a".repeat(64), { ok: false, message: domainMessages.labelTooLong }],
    ["example.xyz", { ok: false, message: "We don't sell names ending in .xyz." }],
    [".com", { ok: false, message: domainMessages.emptyLabel }],
  ] as const)("%j", (input, expected) => {
    expect(parseDomainQuery(input, rules)).toMatchObject(expected);
  });

  it("accepts a 63-character label", () => {
    expect(parseDomainQuery("a".repeat(63), rules)).toMatchObject({ ok: true });
  });
});

describe("full names", () => {
  it.each([
    ["example.rw", { ok: true, name: "example.rw", unicodeName: "example.rw", tld: "rw" }],
    ["café.com", { ok: true, name: "xn--caf-dma.com", unicodeName: "café.com", tld: "com" }],
    ["café.rw", { ok: false, message: ".rw names can only use the letters a-z, digits and hyphens." }],
    ["xn--caf-dma.ke", { ok: false, message: ".ke names can only use the letters a-z, digits and hyphens." }],
    ["日本.co.ug", { ok: false, message: ".co.ug names can only use the letters a-z, digits and hyphens." }],
    ["ab.africa", { ok: false, message: ".africa names need at least 3 characters before the ending." }],
    ["abc.africa", { ok: true, name: "abc.africa" }],
    [`${"a".repeat(27)}.ug`, { ok: false, message: ".ug names can have at most 26 characters before the ending." }],
    [`${"a".repeat(26)}.ug`, { ok: true }],
    ["example", { ok: false, message: domainMessages.needTld }],
  ] as const)("%j", (input, expected) => {
    expect(validateDomainName(input, rules)).toMatchObject(expected);
  });
});

describe("status flags", () => {
  it.each([
    ["clientTransferProhibited", "client transfer prohibited"],
    ["client transfer prohibited", "client transfer prohibited"],
    ["serverHold", "server hold"],
    ["redemptionPeriod", "redemption period"],
    ["pending-delete", "pending delete"],
  ])("%s -> %s", (input, expected) => {
    expect(normaliseStatus(input)).toBe(expected);
    expect(explainStatus(input).meaning).not.toMatch(/without a plain-words/);
  });

  it("never calls a name in redemption available", () => {
    expect(explainStatus("redemption period").meaning).toMatch(/Not available/);
  });
});

describe("message codes", () => {
  it("maps every fixed message back to its code", () => {
    for (const [code, text] of Object.entries(domainMessages)) {
      if (!/\{\w+\}/.test(text)) expect(domainMessageCode(text)).toEqual({ code, values: {} });
    }
  });

  it("maps a filled-in message back to its code and the values it names", () => {
    const unsupported = parseDomainQuery("example.co.xyz", rules);
    expect(unsupported.ok ? null : domainMessageCode(unsupported.message)).toEqual({
      code: "unsupportedTld",
      values: { tld: "co.xyz" },
    });
    expect(domainMessageCode(tldProblem("café", "café", { tld: "rw", idn: false })!)).toEqual({
      code: "noIdn",
      values: { tld: "rw" },
    });
    expect(domainMessageCode(tldProblem("ab", "ab", { tld: "co.ke", idn: false, minLength: 3 })!)).toEqual({
      code: "tooShortFor",
      values: { tld: "co.ke", min: "3" },
    });
    expect(
      domainMessageCode(tldProblem("a".repeat(70), "a".repeat(70), { tld: "ug", idn: false, maxLength: 63 })!),
    ).toEqual({ code: "tooLongFor", values: { tld: "ug", max: "63" } });
  });

  it("knows nothing of other text", () => {
    expect(domainMessageCode(undefined)).toBeUndefined();
    expect(domainMessageCode("")).toBeUndefined();
    expect(domainMessageCode("Nous ne vendons pas de noms en .xyz.")).toBeUndefined();
    expect(domainMessageCode("Use letters, digits and hyphens only. And more.")).toBeUndefined();
  });
});
