import { describe, expect, it } from "vitest";
import { formatDateIn } from "./dates.ts";
import { languages } from "./languages.ts";

/** 22 November 2026, 10:00 UTC (12:00 in Kigali). */
const date = new Date("2026-11-22T10:00:00Z");
const order = (text: string, month: RegExp) => {
  const day = text.search(/\b22\b/);
  const year = text.indexOf("2026");
  const named = text.search(month);
  return day >= 0 && named > day && year > named;
};

describe("dates in every language", () => {
  it.each(languages.map((language) => [language]))("%s writes day, then month, then year", (language) => {
    const month = /November|novembre|Novemba|Ugushyingo|Nov|nov\.|Ugu\./;
    for (const options of [{ dateStyle: "long" }, { dateStyle: "medium" }, { dateStyle: "full" }] as const)
      expect(order(formatDateIn(language, date, options), month), formatDateIn(language, date, options)).toBe(true);
  });

  it("writes Kinyarwanda dates as Rwandans do, with Kinyarwanda names", () => {
    expect(formatDateIn("rw", date)).toBe("22 Ugushyingo 2026");
    expect(formatDateIn("rw", date, { dateStyle: "medium" })).toBe("22 Ugu. 2026");
    expect(formatDateIn("rw", date, { dateStyle: "full" })).toBe("Ku cyumweru, 22 Ugushyingo 2026");
    expect(formatDateIn("rw", date, { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Kigali" })).toBe(
      "22 Ugushyingo 2026, 12:00",
    );
    // Late evening in UTC is the next day in Kigali: the month and weekday follow the time zone.
    expect(formatDateIn("rw", new Date("2026-08-31T23:30:00Z"), { dateStyle: "full", timeZone: "Africa/Kigali" })).toBe(
      "Kuwa kabiri, 1 Nzeri 2026",
    );
  });

  it("leaves the other languages to Intl", () => {
    expect(formatDateIn("en", date)).toBe("22 November 2026");
    expect(formatDateIn("fr", date)).toBe("22 novembre 2026");
    expect(formatDateIn("sw", date)).toBe("22 Novemba 2026");
  });
});
