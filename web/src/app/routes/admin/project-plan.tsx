import { useTranslation } from "react-i18next";
import type { ProjectDetail } from "#contracts/advisor-admin.ts";
import { Panel } from "../../../features/admin/admin-ui.tsx";
import { budgetLimits } from "../../../features/advisor/money.ts";
import { PlanCard } from "../../../features/advisor/plan-card.tsx";

/*
 * What the visitor asked the tech stack advisor and what it recommended, in the advisor's own
 * words: the part of a project's admin page that reads the advisor's catalog and plan cards.
 */

/** The visitor's answers, one term and value each. */
export function Answers({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("admin");
  const { t: tAdvisor } = useTranslation("advisor");
  const a = project.answers;
  const limits = budgetLimits(a.currency);
  const rows: Array<[string, string]> = [
    [t("project.answer.projectType"), tAdvisor(`steps.projectType.options.${a.projectType}.label`)],
    [t("project.answer.audience"), tAdvisor(`steps.audience.options.${a.audience}.label`)],
    [t("project.answer.growth"), tAdvisor(`steps.audience.growth.${a.growth}.label`)],
    [
      t("project.answer.budget"),
      (tAdvisor as (key: string, values: object) => string)(`steps.budget.options.${a.budget}.label`, limits[a.budget]),
    ],
    [t("project.answer.timeline"), tAdvisor(`steps.timeline.options.${a.timeline}.label`)],
    [
      t("project.answer.skills"),
      a.skills.length
        ? a.skills.map((skill) => tAdvisor(`steps.skills.options.${skill}`)).join(", ")
        : t("project.answer.none"),
    ],
    [
      t("project.answer.mustHaves"),
      a.mustHaves.length
        ? a.mustHaves.map((need) => tAdvisor(`steps.mustHaves.options.${need}.label`)).join(", ")
        : t("project.answer.none"),
    ],
    [t("project.answer.hosting"), tAdvisor(`steps.hosting.options.${a.hosting}.label`)],
  ];
  return (
    <Panel title={t("project.answers")} description={t("project.answersLead")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="project-answers">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-sm font-medium break-words text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The advisor's plans, best fit first. */
export function Recommendations({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="project-recommendations" className="grid gap-4">
      <div>
        <h2 id="project-recommendations" className="text-sm font-semibold text-foreground">
          {t("project.recommendations")}
        </h2>
        <p className="mt-0.5 text-xs text-muted-foreground">{t("project.recommendationsLead")}</p>
      </div>
      <div className="grid gap-6" data-testid="project-plans">
        {project.recommendations.map((recommendation, index) => (
          <PlanCard key={recommendation.stackId} plan={recommendation} best={index === 0} />
        ))}
      </div>
    </section>
  );
}
