import type { AdvisorAnswers, AdvisorResult, Explanation, Recommendation } from "#contracts/advisor.ts";
import { serviceCategories } from "#content/services.ts";
import {
  budgetBandsUsd,
  exchangeRates,
  hostingOptions,
  pricingFactors,
  projectPricing,
  skillNames,
  stackTemplates,
  type SkillKey,
  type Capability,
  type StackTemplate,
} from "#content/stack-catalog.ts";

/** Below this a stack is not offered for the kind of project at all. */
const MIN_TYPE_FIT = 8;
const BASE_SCORE = 40;

const explain = (code: string, params: Explanation["params"] = {}): Explanation => ({ code, params });
const list = (items: readonly SkillKey[]) => items.map((skill) => skillNames[skill]).join(", ");

function chooseHosting(answers: AdvisorAnswers): { key: keyof typeof hostingOptions; reason: Explanation } {
  if (answers.hosting !== "no-preference") {
    return { key: answers.hosting, reason: explain("choice.hosting.preferred") };
  }
  if (answers.mustHaves.includes("regulated-data"))
    return { key: "local-dc", reason: explain("choice.hosting.regulated") };
  if (answers.audience === "large" || answers.growth === "fast")
    return { key: "cloud", reason: explain("choice.hosting.scale") };
  return { key: "company-vps", reason: explain("choice.hosting.budget") };
}

/** Rounds a price to two significant figures, the way a quote reads. */
function roundPrice(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

function estimate(stack: StackTemplate, answers: AdvisorAnswers) {
  const base = projectPricing[answers.projectType];
  const factor =
    pricingFactors.audience[answers.audience] *
    pricingFactors.effort[stack.effort] *
    (1 + pricingFactors.perMustHave * answers.mustHaves.length);
  const rate = exchangeRates[answers.currency];
  return {
    usd: { min: base.minUsd * factor, max: base.maxUsd * factor },
    delivery: {
      minWeeks: Math.max(1, Math.round(base.minWeeks * factor)),
      maxWeeks: Math.max(2, Math.round(base.maxWeeks * factor)),
    },
    cost: {
      currency: answers.currency,
      min: roundPrice(base.minUsd * factor * rate),
      max: roundPrice(base.maxUsd * factor * rate),
    },
  };
}

function servicesFor(names: string[]): Recommendation["services"] {
  const seen = new Set<string>();
  const result: Recommendation["services"] = [];
  for (const name of names) {
    if (seen.has(name)) continue;
    const category = serviceCategories.find((c) => c.services.some((s) => s.name === name));
    if (!category) continue;
    seen.add(name);
    result.push({ name, category: category.title });
  }
  return result;
}

function score(stack: StackTemplate, answers: AdvisorAnswers): Recommendation | null {
  const typeFit = stack.fit[answers.projectType] ?? 0;
  if (typeFit < MIN_TYPE_FIT) return null;
  let points = BASE_SCORE + typeFit;
  const reasons: Explanation[] = [explain(`reason.type.${answers.projectType}`, { stack: stack.name })];
  const tradeOffs: Explanation[] = stack.tradeOffs.map((code) => explain(code));

  // The team's skills: productive from day one, or something to learn.
  const skills = answers.skills.filter((s) => s !== "none");
  const shared = stack.skills.filter((s) => (skills as string[]).includes(s));
  if (shared.length > 0) {
    points += 12;
    reasons.push(explain("reason.teamKnows", { skills: list(shared) }));
  } else if (skills.length > 0) {
    points -= answers.timeline === "urgent" ? 10 : 6;
    tradeOffs.push(explain("tradeoff.newSkills", { skills: list(stack.skills) }));
  } else {
    reasons.push(explain("reason.weBuildAndTrain"));
  }

  // Must-haves the stack handles well or badly.
  for (const need of answers.mustHaves as Capability[]) {
    if (stack.strengths.includes(need)) {
      points += 4;
      reasons.push(explain(`reason.supports.${need}`));
    } else if (stack.weaknesses.includes(need)) {
      points -= 8;
      tradeOffs.push(explain(`tradeoff.weak.${need}`));
    }
  }

  // Audience and growth.
  const bigOrFast = answers.audience === "large" || answers.growth === "fast";
  if (bigOrFast && stack.scale !== "large") {
    points -= 10;
    tradeOffs.push(explain("tradeoff.scaleLimit"));
  } else if (bigOrFast) {
    points += 5;
    reasons.push(explain("reason.scales"));
  }

  // Budget and timeline against the effort the stack takes.
  const quote = estimate(stack, answers);
  const band = budgetBandsUsd[answers.budget];
  if ("max" in band && quote.usd.min > band.max) {
    points -= 10;
    tradeOffs.push(explain("tradeoff.overBudget"));
  } else if (answers.budget === "low" && stack.effort === 1) {
    points += 6;
    reasons.push(explain("reason.budgetFriendly"));
  }
  if (answers.timeline === "urgent" && stack.effort === 1) {
    points += 5;
    reasons.push(explain("reason.quickToBuild"));
  } else if (answers.timeline === "urgent" && stack.effort === 3) {
    points -= 6;
    tradeOffs.push(explain("tradeoff.slowerToBuild"));
  }

  const hosting = chooseHosting(answers);
  if (answers.mustHaves.includes("regulated-data") && hosting.key === "cloud") {
    tradeOffs.push(explain("tradeoff.dataResidency"));
  }

  const needs = answers.mustHaves;
  const frontendReason =
    answers.projectType === "mobile-app" && stack.frontend.includes("Flutter")
      ? explain("choice.frontend.mobile")
      : needs.includes("offline") && stack.strengths.includes("offline")
        ? explain("choice.frontend.offline")
        : needs.includes("multilingual") && stack.strengths.includes("multilingual")
          ? explain("choice.frontend.multilingual")
          : explain("choice.frontend.default");
  const backendReason =
    shared.length > 0
      ? explain("choice.backend.teamSkills", { skills: list(shared) })
      : needs.includes("real-time") && stack.strengths.includes("real-time")
        ? explain("choice.backend.realtime")
        : needs.includes("mobile-money") && stack.strengths.includes("mobile-money")
          ? explain("choice.backend.mobileMoney")
          : explain("choice.backend.default");
  const databaseReason = needs.includes("regulated-data")
    ? explain("choice.database.regulated")
    : explain("choice.database.default");
  const hostingOption = hostingOptions[hosting.key];

  const extraServices = [
    ...(needs.includes("regulated-data")
      ? ["Data Protection Compliance", "Security Audits & Penetration Testing"]
      : []),
    ...(answers.projectType === "website" || answers.projectType === "online-shop"
      ? ["Domain Registration", "SSL Certificates"]
      : []),
  ];

  return {
    stackId: stack.id,
    name: stack.name,
    summary: stack.summary,
    fitScore: Math.max(0, Math.min(100, Math.round(points))),
    choices: [
      { layer: "frontend", technologies: stack.frontend, reason: frontendReason },
      { layer: "backend", technologies: stack.backend, reason: backendReason },
      { layer: "database", technologies: stack.database, reason: databaseReason },
      { layer: "hosting", technologies: hostingOption.technologies, reason: hosting.reason },
      { layer: "extras", technologies: stack.extras, reason: explain("choice.extras.default") },
    ],
    reasons,
    tradeOffs,
    delivery: quote.delivery,
    cost: quote.cost,
    services: servicesFor([...stack.services, ...hostingOption.services, ...extraServices]),
  };
}

/**
 * Scores every stack in the catalogue against the answers and returns the best two or three.
 * Deterministic: the same answers always give the same plans, each choice with its reason.
 */
export function recommend(answers: AdvisorAnswers): AdvisorResult {
  const ranked = stackTemplates
    .map((stack) => score(stack, answers))
    .filter((r): r is Recommendation => r !== null)
    .sort((a, b) => b.fitScore - a.fitScore || a.stackId.localeCompare(b.stackId));
  // Two plans at least; a third only when it is a real contender (within 20 points of the best).
  const best = ranked[0]?.fitScore ?? 0;
  const picked = ranked.filter((r, i) => i < 2 || (i === 2 && r.fitScore >= best - 20));
  return { recommendations: picked.slice(0, 3) };
}
