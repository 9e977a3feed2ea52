import { suggestionPrefixes, suggestionSuffixes } from "#content/domains.ts";

/** Words a name often ends with: "kigalitech" -> "kigali-tech". */
const HYPHEN_WORDS = [
  "tech",
  "africa",
  "online",
  "shop",
  "store",
  "hub",
  "labs",
  "digital",
  "cloud",
  "group",
  "solutions",
  "media",
  "studio",
  "kigali",
  "rwanda",
  "kenya",
  "uganda",
];

/**
 * Other names worth checking: prefixes, suffixes and a hyphenated form. Only LDH labels within 63
 * characters; never the label itself.
 */
export function suggestLabels(label: string, limit = 6): string[] {
  if (label.startsWith("xn--") || label.length < 2) return [];
  const out: string[] = [];
  for (const word of HYPHEN_WORDS) {
    if (label.endsWith(word) && label.length > word.length && !label.includes("-"))
      out.push(`${label.slice(0, -word.length)}-${word}`);
    else if (label.startsWith(word) && label.length > word.length && !label.includes("-"))
      out.push(`${word}-${label.slice(word.length)}`);
  }
  for (const prefix of suggestionPrefixes) out.push(`${prefix}${label}`);
  for (const suffix of suggestionSuffixes) if (!label.endsWith(suffix)) out.push(`${label}${suffix}`);
  return [...new Set(out)]
    .filter((candidate) => candidate !== label && candidate.length <= 63 && !/^-|-$/.test(candidate))
    .slice(0, limit);
}
