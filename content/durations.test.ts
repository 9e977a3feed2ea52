import { describe, it, expect } from "vitest";
import { DAYS_PER_MONTH, DAYS_PER_YEAR, elapsedSince, formatElapsed, type ElapsedWords } from "./durations.ts";

const DAY_MS = 86_400_000;
const BASE = new Date("2020-01-01T00:00:00Z");

/** A date `days` whole days after BASE (fractions allowed). */
function afterBase(days: number): Date {
  return new Date(BASE.getTime() + days * DAY_MS);
}

describe("constants", () => {
  it("uses average month and year lengths", () => {
    expect(DAYS_PER_MONTH).toBe(30.44);
    expect(DAYS_PER_YEAR).toBe(365.25);
  });
});

describe("elapsedSince: calendar dates", () => {
  // Worked by hand:
  // 2017-03-01 -> 2026-03-01 = 9 * 365 + 2 leap days (2020, 2024) = 3287 days
  // 2026-03-01 -> 2026-11-22 = 31+30+31+30+31+31+30+31 + 21 = 266 days
  // totalDays = 3553
  // years  = floor(3553 / 365.25) = floor(9.727...) = 9; 3553 - 9*365.25 = 265.75
  // months = floor(265.75 / 30.44) = floor(8.730...) = 8; 265.75 - 8*30.44 = 22.23
  // days   = floor(22.23) = 22
  const cases: ReadonlyArray<{
    start: string;
    now: string;
    totalDays: number;
    years: number;
    months: number;
    days: number;
  }> = [
    { start: "2017-03-01", now: "2026-11-22T00:00:00Z", totalDays: 3553, years: 9, months: 8, days: 22 },
    // 2017-03-01 -> 2024-11-22: 7*365 + 2 leap days (2020, 2024) = 2557, + 266 = 2823
    // 2823 - 7*365.25 = 266.25; 266.25 - 8*30.44 = 22.73
    { start: "2017-03-01", now: "2024-11-22T00:00:00Z", totalDays: 2823, years: 7, months: 8, days: 22 },
    // 2010-06-01 -> 2026-11-22 = 6018 days; 6018 - 16*365.25 = 174; 174 - 5*30.44 = 21.8
    { start: "2010-06-01", now: "2026-11-22T00:00:00Z", totalDays: 6018, years: 16, months: 5, days: 21 },
    // 2024 is a leap year: 31 + 29 = 60 days; 60 - 30.44 = 29.56
    { start: "2024-01-01", now: "2024-03-01T00:00:00Z", totalDays: 60, years: 0, months: 1, days: 29 },
    // Time of day within the final day is floored away.
    { start: "2017-03-01", now: "2026-11-22T23:59:59Z", totalDays: 3553, years: 9, months: 8, days: 22 },
  ];

  it.each(cases)("$start -> $now", ({ start, now, ...expected }) => {
    expect(elapsedSince(start, new Date(now))).toEqual(expected);
  });

  it("accepts a Date start and gives the same result as an ISO string", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(elapsedSince(new Date("2017-03-01T00:00:00Z"), now)).toEqual(elapsedSince("2017-03-01", now));
  });
});

describe("elapsedSince: day-count boundaries", () => {
  // totalDays is a whole number, so a span of exactly 365.25 days floors to
  // 365 days, which is still under one year. The first whole year is day 366.
  const cases: ReadonlyArray<{
    span: number;
    totalDays: number;
    years: number;
    months: number;
    days: number;
  }> = [
    { span: 0, totalDays: 0, years: 0, months: 0, days: 0 },
    { span: 0.99, totalDays: 0, years: 0, months: 0, days: 0 },
    { span: 1, totalDays: 1, years: 0, months: 0, days: 1 },
    // 30 < 30.44 -> no month yet
    { span: 30, totalDays: 30, years: 0, months: 0, days: 30 },
    // 31 / 30.44 = 1.018 -> 1 month; 31 - 30.44 = 0.56 -> 0 days
    { span: 31, totalDays: 31, years: 0, months: 1, days: 0 },
    // 60 - 30.44 = 29.56 -> 1 month 29 days; 61 - 60.88 = 0.12 -> 2 months 0 days
    { span: 60, totalDays: 60, years: 0, months: 1, days: 29 },
    { span: 61, totalDays: 61, years: 0, months: 2, days: 0 },
    // 365 - 11*30.44 = 30.16 -> 0 years 11 months 30 days
    { span: 365, totalDays: 365, years: 0, months: 11, days: 30 },
    // exactly 365.25 days floors to 365 whole days
    { span: DAYS_PER_YEAR, totalDays: 365, years: 0, months: 11, days: 30 },
    // 366 - 365.25 = 0.75 -> 1 year 0 months 0 days
    { span: 366, totalDays: 366, years: 1, months: 0, days: 0 },
    // 1461 = 4 * 365.25 exactly -> 4 years 0 months 0 days
    { span: 4 * DAYS_PER_YEAR, totalDays: 1461, years: 4, months: 0, days: 0 },
    // 1826 - 4*365.25 = 365 -> 4 years 11 months 30 days; 1827 -> 5 years
    { span: 1826, totalDays: 1826, years: 4, months: 11, days: 30 },
    { span: 1827, totalDays: 1827, years: 5, months: 0, days: 0 },
  ];

  it.each(cases)("$span days", ({ span, ...expected }) => {
    expect(elapsedSince(BASE, afterBase(span))).toEqual(expected);
  });
});

describe("elapsedSince: negative and invalid spans", () => {
  it.each([
    { label: "start one day in the future", start: afterBase(1) },
    { label: "start one millisecond in the future", start: new Date(BASE.getTime() + 1) },
    { label: "start years in the future", start: "2030-01-01" },
  ])("$label -> zeros", ({ start }) => {
    expect(elapsedSince(start, BASE)).toEqual({
      totalDays: 0,
      years: 0,
      months: 0,
      days: 0,
    });
  });

  it("throws RangeError for an invalid start date", () => {
    expect(() => elapsedSince("not-a-date", BASE)).toThrow(RangeError);
  });

  it("throws RangeError for an invalid now", () => {
    expect(() => elapsedSince("2017-03-01", new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatElapsed", () => {
  it.each([
    { years: 7, months: 8, expected: "7 years, 8 months" },
    { years: 1, months: 1, expected: "1 year, 1 month" },
    { years: 1, months: 2, expected: "1 year, 2 months" },
    { years: 2, months: 1, expected: "2 years, 1 month" },
    { years: 1, months: 0, expected: "1 year" },
    { years: 9, months: 0, expected: "9 years" },
    { years: 0, months: 1, expected: "1 month" },
    { years: 0, months: 11, expected: "11 months" },
    { years: 0, months: 0, expected: "less than a month" },
  ])("$years y $months m -> $expected", ({ years, months, expected }) => {
    expect(formatElapsed({ years, months })).toBe(expected);
  });

  it("ignores days and accepts a full elapsedSince result", () => {
    expect(formatElapsed(elapsedSince("2017-03-01", new Date("2026-11-22T00:00:00Z")))).toBe("9 years, 8 months");
    expect(formatElapsed(elapsedSince(BASE, afterBase(30)))).toBe("less than a month");
  });

  it("takes its words from the caller", () => {
    const french: ElapsedWords = {
      years: (count) => `${count} ${count === 1 ? "an" : "ans"}`,
      months: (count) => `${count} mois`,
      both: (years, months) => `${years} et ${months}`,
      lessThanAMonth: "moins d'un mois",
    };
    expect(formatElapsed({ years: 7, months: 8 }, french)).toBe("7 ans et 8 mois");
    expect(formatElapsed({ years: 1, months: 0 }, french)).toBe("1 an");
    expect(formatElapsed({ years: 0, months: 3 }, french)).toBe("3 mois");
    expect(formatElapsed({ years: 0, months: 0 }, french)).toBe("moins d'un mois");
  });
});
