import { beforeAll, describe, expect, it } from "vitest";
import { languageLocales } from "#contracts/languages.ts";
import { loadCatalogs } from "../i18n/index.ts";
import { formatDate, formatList, formatMoney, formatNumber } from "./intl.ts";

/** Numbers, money and dates as each language writes them (checked against what its readers expect). */
describe("formatting in each language", () => {
  it("groups thousands the language's way", () => {
    expect(formatNumber(1234567.5, {}, "en")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, {}, "fr")).toBe("1\u202f234\u202f567,5");
    expect(formatNumber(1234567.5, {}, "sw")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, {}, "rw")).toBe("1.234.567,5");
  });

  it("writes francs and shillings whole, with the currency where the language puts it", () => {
    expect(formatMoney(48500, "RWF", {}, "en")).toBe("RWF\u00a048,500");
    expect(formatMoney(48500, "RWF", {}, "fr")).toBe("48\u202f500\u00a0RWF");
    expect(formatMoney(48500.4, "UGX", {}, "sw")).toBe("UGX\u00a048,500");
    expect(formatMoney(48500, "RWF", {}, "rw")).toBe("RWF\u00a048.500");
  });

  it("says US dollars in French, where a bare $ reads as Canadian", () => {
    expect(formatMoney(12.5, "USD", { currencyDisplay: "narrowSymbol" }, "fr")).toBe("12,50\u00a0$\u00a0US");
    expect(formatMoney(12.5, "USD", { currencyDisplay: "narrowSymbol" }, "en")).toBe("$12.50");
  });

  it("writes dates day, month, year in every language", () => {
    const date = new Date("2026-11-22T10:00:00Z");
    expect(formatDate(date, { dateStyle: "long" }, "en")).toBe("22 November 2026");
    expect(formatDate(date, { dateStyle: "long" }, "fr")).toBe("22 novembre 2026");
    expect(formatDate(date, { dateStyle: "long" }, "sw")).toBe("22 Novemba 2026");
    expect(formatDate(date, { dateStyle: "long" }, "rw")).toBe("22 Ugushyingo 2026");
  });
});

describe("Kinyarwanda numbers", () => {
  it("group with a full stop in every runtime, with or without rw data (the prerender and the browser agree)", () => {
    expect(formatMoney(8000, "RWF", {}, "rw")).toBe("RWF\u00a08.000");
    expect(formatNumber(1234567.5, {}, "rw")).toBe("1.234.567,5");
  });
});

describe("lists", () => {
  beforeAll(async () => {
    for (const language of ["en", "fr", "sw", "rw"] as const) await loadCatalogs(language, []);
  });
  const items = ["Rwanda", "Uganda", "Kenya", "Tanzania", "Burundi"];

  it("are written as CLDR writes them (Intl.ListFormat in Node is the reference) in English, French and Swahili", () => {
    for (const language of ["en", "fr", "sw"] as const) {
      const reference = new Intl.ListFormat(languageLocales[language].intl, { style: "long", type: "conjunction" });
      for (let n = 0; n <= items.length; n++)
        expect(formatList(items.slice(0, n), language)).toBe(reference.format(items.slice(0, n)));
    }
  });

  it("join their last two items with 'na' in Kinyarwanda", () => {
    expect(formatList(items.slice(0, 3), "rw")).toBe("Rwanda, Uganda na Kenya");
    expect(formatList(items.slice(0, 1), "rw")).toBe("Rwanda");
  });
});
