import { useQuery } from "@tanstack/react-query";
import { Link2, Plus, Printer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Link } from "../../i18n/link.tsx";
import { SavedProject } from "#contracts/advisor.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { ConsultationForm } from "../../features/advisor/consultation-form.tsx";
import { usePlanLocalizer } from "../../features/advisor/localize-plan.ts";
import { PlanCard } from "../../features/advisor/plan-card.tsx";
import { i18n } from "../../i18n/index.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { formatDate, formatList } from "../../lib/intl.ts";
import type { Route } from "./+types/project-details";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { i18n: ["advisor", "content-stack-catalog", "content-services"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.projectTitle", { ns: "advisor" }),
    description: i18n.t("meta.projectDescription", { ns: "advisor" }),
    path: location.pathname,
    noindex: true,
  });
}

function AnswersSummary({ project }: { project: SavedProject }) {
  const { t } = useTranslation("advisor");
  const a = project.answers;
  const rows: [string, string][] = [
    [t("project.answers.projectType"), t(`steps.projectType.options.${a.projectType}.label`)],
    [t("project.answers.audience"), t(`steps.audience.options.${a.audience}.label`)],
    [t("project.answers.growth"), t(`steps.audience.growth.${a.growth}.label`)],
    [t("project.answers.budget"), `${a.currency} · ${t(`steps.budget.options.${a.budget}.hint`)}`],
    [t("project.answers.timeline"), t(`steps.timeline.options.${a.timeline}.label`)],
    [
      t("project.answers.skills"),
      a.skills.length ? formatList(a.skills.map((s) => t(`steps.skills.options.${s}`))) : t("project.answers.none"),
    ],
    [
      t("project.answers.mustHaves"),
      a.mustHaves.length
        ? formatList(a.mustHaves.map((m) => t(`steps.mustHaves.options.${m}.label`)))
        : t("project.answers.none"),
    ],
    [t("project.answers.hosting"), t(`steps.hosting.options.${a.hosting}.label`)],
  ];
  return (
    <Card className="p-6 sm:p-8 print:shadow-none">
      <h2 className="text-lg font-bold text-foreground">{t("project.answersTitle")}</h2>
      <dl className="mt-4 grid gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8rem_1fr] gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** A saved plan at its shareable address: printable, no sign-in, with the consultation request. */
export default function ProjectDetails() {
  const { t } = useTranslation("advisor");
  const { id = "" } = useParams();
  const localizePlan = usePlanLocalizer();
  const project = useQuery({
    queryKey: [`/api/projects/${id}`],
    queryFn: async () =>
      SavedProject.parse(await (await apiRequest("GET", `/api/projects/${encodeURIComponent(id)}`)).json()),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });

  if (project.isPending) return <PageSpinner />;
  if (project.isError) {
    const missing = project.error instanceof ApiError && (project.error.status === 404 || project.error.status === 400);
    return (
      <Container className="py-20 text-center">
        <h1 className="text-3xl font-bold text-foreground">
          {missing ? t("project.notFoundTitle") : t("project.loadError")}
        </h1>
        {missing ? <p className="mx-auto mt-4 max-w-lg text-muted-foreground">{t("project.notFoundBody")}</p> : null}
        <Link className={buttonClasses("primary", "md", "mt-8")} to={paths.techStackAdvisor()}>
          {t("project.newPlan")}
        </Link>
      </Container>
    );
  }

  const plan = project.data;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast({ title: t("project.copied"), variant: "success" });
    } catch {
      toast({ title: t("project.copyFailed") });
    }
  };
  const savedOn = formatDate(plan.createdAt);

  return (
    <Container className="py-12 sm:py-16">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <SectionHeading
          as="h1"
          align="left"
          eyebrow={t("project.eyebrow")}
          title={t("project.title")}
          lead={t("project.saved", { date: savedOn })}
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" onClick={copyLink}>
            <Link2 aria-hidden="true" />
            {t("project.share")}
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("project.print")}
          </Button>
          <Link className={buttonClasses("ghost")} to={paths.techStackAdvisor()}>
            <Plus aria-hidden="true" />
            {t("project.newPlan")}
          </Link>
        </div>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid gap-6">
          {plan.recommendations.map((recommendation, index) => (
            <PlanCard key={recommendation.stackId} plan={localizePlan(recommendation)} best={index === 0} />
          ))}
        </div>
        <aside className="grid content-start gap-6">
          <AnswersSummary project={plan} />
          <ConsultationForm projectId={plan.id} alreadyRequested={plan.consultationRequested} />
        </aside>
      </div>
    </Container>
  );
}
