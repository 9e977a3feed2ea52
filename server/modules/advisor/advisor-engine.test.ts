import { describe, expect, it } from "vitest";
import { AdvisorAnswers, AdvisorResult, type AdvisorAnswersInput } from "#contracts/advisor.ts";
import { technologies } from "#content/technologies.ts";
import { stackTemplates } from "#content/stack-catalog.ts";
import { recommend } from "./advisor-engine.ts";

const brief = (input: Partial<AdvisorAnswersInput>): AdvisorAnswers =>
  AdvisorAnswers.parse({
    projectType: "website",
    audience: "small",
    growth: "steady",
    budget: "medium",
    currency: "RWF",
    timeline: "normal",
    skills: [],
    mustHaves: [],
    hosting: "no-preference",
    ...input,
  });

/** Realistic briefs a Kigali studio receives, the plan each should lead to, and the reason why. */
const briefs: { name: string; answers: Partial<AdvisorAnswersInput>; top: string; because: string }[] = [
  {
    name: "a law firm's brochure site, quickly and cheaply",
    answers: { projectType: "website", budget: "low", timeline: "urgent" },
    top: "fast-content-site",
    because: "reason.quickToBuild",
  },
  {
    name: "a tour operator's site in English, French and Kinyarwanda",
    answers: { projectType: "website", mustHaves: ["multilingual"] },
    top: "fast-content-site",
    because: "reason.supports.multilingual",
  },
  {
    name: "a NGO site read on 2G in rural districts",
    answers: { projectType: "website", mustHaves: ["offline"], budget: "low" },
    top: "fast-content-site",
    because: "reason.supports.offline",
  },
  {
    name: "a boutique's first shop with MoMo checkout, PHP-savvy nephew",
    answers: { projectType: "online-shop", budget: "low", skills: ["php"], mustHaves: ["mobile-money"] },
    top: "woocommerce-shop",
    because: "reason.teamKnows",
  },
  {
    name: "a shop on a shoestring, no developers",
    answers: { projectType: "online-shop", budget: "low", timeline: "urgent" },
    top: "woocommerce-shop",
    because: "reason.budgetFriendly",
  },
  {
    name: "a marketplace expecting fast growth and live stock",
    answers: {
      projectType: "online-shop",
      audience: "large",
      growth: "fast",
      budget: "high",
      mustHaves: ["real-time", "mobile-money"],
    },
    top: "typescript-platform",
    because: "reason.scales",
  },
  {
    name: "a fintech SaaS with live balances and MoMo",
    answers: { projectType: "saas", budget: "high", mustHaves: ["real-time", "mobile-money"], skills: ["typescript"] },
    top: "typescript-platform",
    because: "reason.supports.real-time",
  },
  {
    name: "a school-management SaaS by a JavaScript team",
    answers: { projectType: "saas", skills: ["javascript"], budget: "high", mustHaves: ["multilingual"] },
    top: "typescript-platform",
    because: "reason.teamKnows",
  },
  {
    name: "a SaaS built by a Python shop",
    answers: { projectType: "saas", skills: ["python"], budget: "high" },
    top: "python-django",
    because: "reason.teamKnows",
  },
  {
    name: "a hospital records system under data-protection law",
    answers: { projectType: "internal-system", mustHaves: ["regulated-data"], budget: "high", skills: ["python"] },
    top: "python-django",
    because: "reason.supports.regulated-data",
  },
  {
    name: "an HR system for a ministry, no in-house developers",
    answers: { projectType: "internal-system", mustHaves: ["regulated-data"], budget: "high" },
    top: "python-django",
    because: "reason.supports.regulated-data",
  },
  {
    name: "a bank's Java team modernising loans processing",
    answers: {
      projectType: "internal-system",
      skills: ["java"],
      budget: "high",
      audience: "large",
      mustHaves: ["regulated-data"],
      timeline: "flexible",
    },
    top: "java-enterprise",
    because: "reason.teamKnows",
  },
  {
    name: "a co-operative's stock system by a PHP developer on a budget",
    answers: { projectType: "internal-system", skills: ["php"], budget: "medium" },
    top: "laravel-platform",
    because: "reason.teamKnows",
  },
  {
    name: "a logistics dashboard with live truck positions",
    answers: { projectType: "internal-system", mustHaves: ["real-time"], skills: ["typescript"], budget: "high" },
    top: "typescript-platform",
    because: "reason.supports.real-time",
  },
  {
    name: "a farmers' app that works offline in the field",
    answers: { projectType: "mobile-app", mustHaves: ["offline", "mobile-money"], budget: "high" },
    top: "flutter-mobile",
    because: "reason.supports.offline",
  },
  {
    name: "a ride-hailing app with live tracking",
    answers: {
      projectType: "mobile-app",
      mustHaves: ["real-time", "mobile-money"],
      audience: "large",
      growth: "fast",
      budget: "high",
    },
    top: "flutter-mobile",
    because: "reason.scales",
  },
  {
    name: "a Flutter team's savings-group app",
    answers: { projectType: "mobile-app", skills: ["dart"], mustHaves: ["mobile-money"], budget: "high" },
    top: "flutter-mobile",
    because: "reason.teamKnows",
  },
  {
    name: "a credit-scoring model for a microfinance lender",
    answers: { projectType: "data-ai", skills: ["python"], mustHaves: ["regulated-data"], budget: "high" },
    top: "data-ai-platform",
    because: "reason.type.data-ai",
  },
  {
    name: "a Kinyarwanda customer-support chatbot",
    answers: { projectType: "data-ai", mustHaves: ["multilingual"], budget: "high", timeline: "flexible" },
    top: "data-ai-platform",
    because: "reason.type.data-ai",
  },
  {
    name: "crop-yield forecasting from satellite data",
    answers: { projectType: "data-ai", audience: "medium", budget: "high", hosting: "cloud" },
    top: "data-ai-platform",
    because: "reason.type.data-ai",
  },
  {
    name: "an events SaaS for a JavaScript startup on a tight deadline",
    answers: { projectType: "saas", skills: ["javascript"], timeline: "urgent", budget: "high" },
    top: "typescript-platform",
    because: "reason.teamKnows",
  },
  {
    name: "a PHP agency's client shop in three languages",
    answers: {
      projectType: "online-shop",
      skills: ["php"],
      mustHaves: ["multilingual", "mobile-money"],
      budget: "medium",
    },
    top: "woocommerce-shop",
    because: "reason.teamKnows",
  },
];

describe("the advisor engine", () => {
  it.each(briefs)("recommends the right stack for $name", ({ answers, top, because }) => {
    const result = recommend(brief(answers));
    expect(AdvisorResult.parse(result)).toEqual(result);
    const first = result.recommendations[0]!;
    expect(first.stackId).toBe(top);
    expect(first.reasons.map((r) => r.code)).toContain(because);
    expect(result.recommendations.length).toBeGreaterThanOrEqual(2);
    expect(result.recommendations.length).toBeLessThanOrEqual(3);
  });

  it("is deterministic", () => {
    const answers = brief({ projectType: "saas", skills: ["python", "javascript"], mustHaves: ["real-time"] });
    expect(recommend(answers)).toEqual(recommend(answers));
  });

  it("gives every layer a reason and prices in the visitor's currency", () => {
    const usd = recommend(brief({ projectType: "website", currency: "USD" })).recommendations[0]!;
    const rwf = recommend(brief({ projectType: "website", currency: "RWF" })).recommendations[0]!;
    expect(usd.choices.map((c) => c.layer)).toEqual(["frontend", "backend", "database", "hosting", "extras"]);
    expect(usd.choices.every((c) => c.reason.code.startsWith("choice.") && c.technologies.length > 0)).toBe(true);
    expect(rwf.cost.currency).toBe("RWF");
    expect(rwf.cost.min / usd.cost.min).toBeGreaterThan(1000);
    expect(usd.cost.min).toBeLessThan(usd.cost.max);
    expect(usd.delivery.minWeeks).toBeLessThanOrEqual(usd.delivery.maxWeeks);
  });

  it("names the trade-offs: new skills, over budget, weak must-haves, data residency", () => {
    const shop = recommend(
      brief({ projectType: "online-shop", skills: ["java"], budget: "low", mustHaves: ["real-time"] }),
    );
    const codes = shop.recommendations.flatMap((r) => r.tradeOffs.map((t) => t.code));
    expect(codes).toEqual(expect.arrayContaining(["tradeoff.newSkills", "tradeoff.weak.real-time"]));
    const big = recommend(brief({ projectType: "saas", budget: "low" }));
    expect(big.recommendations[0]!.tradeOffs.map((t) => t.code)).toContain("tradeoff.overBudget");
    const cloud = recommend(brief({ projectType: "internal-system", hosting: "cloud", mustHaves: ["regulated-data"] }));
    expect(cloud.recommendations[0]!.tradeOffs.map((t) => t.code)).toContain("tradeoff.dataResidency");
  });

  it("follows the hosting preference, or picks by need without one", () => {
    const hostingOf = (input: Partial<AdvisorAnswersInput>) =>
      recommend(brief(input)).recommendations[0]!.choices.find((c) => c.layer === "hosting")!.technologies[0];
    expect(hostingOf({ hosting: "company-vps" })).toBe("KTS VPS");
    expect(
      hostingOf({ hosting: "no-preference", mustHaves: ["regulated-data"], projectType: "internal-system" }),
    ).toMatch(/Local data centre/);
    expect(hostingOf({ hosting: "no-preference", audience: "large", projectType: "saas" })).toMatch(/AWS/);
    expect(hostingOf({ hosting: "no-preference" })).toBe("KTS VPS");
  });

  it("names only services the company sells", () => {
    const result = recommend(brief({ projectType: "mobile-app", mustHaves: ["regulated-data"] }));
    for (const service of result.recommendations.flatMap((r) => r.services)) {
      expect(service.category.length).toBeGreaterThan(0);
    }
  });

  it("builds its stacks from the popular technologies shown on the home page", () => {
    const used = new Set(stackTemplates.flatMap((s) => [...s.frontend, ...s.backend, ...s.database, ...s.extras]));
    for (const name of ["AWS", "Docker"]) used.add(name);
    for (const tech of technologies) expect(used, tech.name).toContain(tech.name);
  });
});
