import { describe, expect, it } from "vitest";
import { founder } from "#content/founder.ts";
import {
  findPublicRoute,
  isAppRoute,
  notFoundPagePath,
  notFoundPrerenderPath,
  paths,
  prerenderPaths,
} from "./route-table.ts";

describe("the site's route table", () => {
  it("prerenders the public pages, the founder profile, the legal pages, the tools, /payment and the 404 page in every language", () => {
    const english = [
      "/",
      "/services",
      "/about",
      "/contact",
      `/${founder.handle}`,
      "/faq",
      "/privacy",
      "/terms",
      "/cookies",
      "/domains",
      "/tech-stack-advisor",
      "/speed-analysis",
      "/vps-hosting",
      "/payment",
      notFoundPrerenderPath,
    ];
    expect(prerenderPaths()).toEqual([
      ...english,
      ...["fr", "sw", "rw"].flatMap((language) =>
        english.map((path) => (path === "/" ? `/${language}` : `/${language}${path}`)),
      ),
    ]);
  });

  it.each([
    ["/fr", "/", "/fr"],
    ["/fr/", "/", "/fr"],
    ["/sw/about", "/about", "/sw/about"],
    [`/rw/${founder.handle}/`, `/${founder.handle}`, `/rw/${founder.handle}`],
  ])("finds %s as the public route %s, prerendered at %s", (pathname, path, htmlPath) => {
    expect(findPublicRoute(pathname)).toMatchObject({ path, htmlPath });
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

  it.each([
    ["/domains", "/domains"],
    ["/payment/", "/payment"],
    ["/fr/vps-hosting", "/fr/vps-hosting"],
    ["/rw/tech-stack-advisor", "/rw/tech-stack-advisor"],
  ])("prerenders the tool %s, served from %s", (pathname, htmlPath) => {
    expect(findPublicRoute(pathname)?.htmlPath).toBe(htmlPath);
    expect(isAppRoute(pathname)).toBe(false);
  });

  it.each([
    "/domain-details/7",
    "/domains/order/kigali.rw",
    "/admin",
    "/admin/login",
    "/admin/project/3",
    "/auth",
    "/account",
    "/payment/receipt",
    "/project-details/9",
  ])("treats %s as a client-only screen", (pathname) => expect(isAppRoute(pathname)).toBe(true));

  it.each(["/fr/account", "/sw/payment/receipt", "/rw/domain-details/example.rw"])(
    "treats %s as a client-only screen in its language",
    (pathname) => expect(isAppRoute(pathname)).toBe(true),
  );

  it("builds typed links from the same table", () => {
    expect(paths.home()).toBe("/");
    expect(paths.domainDetails({ id: "example.rw" })).toBe("/domain-details/example.rw");
    expect(paths.vpsOrder({ token: "a/b" })).toBe("/vps-hosting/order/a%2Fb");
  });

  it.each([
    "/administrator",
    "/payments",
    "/payment/elsewhere",
    "/admin/no-such-section",
    "/no-such-page",
    "/about",
    "/fr/admin",
    "/sw/auth",
    "/de/domains",
  ])("does not treat %s as a client-only screen", (pathname) => {
    expect(isAppRoute(pathname)).toBe(false);
  });
});
