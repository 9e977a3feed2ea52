import { describe, expect, it } from "vitest";
import { defaultReportRange, durationParts, presetRange, rangeProblem, wonPercent } from "./report-helpers.ts";

const now = new Date("2026-11-24T19:30:00Z");

describe("report ranges", () => {
  it("defaults to the last twelve whole months, this one included", () => {
    expect(defaultReportRange(now)).toEqual({ from: "2025-12-01", to: "2026-11-24" });
    expect(defaultReportRange(new Date("2026-01-15T00:00:00Z"))).toEqual({ from: "2025-02-01", to: "2026-01-15" });
  });

  it.each([
    ["30d", { from: "2026-10-26", to: "2026-11-24" }],
    ["year", { from: "2026-01-01", to: "2026-11-24" }],
    ["12m", { from: "2025-12-01", to: "2026-11-24" }],
  ] as const)("offers %s", (preset, range) => expect(presetRange(preset, now)).toEqual(range));

  it.each([
    [{ from: "2026-01-01", to: "2026-03-31" }, null],
    [{ from: "2026-03-31", to: "2026-03-31" }, null],
    [{ from: "", to: "2026-03-31" }, "date"],
    [{ from: "2026-02-30", to: "2026-03-31" }, "date"],
    [{ from: "2026-05-01", to: "2026-03-31" }, "order"],
    [{ from: "2020-01-01", to: "2026-03-31" }, "tooLong"],
  ] as const)("says what is wrong with %o: %s", (range, problem) => expect(rangeProblem(range)).toBe(problem));
});

describe("report figures", () => {
  it("rounds the share won, and has none for nothing", () => {
    expect(wonPercent(1, 3)).toBe(33);
    expect(wonPercent(2, 3)).toBe(67);
    expect(wonPercent(0, 0)).toBeNull();
  });

  it.each([
    [45, { hours: 0, minutes: 0, seconds: 45 }],
    [125, { hours: 0, minutes: 2, seconds: 5 }],
    [3780.4, { hours: 1, minutes: 3, seconds: 0 }],
  ])("splits %s seconds", (seconds, parts) => expect(durationParts(seconds)).toEqual(parts));
});
