// npm run bench:advisor — how long the tech stack advisor's engine takes to score every stack and
// build the plans, over many different briefs (the engine is pure: no I/O). Target: under 50 ms.
import { AdvisorAnswers } from "#contracts/advisor.ts";
import { recommend } from "#server/modules/advisor/advisor-engine.ts";

const pick = <T>(options: readonly T[], n: number) => options[n % options.length]!;
const briefs = Array.from({ length: 2_000 }, (_, i) =>
  AdvisorAnswers.parse({
    projectType: pick(AdvisorAnswers.shape.projectType.options, i),
    audience: pick(AdvisorAnswers.shape.audience.options, i >> 1),
    growth: pick(AdvisorAnswers.shape.growth.options, i >> 2),
    budget: pick(AdvisorAnswers.shape.budget.options, i >> 3),
    currency: pick(AdvisorAnswers.shape.currency.options, i >> 4),
    timeline: pick(AdvisorAnswers.shape.timeline.options, i >> 5),
    skills: [pick(["javascript", "python", "php", "java", "dart", "none"] as const, i >> 6)],
    mustHaves: (["mobile-money", "offline", "multilingual", "regulated-data", "real-time"] as const).filter(
      (_, bit) => (i >> bit) & 1,
    ),
    hosting: pick(AdvisorAnswers.shape.hosting.options, i >> 7),
  }),
);

for (const brief of briefs.slice(0, 200)) recommend(brief); // warm-up
const times = briefs.map((brief) => {
  const started = performance.now();
  recommend(brief);
  return performance.now() - started;
});
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(`Tech stack advisor engine, ${briefs.length} briefs (this machine)\n`);
console.log(`p50: ${(at(0.5) * 1000).toFixed(0)} µs`);
console.log(`p95: ${(at(0.95) * 1000).toFixed(0)} µs`);
console.log(`max: ${(at(1) * 1000).toFixed(0)} µs   (target: under 50 ms)`);
