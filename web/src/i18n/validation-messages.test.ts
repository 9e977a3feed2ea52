import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "#contracts/languages.ts";

/**
 * The catalog sections that say a contract's validation messages (decision 0004). Their English is
 * the contract's; every translation keeps the English figures (lengths, limits, example numbers),
 * so a translated "at most 253 characters" can't drift to another number.
 */
const sections: Array<[string, string]> = [
  ["contact.json", "validation"],
  ["advisor.json", "validation"],
  ["payment.json", "validation"],
  ["vps.json", "validation"],
  ["domains.json", "validation"],
  ["domains.json", "order.validation"],
];
const root = path.resolve(import.meta.dirname, "../../..");
const section = (language: string, file: string, dotted: string) =>
  dotted
    .split(".")
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key],
      JSON.parse(readFileSync(path.join(root, "web/src/i18n/locales", language, file), "utf8")),
    ) as Record<string, string>;
/** The figures of a message, read through thousands grouping ("1\u00a0000" is 1000). */
const figures = (text: string | undefined) =>
  (text?.replace(/(\d)[\u00a0\u202f ](?=\d{3}\b)/g, "$1").match(/\d+/g) ?? []).sort();

describe.each(languages.filter((language) => language !== "en"))("validation messages in %s", (language) => {
  it.each(sections)("%s %s keeps every figure of the English message", (file, dotted) => {
    const english = section("en", file, dotted);
    const translated = section(language, file, dotted);
    for (const [code, text] of Object.entries(english))
      expect(figures(translated[code]), `${file} ${dotted}.${code}`).toEqual(figures(text));
  });
});
