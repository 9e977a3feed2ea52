import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandPlaceholders, englishContent, untranslatedContentKeys } from "#content/locales/english.ts";
import { languages } from "#contracts/languages.ts";

/**
 * Every translated catalog has every key of the English one (with the plural forms its
 * language needs), the same placeholders, and nothing extra; content overlays have the
 * English content's exact shape and keep identifiers unchanged.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const translated = languages.filter((language) => language !== "en");
/** The staff area stays English. */
const staffOnly = new Set(["admin", "chat-console", "payments-admin", "vps-admin", "domains-admin"]);
const names = (dir: string) =>
  readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".json") && !staffOnly.has(f.slice(0, -5)));
const pluralForms = (language: string) =>
  new Intl.PluralRules(language === "rw" ? "en" : language).resolvedOptions().pluralCategories;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/?(\d+)>|\$t\([^)]*\)/g)].map((m) => m[0].replace(/\s/g, "")).sort();

function compare(
  english: unknown,
  other: unknown,
  where: string,
  language: string,
  content: boolean,
  problems: string[],
): void {
  if (typeof english === "string") {
    if (typeof other !== "string") return void problems.push(`${where}: not a string`);
    const key =
      where
        .split(".")
        .filter((part) => !/^\d+$/.test(part))
        .pop() ?? "";
    if (content && untranslatedContentKeys.has(key) && brandPlaceholders(english) !== other)
      problems.push(`${where}: identifier changed`);
    if (placeholders(english).join() !== placeholders(other).join()) problems.push(`${where}: placeholders differ`);
    if (!other.trim()) problems.push(`${where}: empty`);
    return;
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(other) || other.length !== english.length)
      return void problems.push(`${where}: expected ${english.length} items`);
    english.forEach((item, index) => compare(item, other[index], `${where}.${index}`, language, content, problems));
    return;
  }
  if (english && typeof english === "object") {
    if (!other || typeof other !== "object") return void problems.push(`${where}: not an object`);
    const expected = new Map<string, unknown>();
    for (const [key, value] of Object.entries(english)) {
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (plural && !content) {
        for (const form of pluralForms(language))
          expected.set(`${plural[1]}_${form}`, (english as Record<string, unknown>)[`${plural[1]}_other`] ?? value);
      } else expected.set(key, value);
    }
    for (const [key, value] of expected) {
      if (!(key in other)) problems.push(`${where}.${key}: missing`);
      else compare(value, (other as Record<string, unknown>)[key], `${where}.${key}`, language, content, problems);
    }
    for (const key of Object.keys(other)) if (!expected.has(key)) problems.push(`${where}.${key}: not in English`);
    return;
  }
  if (english !== other) problems.push(`${where}: should stay ${JSON.stringify(english)}`);
}

describe.each(translated)("the %s catalogs", (language) => {
  it.each(names("web/src/i18n/locales/en").map((file) => [file]))("web %s matches English", (file) => {
    const problems: string[] = [];
    const own = `web/src/i18n/locales/${language}/${file}`;
    expect(existsSync(path.join(root, own)), own).toBe(true);
    compare(read(`web/src/i18n/locales/en/${file}`), read(own), file, language, false, problems);
    expect(problems).toEqual([]);
  });

  it.each(names("server/locales/en").map((file) => [file]))("server %s matches English", (file) => {
    const problems: string[] = [];
    const own = `server/locales/${language}/${file}`;
    expect(existsSync(path.join(root, own)), own).toBe(true);
    compare(read(`server/locales/en/${file}`), read(own), file, language, false, problems);
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(englishContent).map((module) => [module]))(
    "content overlay %s has the English content's shape",
    (module) => {
      const problems: string[] = [];
      const english = JSON.parse(
        brandPlaceholders(JSON.stringify(englishContent[module as keyof typeof englishContent])),
      );
      compare(english, read(`content/locales/${language}/${module}.json`), module, language, true, problems);
      expect(problems).toEqual([]);
    },
  );

  it("has a glossary of the company's terms", () => {
    const glossary = read(`content/glossary/${language}.json`) as Record<string, string>[];
    expect(glossary.length).toBeGreaterThanOrEqual(20);
    for (const entry of glossary) {
      expect(entry.en?.trim()).toBeTruthy();
      expect(entry[language]?.trim()).toBeTruthy();
    }
  });

  it("lists the strings no native speaker has reviewed yet, each of which exists", () => {
    const review = read(`web/src/i18n/review/${language}.json`) as { unreviewed: Record<string, "*" | string[]> };
    for (const [file, keys] of Object.entries(review.unreviewed)) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      if (keys === "*") continue;
      const catalog = read(file);
      for (const key of keys) {
        const value = key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
        expect(typeof value, `${file}: ${key}`).toBe("string");
      }
    }
  });
});
