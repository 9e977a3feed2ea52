import { describe, expect, it } from "vitest";
import { founder } from "../content/founder.ts";
import { findPublicRoute, isAppRoute, notFoundPrerenderPath, prerenderPaths } from "./site-routes.ts";

describe("the site's route table", () => {
  it("prerenders the public pages, the founder profile and the 404 page, and nothing else", () => {
    expect(prerenderPaths()).toEqual(["/", "/services", "/about", "/contact", `/${founder.handle}`, notFoundPrerenderPath]);
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

  it.each(["/administrator", "/payments", "/no-such-page", "/about"])("does not treat %s as a client-only screen", (pathname) => {
    expect(isAppRoute(pathname)).toBe(false);
  });
});
