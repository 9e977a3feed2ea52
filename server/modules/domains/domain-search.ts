import {
  type DomainCandidate,
  type DomainResult,
  type ParsedQuery,
  parseDomainQuery,
  type TldPrice,
  tldProblem,
} from "#contracts/domains.ts";
import { tr46Idna } from "#server/lib/idna.ts";
import type { AvailabilityChecker } from "./availability-service.ts";
import { suggestLabels } from "./domain-suggestions.ts";

function unicodeOf(label: string, unicodeLabel: string, candidate: string): string {
  return candidate === label ? unicodeLabel : candidate;
}

/**
 * The names to check for a search box entry: the typed TLD first (if any), then every other TLD
 * on sale, then suggestions on the typed TLD and .com. TLD rules (IDN refusal, lengths) mark a
 * row with its problem instead of checking it.
 */
export function searchCandidates(
  parsed: Extract<ParsedQuery, { ok: true }>,
  catalog: TldPrice[],
  withSuggestions: boolean,
): DomainCandidate[] {
  const ordered = parsed.tld
    ? [catalog.find((t) => t.tld === parsed.tld)!, ...catalog.filter((t) => t.tld !== parsed.tld)]
    : catalog;
  const rows: DomainCandidate[] = ordered.map((price, index) => {
    const problem = tldProblem(parsed.label, parsed.unicodeLabel, price);
    return {
      name: `${parsed.label}.${price.tld}`,
      unicodeName: `${parsed.unicodeLabel}.${price.tld}`,
      tld: price.tld,
      kind: parsed.tld && index === 0 ? "exact" : "tld",
      ...(problem ? { problem } : {}),
    };
  });
  if (withSuggestions) {
    const suggestionTlds = [...new Set([parsed.tld ?? catalog[0]!.tld, "com"])]
      .map((tld) => catalog.find((t) => t.tld === tld))
      .filter((t): t is TldPrice => Boolean(t));
    for (const label of suggestLabels(parsed.label)) {
      for (const price of suggestionTlds) {
        if (tldProblem(label, label, price)) continue;
        rows.push({
          name: `${label}.${price.tld}`,
          unicodeName: `${unicodeOf(parsed.label, parsed.unicodeLabel, label)}.${price.tld}`,
          tld: price.tld,
          kind: "suggestion",
        });
      }
    }
  }
  return rows;
}

/** Checks every candidate at once and hands each answer over as soon as it arrives. */
export async function checkAll(
  checker: AvailabilityChecker,
  candidates: DomainCandidate[],
  onResult: (result: DomainResult) => void,
): Promise<void> {
  await Promise.all(
    candidates
      .filter((candidate) => !candidate.problem)
      .map(async (candidate) => {
        const { registration: _registration, ...result } = await checker.check(candidate.name, candidate.tld);
        onResult(result);
      }),
  );
}

export function parseQuery(q: string, catalog: TldPrice[]) {
  return parseDomainQuery(q, catalog, tr46Idna);
}
