import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  parseRouterManifest,
  routeModules,
  routeStyles,
  type RouterManifest,
  screenShell,
  screenShellsInBuild,
} from "../../scripts/screen-shells.mjs";

// The shape React Router 7 writes (ssr: false, prerender), trimmed to what the script reads.
const manifest: RouterManifest = {
  routes: {
    root: { id: "root", path: "", module: "/assets/root-A.js", imports: ["/assets/react-dom-B.js"] },
    site: { id: "site", parentId: "root", module: "/assets/site-layout-C.js", imports: ["/assets/react-dom-B.js"] },
    "site-app": {
      id: "site-app",
      parentId: "site",
      module: "/assets/app-layout-D.js",
      imports: ["/assets/query-E.js"],
    },
    about: { id: "about", parentId: "site", path: "about", module: "/assets/about-F.js", imports: [] },
    "domain-order": {
      id: "domain-order",
      parentId: "site-app",
      path: "domains/order/:name",
      module: "/assets/domain-order-G.js",
      imports: ["/assets/query-E.js", "/assets/zod-H.js"],
    },
    "fr-domain-order": {
      id: "fr-domain-order",
      parentId: "site-app",
      path: "fr/domains/order/:name",
      module: "/assets/domain-order-G.js",
      imports: ["/assets/query-E.js", "/assets/zod-H.js"],
    },
    "not-found": { id: "not-found", parentId: "site", path: "*", module: "/assets/not-found-I.js", imports: [] },
    "admin-layout": {
      id: "admin-layout",
      parentId: "root",
      module: "/assets/admin-layout-K.js",
      imports: [],
      css: ["/assets/staff-L.css"],
    },
    admin: { id: "admin", parentId: "admin-layout", path: "admin", module: "/assets/overview-M.js", imports: [] },
  },
};

const shell = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/manifest-0cde3201.js"/>',
  '<link rel="modulepreload" href="/assets/root-A.js"/>',
  '<link rel="modulepreload" href="/assets/react-dom-B.js"/>',
  "<script>theme()</script>",
  '<link rel="stylesheet" href="/assets/root-J.css"/>',
  '</head><body><div role="status">Loading…</div></body></html>',
].join("");

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]);

describe("screen shells", () => {
  it("reads React Router's manifest file and refuses anything else", () => {
    expect(parseRouterManifest(`window.__reactRouterManifest=${JSON.stringify(manifest)};`)).toEqual(manifest);
    expect(() => parseRouterManifest("export default {}")).toThrow(/format changed/);
  });

  it("takes a screen's module, its layouts' and their imports, each once, and leaves the root's to the shell", () => {
    expect(routeModules(manifest, "domain-order")).toEqual([
      "/assets/site-layout-C.js",
      "/assets/react-dom-B.js",
      "/assets/app-layout-D.js",
      "/assets/query-E.js",
      "/assets/domain-order-G.js",
      "/assets/zod-H.js",
    ]);
  });

  it("names the modules after the shell's own preloads, without repeating any", () => {
    const html = screenShell(shell, routeModules(manifest, "domain-order"));
    expect(preloads(html)).toEqual([
      "/assets/manifest-0cde3201.js",
      "/assets/root-A.js",
      "/assets/react-dom-B.js",
      "/assets/site-layout-C.js",
      "/assets/app-layout-D.js",
      "/assets/query-E.js",
      "/assets/domain-order-G.js",
      "/assets/zod-H.js",
    ]);
    // The rest of the shell is as it was.
    expect(html.replace(/<link rel="modulepreload"[^>]*>/g, "")).toBe(
      shell.replace(/<link rel="modulepreload"[^>]*>/g, ""),
    );
  });

  it("links the stylesheets a screen's layouts bring after the shell's own, and nothing for a screen without", () => {
    expect(routeStyles(manifest, "admin")).toEqual(["/assets/staff-L.css"]);
    expect(routeStyles(manifest, "domain-order")).toEqual([]);
    const html = screenShell(shell, routeModules(manifest, "admin"), routeStyles(manifest, "admin"));
    expect([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "/assets/root-J.css",
      "/assets/staff-L.css",
    ]);
    expect(screenShell(shell, [], [])).toBe(shell);
  });

  describe("in a build", () => {
    let dir: string | undefined;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("writes a shell for each screen without a prerendered page, once for every language", async () => {
      dir = await mkdtemp(path.join(tmpdir(), "screens-"));
      await mkdir(path.join(dir, "assets"));
      await mkdir(path.join(dir, "about"));
      await writeFile(
        path.join(dir, "assets", "manifest-0cde3201.js"),
        `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
      );
      await writeFile(path.join(dir, "__spa-fallback.html"), shell);
      await writeFile(path.join(dir, "about", "index.html"), "<h1>About</h1>");

      expect(await screenShellsInBuild(dir)).toBe(2);
      expect((await readdir(path.join(dir, "__screens"))).sort()).toEqual(["admin.html", "domain-order.html"]);
      expect(await readFile(path.join(dir, "__screens", "admin.html"), "utf8")).toContain(
        '<link rel="stylesheet" href="/assets/staff-L.css"/>',
      );
      const written = await readFile(path.join(dir, "__screens", "domain-order.html"), "utf8");
      expect(preloads(written)).toContain("/assets/domain-order-G.js");
    });
  });
});
