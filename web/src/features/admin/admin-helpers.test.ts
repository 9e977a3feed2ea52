import { describe, expect, it } from "vitest";
import { LOGIN_FALLBACK_MESSAGE } from "#contracts/admin.ts";
import catalog from "../../i18n/locales/en/admin.json";
import { loginPathFor, queryString, safeNextPath } from "./api.ts";
import { niceMax } from "./daily-chart.tsx";

const origin = "https://www.kigalitech.rw";

describe("safeNextPath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/enquiries?status=new&q=a%20b", "/admin/enquiries?status=new&q=a%20b"],
    ["/admin/enquiries/123#notes", "/admin/enquiries/123#notes"],
  ])("keeps the admin page %s", (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/admin"],
    ["//evil.example/admin"],
    ["/\\evil.example/admin"],
    ["javascript:alert(1)"],
    ["/contact"],
    ["/administrator"],
    ["/admin/login"],
    ["/admin/login?next=/admin"],
    ["admin"],
  ])("ignores %s", (next) => {
    expect(safeNextPath(next, origin)).toBeNull();
  });

  it("round-trips what the guard puts in the address", () => {
    const path = "/admin/enquiries?q=kigali&status=won";
    const next = new URL(loginPathFor(path), origin).searchParams.get("next");
    expect(safeNextPath(next, origin)).toBe(path);
  });
});

describe("queryString", () => {
  it("leaves out empty values", () => {
    expect(queryString({ q: "", service: undefined, status: "new", page: 2 })).toBe("?status=new&page=2");
    expect(queryString({ q: "" })).toBe("");
  });
});

describe("niceMax", () => {
  it.each([
    [0, 4],
    [3, 4],
    [5, 8],
    [9, 20],
    [37, 40],
    [130, 200],
  ])("gives the chart a round top for a peak of %i", (peak, top) => {
    expect(niceMax(peak)).toBe(top);
  });
});

describe("admin catalog", () => {
  it("uses the spec's sign-in words", () => {
    expect(catalog.login.invalidCredentials).toBe(LOGIN_FALLBACK_MESSAGE);
    expect(catalog.login.submit).toBe("Sign In");
    expect(catalog.login.submitting).toBe("Signing in...");
    expect(catalog.login.back).toBe("Back to main site");
    expect(catalog.login.successTitle).toBe("Login successful");
    expect(catalog.login.successDescription).toBe("Welcome to the admin dashboard");
    expect(catalog.login.connectionError).toBe("Connection error. Please try again.");
  });
});
