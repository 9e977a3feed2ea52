import type { Language } from "#contracts/languages.ts";

/** What a visitor asks for; the eval prints accuracy per kind. */
export const evalKinds = [
  "services",
  "service-detail",
  "prices",
  "how-to",
  "company",
  "handover",
  "small-talk",
  "off-topic",
  "abuse",
  "injection",
  "privacy",
  "competitor",
  "unknown",
] as const;
export type EvalKind = (typeof evalKinds)[number];

/**
 * One visitor question and what a correct answer must (and must not) say. Strings are compared
 * lower-cased, without accents, with digit-group separators removed ("RWF 8,000" = "rwf 8000");
 * a string group is alternatives (any one will do); a RegExp is tried on the raw answer.
 */
export type Expectation = string | RegExp | readonly (string | RegExp)[];

export interface EvalCase {
  id: string;
  /** The language the visitor writes in: the answer must be in it. */
  lang: Language;
  /** The page the visitor writes from (its language is only a hint); default "en". */
  page?: Language;
  kind: EvalKind;
  q: string;
  /** Earlier visitor messages in the same chat: the case is a follow-up. */
  before?: readonly string[];
  /** Each must be found. */
  must?: readonly Expectation[];
  /** None may be found. */
  not?: readonly Expectation[];
  /** Must the answer hand the chat to a person? Default: only for kind "handover". */
  handover?: boolean;
  /** A path the answer must link to, without the language prefix ("/vps-hosting"). */
  link?: string;
}

type Options = Omit<EvalCase, "id" | "lang" | "kind" | "q">;

/** Builds cases with ids numbered per file: `dev-en-12`. */
export function caseBuilder(prefix: string) {
  const counters = new Map<string, number>();
  return (lang: Language, kind: EvalKind, q: string, options: Options = {}): EvalCase => {
    const n = (counters.get(lang) ?? 0) + 1;
    counters.set(lang, n);
    return { id: `${prefix}-${lang}-${n}`, lang, kind, q, ...options };
  };
}
