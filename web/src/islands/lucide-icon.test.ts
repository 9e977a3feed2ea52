import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon, { type LucideIconData } from "./lucide-icon.ts";

// The reference is lucide-react itself: it draws the prerendered pages, and the islands build hydrates
// them with lucide-icon.ts. Every icon the site imports, with each kind of props its components pass.
const lucideIndex = createRequire(import.meta.url)
  .resolve("lucide-react")
  .replace(/cjs[/\\]lucide-react\.js$/, "esm/lucide-react.mjs");
/** Each exported name (Menu, MenuIcon, LucideMenu…) and the icon file it comes from. */
const fileOf = new Map(
  [...readFileSync(lucideIndex, "utf8").matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g)].flatMap(
    ([, names = "", file = ""]) =>
      names.split(",").map((name) => [name.trim().replace(/^default as /, ""), file] as const),
  ),
);
const sources = readdirSync(join(import.meta.dirname, ".."), { recursive: true, encoding: "utf8" }).filter((file) =>
  /\.tsx?$/.test(file),
);
const used = new Set(
  sources.flatMap((file) =>
    [
      ...readFileSync(join(import.meta.dirname, "..", file), "utf8").matchAll(
        /import \{([^}]+)\} from "lucide-react"/g,
      ),
    ].flatMap(([, names = ""]) =>
      names
        .split(",")
        .map((name) => name.trim().split(/\s+as\s+/)[0] ?? "")
        .filter((name) => name && !name.startsWith("type ")),
    ),
  ),
);
const iconFiles = [...new Set([...used].map((name) => fileOf.get(name) ?? `missing: ${name}`))];

const propSets: Record<string, unknown>[] = [
  {},
  { "aria-hidden": "true", className: "size-5" },
  { "aria-hidden": "true", className: "size-4 shrink-0 text-primary lucide" },
  { "aria-label": "Close", className: "size-4" },
  { role: "img", "aria-labelledby": "x" },
  { className: "  spaced   out " },
  { size: 16, strokeWidth: 1.5, color: "red" },
  { width: 20, height: 18 },
  { "data-testid": "icon", style: { color: "blue" } },
];

describe("the islands' Lucide renderer", () => {
  it("finds the icons the site draws", () => {
    expect(used.size).toBeGreaterThan(50);
    expect(iconFiles.filter((file) => file.startsWith("missing"))).toEqual([]);
    expect(iconFiles).toContain("menu");
  });

  it("draws every icon as lucide-react does, with every kind of props the site passes", async () => {
    let compared = 0;
    for (const file of iconFiles) {
      const module = (await import(`lucide-react/icons/${file.replace(/\.mjs$/, "")}`)) as {
        __iconData: LucideIconData;
        default: ComponentType<object>;
      };
      const slim = createLucideIcon(module.__iconData) as ComponentType<object>;
      for (const props of propSets) {
        const reference = renderToStaticMarkup(createElement(module.default, props));
        expect(renderToStaticMarkup(createElement(slim, props)), `${file} ${JSON.stringify(props)}`).toBe(reference);
        compared++;
      }
      const titled = createElement("title", null, "Menu");
      expect(renderToStaticMarkup(createElement(slim, {}, titled)), file).toBe(
        renderToStaticMarkup(createElement(module.default, {}, titled)),
      );
    }
    expect(compared).toBe(iconFiles.length * propSets.length);
  });
});
