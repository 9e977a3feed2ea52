import { describe, expect, it } from "vitest";
import { deferHydration, deferredHydrationScript, islandsFromManifest } from "../../scripts/defer-hydration.mjs";

// The shape React Router 7 writes into a prerendered page (ssr: false, prerender), trimmed.
const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/manifest-0cde3201.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-CJtHliKu.js"/>',
  '<link rel="modulepreload" href="/assets/root-B2A-xhas.js"/>',
  '<link rel="stylesheet" href="/assets/root-D4hNzvu8.css"/>',
  "</head><body><main><h1>Kigali</h1></main>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-0cde3201.js"; import * as route0 from "/assets/root-B2A-xhas.js";',
  ' import * as route1 from "/assets/home-CCwDXgVG.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};  import("/assets/entry.client-CJtHliKu.js");</script>',
  "</body></html>",
].join("");

/** The inline module script the build wrote into a page. */
const moduleScript = (html: string): string => /<script type="module">([^<]*)<\/script>/.exec(html)?.[1] ?? "";

/**
 * Runs a page's script as the module body it is, with stand-ins for the browser globals it reads
 * (`standIns`, by name) and for `import()` (the stand-in named `importModule`).
 */
function runPageScript(script: string, standIns: Record<string, unknown>): Promise<void> {
  const body = `return (async () => { ${script.replace(/import\(/g, "importModule(")} })();`;
  const run = new Function(...Object.keys(standIns), body) as (...values: unknown[]) => Promise<void>;
  return run(...Object.values(standIns));
}

describe("deferHydration", () => {
  it("removes every module preload link and keeps the stylesheet", () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-D4hNzvu8.css"/>');
    expect(html).toContain("<main><h1>Kigali</h1></main>");
  });

  it("leaves no static import, so nothing is fetched while the page parses", () => {
    const script = moduleScript(deferHydration(page));
    expect(script).not.toMatch(/^\s*import\s+["*]/m);
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("import("));
  });

  it("preloads the page's modules all at once, after the first paint", () => {
    const script = moduleScript(deferHydration(page));
    const preload = script.indexOf('"modulepreload"');
    expect(preload).toBeGreaterThan(script.indexOf("requestAnimationFrame"));
    expect(preload).toBeLessThan(script.indexOf("import("));
    for (const href of ["/assets/manifest-0cde3201.js", "/assets/entry.client-CJtHliKu.js", "/assets/root-B2A-xhas.js"])
      expect(script).toContain(JSON.stringify(href));
  });

  it("imports the same modules in the same order and binds the route modules as before", async () => {
    const source = /<script type="module" async="">([^<]*)<\/script>/.exec(page)?.[1] ?? "";
    const script = deferredHydrationScript(source);
    const requested: string[] = [];
    const win: { __reactRouterRouteModules?: Record<string, unknown> } = {};
    await runPageScript(script, {
      requestAnimationFrame: (callback: () => void) => setTimeout(callback),
      importModule: async (href: string) => {
        requested.push(href);
        return { href };
      },
      window: win,
    });
    expect(requested).toEqual([
      "/assets/manifest-0cde3201.js",
      "/assets/root-B2A-xhas.js",
      "/assets/home-CCwDXgVG.js",
      "/assets/entry.client-CJtHliKu.js",
    ]);
    expect(win.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-B2A-xhas.js" },
      home: { href: "/assets/home-CCwDXgVG.js" },
    });
  });

  it("waits for the browser's first contentful paint where paint timing is there", async () => {
    const source = /<script type="module" async="">([^<]*)<\/script>/.exec(page)?.[1] ?? "";
    const script = deferredHydrationScript(source);
    const requested: string[] = [];
    let deliver: (names: string[]) => void = () => {};
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      disconnected = false;
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        deliver = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
      }
      observe() {}
      disconnect() {
        this.disconnected = true;
      }
    }
    const done = runPageScript(script, {
      PerformanceObserver: FakeObserver,
      requestAnimationFrame: () => {
        throw new Error("the frame fallback is for browsers without paint timing");
      },
      importModule: async (href: string) => {
        requested.push(href);
        return {};
      },
      window: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    deliver(["first-paint"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requested).toEqual([]);
    deliver(["first-contentful-paint"]);
    await done;
    expect(requested[0]).toBe("/assets/manifest-0cde3201.js");
  });

  it("leaves a page without a hydration script (the SPA fallback's shape changes nothing) as it is", () => {
    const html = "<html><head></head><body><p>x</p></body></html>";
    expect(deferHydration(html)).toBe(html);
  });

  it("refuses a hydration script it does not recognise instead of writing a broken page", () => {
    expect(() => deferredHydrationScript('window.x = 1; import("/assets/a.js");')).toThrow(/React Router changed/);
  });
});

// docs/decisions/0036-islands.md: a content page gets the islands script instead of the router's.
describe("deferHydration on a page served with its islands", () => {
  const manifest = {
    "web/src/islands/entry.tsx": {
      file: "assets/islands-C6bT4Abr.js",
      isEntry: true,
      imports: ["_runtime.js", "_toast.js"],
      dynamicImports: ["web/src/features/chat/chat-panel.tsx"],
    },
    "_runtime.js": { file: "assets/islands-rolldown-runtime-Wk.js" },
    "_toast.js": { file: "assets/islands-use-toast-AZ.js", imports: ["_runtime.js"] },
    "web/src/features/chat/chat-panel.tsx": { file: "assets/islands-chat-panel-BO.js", imports: ["_toast.js"] },
    "web/src/islands/lazy/contact-form.tsx": { file: "assets/islands-contact-form-Cf.js", imports: ["_form.js"] },
    "_form.js": { file: "assets/islands-form-Zd.js", imports: ["_toast.js"] },
  };
  const islands = islandsFromManifest(manifest);
  const content = page.replace("<body>", '<body data-render="islands">');
  /** The content page carrying the contact form's island, with `attributes` on its element. */
  const withForm = (attributes = "") =>
    content.replace("<main>", `<main><div data-island="contact-form"${attributes} class="contents"></div>`);
  const withNumbers = { ...islands, numberData: "/assets/number-data-H1pw0kkm.js" };

  it("reads the entry and its static imports, not what loads on demand, from the manifest", () => {
    expect(islands).toEqual({
      entry: "/assets/islands-C6bT4Abr.js",
      preloads: ["/assets/islands-rolldown-runtime-Wk.js", "/assets/islands-use-toast-AZ.js"],
      // Each file after the files it imports: the order one import would evaluate them in.
      pageIslands: { "contact-form": ["/assets/islands-form-Zd.js", "/assets/islands-contact-form-Cf.js"] },
    });
    expect(() => islandsFromManifest({ "_a.js": { file: "assets/a.js" } })).toThrow(/no entry/);
  });

  it("loads the islands after the first paint, and neither the router nor the page's modules", () => {
    const html = deferHydration(content, islands);
    const script = moduleScript(html);
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(
      script.indexOf('import("/assets/islands-C6bT4Abr.js")'),
    );
    expect(script).toContain('"/assets/islands-use-toast-AZ.js"');
    expect(html).not.toMatch(/entry\.client|root-B2A|home-CCw|manifest-0cde/);
    expect(html).not.toContain("__reactRouterContext");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-D4hNzvu8.css"/>');
  });

  it("evaluates each file in a task of its own, every file after what it imports, then starts the entry", async () => {
    const script = moduleScript(deferHydration(withForm(), islands));
    const steps: string[] = [];
    const preloaded: string[] = [];
    await runPageScript(script, {
      requestAnimationFrame: (callback: () => void) => setTimeout(callback),
      importModule: async (href: string) => {
        steps.push(`import ${href}`);
        return { start: () => steps.push("start") };
      },
      document: { head: { append: (link: { href: string }) => preloaded.push(link.href) }, createElement: () => ({}) },
      globalThis: { scheduler: { yield: async () => void steps.push("next task") } },
    });
    expect(steps).toEqual([
      "import /assets/islands-rolldown-runtime-Wk.js",
      "next task",
      "import /assets/islands-use-toast-AZ.js",
      "next task",
      "import /assets/islands-C6bT4Abr.js",
      "next task",
      "import /assets/islands-form-Zd.js",
      "next task",
      "import /assets/islands-contact-form-Cf.js",
      "next task",
      "import /assets/islands-C6bT4Abr.js",
      "start",
    ]);
    // All of them requested at once, the entry too: its download does not wait for the files before it.
    expect(preloaded).toEqual([
      "/assets/islands-rolldown-runtime-Wk.js",
      "/assets/islands-use-toast-AZ.js",
      "/assets/islands-C6bT4Abr.js",
      "/assets/islands-form-Zd.js",
      "/assets/islands-contact-form-Cf.js",
    ]);
  });

  it("preloads a page island's code on the pages that carry it, and only there", () => {
    const script = (html: string) => moduleScript(deferHydration(html, islands));
    expect(script(withForm())).toContain('"/assets/islands-form-Zd.js","/assets/islands-contact-form-Cf.js"');
    expect(script(content)).not.toContain("contact-form");
  });

  it("does not preload an island that waits for the visitor's first use, but lists its files for then", async () => {
    const script = moduleScript(deferHydration(withForm(' data-load="interaction"'), islands));
    const preloaded: string[] = [];
    const imported: string[] = [];
    const global: { __islandFiles?: unknown; scheduler: object } = { scheduler: { yield: async () => {} } };
    await runPageScript(script, {
      requestAnimationFrame: (callback: () => void) => setTimeout(callback),
      importModule: async (href: string) => {
        imported.push(href);
        return { start: () => {} };
      },
      document: { head: { append: (link: { href: string }) => preloaded.push(link.href) }, createElement: () => ({}) },
      globalThis: global,
    });
    expect(preloaded).toEqual([
      "/assets/islands-rolldown-runtime-Wk.js",
      "/assets/islands-use-toast-AZ.js",
      "/assets/islands-C6bT4Abr.js",
    ]);
    expect(imported.filter((href) => href.includes("form"))).toEqual([]);
    // The entry preloads them together when the visitor first uses the form.
    expect(global.__islandFiles).toEqual({
      "contact-form": ["/assets/islands-form-Zd.js", "/assets/islands-contact-form-Cf.js"],
    });
    expect(moduleScript(deferHydration(withForm(), islands))).not.toContain("__islandFiles");
    expect(moduleScript(deferHydration(content, islands))).not.toContain("__islandFiles");
  });

  it("starts the number-data worker after the first paint, only where an island's first render formats numbers", () => {
    const tool = withForm(' data-numbers="first-render"');
    const script = moduleScript(deferHydration(tool, withNumbers));
    const worker = script.indexOf('new Worker("/assets/number-data-H1pw0kkm.js")');
    expect(worker).toBeGreaterThan(script.indexOf("first-contentful-paint"));
    expect(worker).toBeLessThan(script.indexOf("modulepreload"));
    expect(moduleScript(deferHydration(content, withNumbers))).not.toContain("Worker");
    // A build without the worker writes no reference to it.
    expect(moduleScript(deferHydration(tool, islands))).not.toContain("Worker");
  });

  it("starts the number-data worker on the first use of an island whose answers format numbers", async () => {
    const tool = withForm(' data-numbers="first-use"');
    const listeners: Record<string, (event: { target: unknown }) => void> = {};
    const workers: string[] = [];
    class Worker {
      constructor(url: string) {
        workers.push(url);
      }
    }
    class Element {
      constructor(private readonly inIsland: boolean) {}
      closest(selector: string) {
        return selector === "[data-numbers]" && this.inIsland ? this : null;
      }
    }
    let aborted = false;
    const page = {
      requestAnimationFrame: (callback: () => void) => setTimeout(callback),
      importModule: async () => ({ start: () => {} }),
      globalThis: { scheduler: { yield: async () => {} } },
      Worker,
    };
    const head = { append: () => {} };
    await runPageScript(moduleScript(deferHydration(tool, withNumbers)), {
      ...page,
      document: {
        head,
        createElement: () => ({}),
        addEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
          (listeners[type] = listener),
      },
      location: { search: "" },
      Element,
      AbortController: class {
        signal = {};
        abort() {
          aborted = true;
        }
      },
    });
    expect(Object.keys(listeners).sort()).toEqual(["focusin", "keydown", "pointerdown"]);
    expect(workers).toEqual([]);
    listeners.pointerdown!({ target: new Element(false) });
    expect(workers).toEqual([]);
    listeners.focusin!({ target: new Element(true) });
    expect(workers).toEqual(["/assets/number-data-H1pw0kkm.js"]);
    expect(aborted).toBe(true);

    // A shared search answers without a touch: the worker starts at once.
    workers.length = 0;
    await runPageScript(moduleScript(deferHydration(tool, withNumbers)), {
      ...page,
      document: { head, createElement: () => ({}) },
      location: { search: "?q=kigali" },
    });
    expect(workers).toEqual(["/assets/number-data-H1pw0kkm.js"]);
  });

  it("keeps the router's hydration on a page that is not marked, islands or not", () => {
    expect(deferHydration(page, islands)).toBe(deferHydration(page));
    expect(deferHydration(page, islands)).toContain('import("/assets/entry.client-CJtHliKu.js")');
  });
});
