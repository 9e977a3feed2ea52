import { useMemo } from "react";
import type { Explanation, Recommendation } from "#contracts/advisor.ts";
import { serviceCategories } from "#content/services.ts";
import { hostingOptions, skillNames, stackTemplates } from "#content/stack-catalog.ts";
import { useContent } from "../../i18n/content.ts";
import { useLanguage } from "../../i18n/use-language.ts";

/**
 * The advisor's plans come from the server (and saved projects) with the English words of
 * content/stack-catalog.ts and content/services.ts in them. This puts them in the page's
 * language, matching each English string to the same place in the content overlay.
 */

/** Every English string of a content value, paired with the string at the same place in its translation. */
function pairStrings(english: unknown, local: unknown, into: Map<string, string>): void {
  if (typeof english === "string") {
    if (typeof local === "string" && local !== english && !into.has(english)) into.set(english, local);
    return;
  }
  if (Array.isArray(english)) {
    if (Array.isArray(local)) english.forEach((item, index) => pairStrings(item, local[index], into));
    return;
  }
  if (english && typeof english === "object" && local && typeof local === "object") {
    for (const [key, value] of Object.entries(english))
      pairStrings(value, (local as Record<string, unknown>)[key], into);
  }
}

const english = { stackTemplates, hostingOptions, skillNames };

export function usePlanLocalizer(): (plan: Recommendation) => Recommendation {
  const catalog = useContent("stack-catalog", english);
  const services = useContent("services", { serviceCategories });
  const language = useLanguage();

  return useMemo(() => {
    const words = new Map<string, string>();
    // Service and stack names first: they are what plans quote most.
    pairStrings({ serviceCategories }, services, words);
    pairStrings(english, catalog, words);
    if (words.size === 0) return (plan: Recommendation) => plan;

    const word = (text: string) => words.get(text) ?? text;
    // Skills arrive joined ("JavaScript, TypeScript"): translate each name.
    const param = (value: string | number) =>
      typeof value !== "string"
        ? value
        : words.has(value)
          ? word(value)
          : value.includes(", ")
            ? value.split(", ").map(word).join(", ")
            : value;
    const explanation = (e: Explanation): Explanation => ({
      ...e,
      params: Object.fromEntries(Object.entries(e.params).map(([key, value]) => [key, param(value)])),
    });

    return (plan: Recommendation): Recommendation => {
      const template = catalog.stackTemplates.find((stack) => stack.id === plan.stackId);
      const englishTemplate = stackTemplates.find((stack) => stack.id === plan.stackId);
      return {
        ...plan,
        // Saved plans keep the words they were made with; only the catalogue's own text is swapped.
        name: template && plan.name === englishTemplate?.name ? template.name : word(plan.name),
        summary: template && plan.summary === englishTemplate?.summary ? template.summary : word(plan.summary),
        choices: plan.choices.map((choice) => ({
          ...choice,
          technologies: choice.technologies.map(word),
          reason: explanation(choice.reason),
        })),
        reasons: plan.reasons.map(explanation),
        tradeOffs: plan.tradeOffs.map(explanation),
        services: plan.services.map((service) => ({ name: word(service.name), category: word(service.category) })),
      };
    };
    // The overlays are fixed for a language: rebuild the table only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
}
