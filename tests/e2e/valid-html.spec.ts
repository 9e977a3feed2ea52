import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { expect, test } from "./fixtures.ts";

/**
 * Every prerendered page is valid HTML: no error from
 * html-validate's recommended rules (.htmlvalidate.json turns off only the pure style rules:
 * attribute case, boolean and empty attribute style, void element style; ids are checked as HTML5 defines them).
 */
const validator = new HtmlValidate(new FileSystemConfigLoader());
const BUILD = path.resolve("build/client");

async function problems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, path.join(process.cwd(), `${name}.html`));
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${name}: ${m.ruleId} ${m.message} (${m.selector ?? `line ${m.line}`})`),
  );
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

test("every prerendered page, the 404 pages and the app shell are valid HTML", async () => {
  const files = htmlFiles(BUILD);
  // Nine content pages, the four tools, /payment and the 404 page in four languages, and the SPA fallback.
  expect(files.length).toBeGreaterThanOrEqual(61);
  const found: string[] = [];
  for (const file of files) found.push(...(await problems(readFileSync(file, "utf8"), path.relative(BUILD, file))));
  expect(found).toEqual([]);
});
