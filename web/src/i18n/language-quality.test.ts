import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandPlaceholders, englishContent, untranslatedContentKeys } from "#content/locales/english.ts";
import { type Language, languages } from "#contracts/languages.ts";

/**
 * What a native speaker would catch, checked by machine so it does not come back: English left
 * in a translation, machine-translation debris, counts without a plural rule, French
 * typography, Title Case where the language writes sentence case, and the glossary's
 * terminology (each glossary entry names the words it replaces; none may appear).
 * catalogs.test.ts checks keys, placeholders and plural forms; this file checks the words.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const translated = languages.filter((language) => language !== "en");
/** The staff area stays English. */
const staffOnly = new Set(["admin", "chat-console", "payments-admin", "vps-admin", "domains-admin"]);
const jsonFiles = (dir: string) =>
  readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".json") && !staffOnly.has(f.slice(0, -5)));

interface Entry {
  /** file and dot path, for messages */
  where: string;
  /** the key with plural suffix removed */
  key: string;
  text: string;
  /** the English text of the same key, when there is one */
  english?: string;
  plural: boolean;
}

function walk(node: unknown, english: unknown, where: string, key: string, content: boolean, out: Entry[]): void {
  if (typeof node === "string") {
    if (content && untranslatedContentKeys.has(key)) return;
    const plural = /_(zero|one|two|few|many|other)$/.test(where);
    out.push({ where, key, text: node, english: typeof english === "string" ? english : undefined, plural });
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, index) =>
      walk(item, Array.isArray(english) ? english[index] : undefined, `${where}.${index}`, key, content, out),
    );
    return;
  }
  if (node && typeof node === "object") {
    const source = (english ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(node)) {
      const base = k.replace(/_(zero|one|two|few|many|other)$/, "");
      const counterpart = source[k] ?? source[`${base}_other`] ?? source[base];
      walk(v, counterpart, `${where}.${k}`, base, content, out);
    }
  }
}

/** Every visitor-facing string of a language, paired with its English. */
function strings(language: Language): Entry[] {
  const out: Entry[] = [];
  for (const dir of ["web/src/i18n/locales", "server/locales"])
    for (const file of jsonFiles(`${dir}/en`)) {
      const english = read(`${dir}/en/${file}`);
      walk(
        language === "en" ? english : read(`${dir}/${language}/${file}`),
        english,
        `${dir}/${language}/${file}:`,
        "",
        false,
        out,
      );
    }
  for (const [module, value] of Object.entries(englishContent)) {
    const english = JSON.parse(brandPlaceholders(JSON.stringify(value))) as unknown;
    const own = language === "en" ? english : read(`content/locales/${language}/${module}.json`);
    walk(own, english, `content/locales/${language}/${module}.json:`, "", true, out);
  }
  return out;
}

/** Placeholders, nested keys and markup carry no words of their own. */
const words = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>/g, " ")
    .replace(/https?:\/\/\S+|\S+@\S+\.\S+|\b[\w-]+(\.[\w-]+)+\b|\b[a-z]+(-[a-z]+){2,}\b/g, " ");

/** Names every language keeps as they are (brands, products, places, technologies), and per language the few English words in use. */
const names = read("content/glossary/names.json") as { everywhere: string[] } & Partial<Record<Language, string[]>>;
const reviewFile = (language: Language) => ({ properNouns: [...names.everywhere, ...(names[language] ?? [])] });

interface GlossaryEntry {
  en: string;
  note?: string;
  /** Words this entry replaces: none of them may appear in the language's strings. */
  avoid?: string[];
  [language: string]: unknown;
}

const all = Object.fromEntries(languages.map((language) => [language, strings(language)])) as Record<Language, Entry[]>;

describe("every language", () => {
  it.each(languages.map((language) => [language]))("%s has no machine-translation debris", (language) => {
    const problems: string[] = [];
    for (const { where, key, text, english } of all[language as Language]) {
      const say = (what: string) => problems.push(`${where} ${what}: ${JSON.stringify(text)}`);
      const edges = (value: string) => [/^\s*/.exec(value)?.[0], /\s*$/.exec(value)?.[0]].join("|");
      if (edges(text) !== edges(english ?? text)) say("starts or ends with other spacing than the English");
      if (/ {2,}/.test(text)) say("has a double space");
      if (/&(amp|quot|apos|lt|gt|nbsp|#\d+);/.test(text)) say("has an HTML entity");
      if (/\u200b|\u200c|\u200d|\ufeff|\ufffd/.test(text)) say("has an invisible or broken character");
      if (/\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum|\[(MT|machine|translate)/i.test(text)) say("has a note left in");
      if (/\{\{\s+|\s+\}\}|\{\s\{|\}\s\}/.test(text)) say("has a broken placeholder");
      if (/(^|[^{])\{[a-z]+\}(?!\})|%s|%d|\$\{/.test(text)) say("has a placeholder of another syntax");
      for (const [open, close] of [
        ["(", ")"],
        ["«", "»"],
        ["“", "”"],
      ] as const)
        if (text.split(open).length !== text.split(close).length) say(`has unbalanced ${open}${close}`);
      if (/keywords$/i.test(key)) continue;
      const repeated = /(?<![\p{L}'’])(\p{L}{3,}) \1(?![\p{L}])/iu.exec(words(text));
      if (repeated && !reduplication.has(repeated[1]!.toLowerCase())) say(`repeats "${repeated[1]}"`);
    }
    expect(problems).toEqual([]);
  });

  it.each(languages.map((language) => [language]))("%s puts every count through a plural rule", (language) => {
    const problems: string[] = [];
    for (const { where, text, plural } of all[language as Language]) {
      // "month(s)", "an(s)", "image(s)": the reader sees the grammar's workaround.
      if (/\p{L}\((s|es|x|e|n)\)/u.test(text)) problems.push(`${where} writes a plural as "(s)": ${text}`);
      // "mwaka/miaka {{years}}", "umwaka/imyaka {{years}}": the same workaround with a slash.
      if (/\p{Ll}\/\p{Ll}+\s+\{\{|\}\}\s+\p{Ll}+\/\p{Ll}/u.test(text))
        problems.push(`${where} writes a plural as "a/b": ${text}`);
      // "{{count}} requests", "Faili {{count}}": the noun next to the number needs the plural rule.
      // A number followed by a unit ("Ihererekanya {{count}} TB") counts the unit, which has one form.
      const counted = /(\p{L}{3,})\s+\{\{\s*count\s*\}\}(?!\s+\p{Lu}{2})|\{\{\s*count\s*\}\}\s+(\p{L}{3,})/u.exec(text);
      if (counted && !plural && !units.test(counted[1] ?? counted[2] ?? ""))
        problems.push(`${where} counts "${counted[0]}" without plural forms`);
    }
    // In English, a number placeholder right before a plural noun is a count in disguise.
    if (language === "en")
      for (const { where, text, plural } of all.en)
        if (
          !plural &&
          /(?<!-)\{\{\s*\w+\s*\}\}\s+(months|years|days|hours|minutes|seconds|images|items|weeks)\b/.test(text)
        )
          problems.push(`${where} counts without a plural rule: ${text}`);
    expect(problems).toEqual([]);
  });
});

/** Units and abbreviations, the same for one and many. */
const units = /^(v?CPU|vCPU|RAM|SSD|GB|TB|MB|Go|To|Mo|KB|kB|ms)$/;

/** Words that are doubled on purpose. */
const reduplication = new Set([
  "nous",
  "vous",
  "hiyo",
  "huyo",
  "rumwe",
  "pole",
  "bega",
  "buhoro",
  "kimwe",
  "hatua",
  "moja",
  "umwe",
  "kimoja",
]);

/** Common English words that have no business in a Swahili, Kinyarwanda or French sentence. */
const englishWords =
  /\b(the|and|your|you|our|with|from|this|that|please|click|here|will|have|has|are|was|were|which|about|more|than|into|when|where|what|free|now|get|send|order|price|search|learn|read|view|back|next|total|year|month|help|team)\b/i;

describe.each(translated)("the %s words", (language) => {
  const entries = all[language];
  const review = reviewFile(language);
  const glossary = read(`content/glossary/${language}.json`) as GlossaryEntry[];

  it("leave no English untranslated", () => {
    const problems: string[] = [];
    for (const { where, key, text, english } of entries) {
      if (/keywords$/i.test(key)) continue;
      const own = words(text);
      if (
        english !== undefined &&
        text === english &&
        /\p{L}{3,}/u.test(withoutProperNouns(own, review)) &&
        !properOnly(own, review)
      )
        problems.push(`${where} is the English: ${JSON.stringify(text)}`);
      else if (language !== "fr" || !/\b(free|send|order|price|total|search|view|back|next|help|team)\b/i.test(own)) {
        // Header names and values quoted from code (ALLOW-FROM) are not English prose.
        const hit = englishWords.exec(withoutProperNouns(own, review).replace(/\b\p{Lu}{2,}(-\p{Lu}+)*\b/gu, " "));
        if (hit) problems.push(`${where} has the English word "${hit[0]}": ${JSON.stringify(text)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("write headings, buttons and labels in sentence case", () => {
    const problems: string[] = [];
    const proper = new Set(review.properNouns ?? []);
    for (const { where, key, text, english } of entries) {
      if (/keywords$/i.test(key)) continue;
      // Words capitalised in the English too (names of people, places, products) stay capitalised.
      const inEnglish = new Set((english ?? "").split(/[^\p{L}\p{N}'’-]+/u));
      const sentences = withoutProperNouns(words(text), review).split(
        /\n|(?<=[.!?:;…»])\s+|\d\.\s|\s[–—-]\s|\(|"|«\s?|“/,
      );
      const capitalised = sentences.flatMap((sentence) =>
        sentence
          .trim()
          .split(/[\s/]+/)
          .slice(1)
          .flatMap((word) => word.split(/(?<=\p{L}['’])/u))
          .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}\p{N}'’-]+$/gu, ""))
          .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !proper.has(word) && !inEnglish.has(word)),
      );
      if (capitalised.length > 0)
        problems.push(`${where} capitalises ${capitalised.join(", ")}: ${JSON.stringify(text)}`);
    }
    expect(problems).toEqual([]);
  });

  it("follow the glossary: one term for each thing", () => {
    expect(glossary.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const entry of glossary) {
      expect(typeof entry[language] === "string" && entry[language].trim(), entry.en).toBeTruthy();
      expect(seen.has(entry.en), `glossary repeats "${entry.en}"`).toBe(false);
      seen.add(entry.en);
      for (const avoided of entry.avoid ?? []) {
        const pattern = new RegExp(
          `(?<![\\p{L}'’])${avoided.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`,
          "iu",
        );
        // Search keywords list the words visitors type, avoided ones included.
        for (const { where, key, text } of entries)
          if (!/keywords$/i.test(key) && pattern.test(text))
            problems.push(
              `${where} says "${avoided}" where the glossary says "${String(entry[language])}" (${entry.en})`,
            );
      }
    }
    expect(problems).toEqual([]);
  });

  if (language === "fr")
    it("follow French typography", () => {
      const problems: string[] = [];
      for (const { where, key, text } of entries) {
        const own = words(text).replace(/\bhttps?:|\d:\d/g, "");
        const say = (what: string) => problems.push(`${where} ${what}: ${JSON.stringify(text)}`);
        if (/ [:;?!»]|« /.test(own))
          say("has an ordinary space where French wants a non-breaking one (npm run i18n:french-spacing)");
        if (/[\p{L}\p{N})][;?!»]|«[\p{L}\p{N}]/u.test(own)) say("has no space where French wants a non-breaking one");
        // Markup and header values quoted from code keep their straight quotes.
        if (/"/.test(own.replace(/<[^>]*>|[\w-]+="[^"]*"/g, ""))) say("uses straight quotes (« » in French)");
        // Amounts group their thousands (1 000); years, ports, phone numbers and codes do not.
        const ungrouped = (key === "port" ? "" : own)
          .match(/(?<![\p{L}\d.,:/=×-]|RFC )\d{4,8}(?![\d:/×])/gu)
          ?.filter((n) => !/^(19|20)\d\d$/.test(n));
        if (ungrouped?.length) say(`writes ${ungrouped.join(", ")} without grouping the thousands`);
      }
      expect(problems).toEqual([]);
    });
});

/**
 * True when a string is only names the language keeps as they are: listed ones, acronyms and
 * technical names (HTTPS, TypeScript), or a capitalised multi-word name (Total Blocking Time,
 * University of Rwanda).
 */
function properOnly(text: string, review: { properNouns?: string[] }): boolean {
  const rest = withoutProperNouns(text, review)
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((word) => /\p{L}/u.test(word));
  if (rest.every((word) => /\p{Lu}.*\p{Lu}|\d/u.test(word))) return true;
  const connectors = new Set(["of", "and", "for", "de", "-"]);
  return rest.length >= 2 && rest.every((word) => connectors.has(word) || /^\p{Lu}/u.test(word));
}

function withoutProperNouns(text: string, review: { properNouns?: string[] }): string {
  let out = text;
  for (const name of [...(review.properNouns ?? [])].sort((a, b) => b.length - a.length))
    out = out.replace(new RegExp(`(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "gu"), " ");
  return out;
}
