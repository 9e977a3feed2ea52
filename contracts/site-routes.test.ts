import { describe, expect, it } from "vitest";
import { founder } from "../content/founder.ts";
import { findPublicRoute, isAppRoute, notFoundPagePath, notFoundPrerenderPath, prerenderPaths } from "./site-routes.ts";

describe("the site's route table", () => {
  it("prerenders the public pages, the founder profile and the 404 page in every language, and nothing else", () => {
    const english = ["/", "/services", "/about", "/contact", `/${founder.handle}`, notFoundPrerenderPath];
    expect(prerenderPaths()).toEqual([
      ...english,
      ...["fr", "sw", "rw"].flatMap((language) => english.map((path) => (path === "/" ? `/${language}` : `/${language}${path}`))),
    ]);
  });

  it.each([
    ["/fr", "/", "/fr"],
    ["/fr/", "/", "/fr"],
    ["/sw/about", "/about", "/sw/about"],
    [`/rw/${founder.handle}/`, `/${founder.handle}`, `/rw/${founder.handle}`],
  ])("finds %s as the public route %s, prerendered at %s", (pathname, path, file) => {
    expect(findPublicRoute(pathname)).toMatchObject({ path, file });
  });

  it("serves each language's own 404 page", () => {
    expect(notFoundPagePath("/nope")).toBe(notFoundPrerenderPath);
    expect(notFoundPagePath("/sw/nope")).toBe(`/sw${notFoundPrerenderPath}`);
    expect(notFoundPagePath("/de/nope")).toBe(notFoundPrerenderPath);
  });

  it.each([
    ["/about", "/about"],
    ["/about/", "/about"],
    ["/", "/"],
    [`/${founder.handle}`, `/${founder.handle}`],
  ])("finds %s as the public route %s", (pathname, path) => {
    expect(findPublicRoute(pathname)?.path).toBe(path);
  });

  it.each(["/domains", "/domain-details/7", "/admin", "/admin/login", "/admin/project/3", "/auth", "/payment", "/payment/", "/payment/receipt", "/project-details/9", "/vps-hosting", "/speed-analysis", "/tech-stack-advisor"])(
    "treats %s as a client-only screen",
    (pathname) => expect(isAppRoute(pathname)).toBe(true),
  );

  it.each(["/fr/domains", "/sw/payment/receipt", "/rw/domain-details/example.rw"])("treats %s as a client-only screen in its language", (pathname) =>
    expect(isAppRoute(pathname)).toBe(true),
  );

  it.each(["/administrator", "/payments", "/no-such-page", "/about", "/fr/admin", "/sw/auth", "/de/domains"])("does not treat %s as a client-only screen", (pathname) => {
    expect(isAppRoute(pathname)).toBe(false);
  });
});
