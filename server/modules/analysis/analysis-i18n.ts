import type { Language } from "#contracts/languages.ts";
import { serverT } from "../../lib/i18n.ts";

/** Vars for a message; `count` picks the plural form. */
export type WordVars = Record<string, unknown>;

/** The analysis's words for one key (server/locales/<lang>/analysis.json). */
export type Translate = (key: string, vars?: WordVars) => string;

/**
 * The analysis's words in `lng` when the caller captured one (a queued run, written after the
 * request that asked for it may have finished), otherwise in the current request's language.
 */
export function analysisT(lng?: Language): Translate {
  return (key, vars = {}) => serverT(key, { ...vars, ns: "analysis", lng });
}

/** A message that can be said again in another language: errors keep English for the logs. */
export type Words = (lng?: Language) => string;

export function words(key: string, vars: WordVars = {}): Words {
  return (lng) => analysisT(lng)(key, vars);
}
