import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Inbox, Mail } from "lucide-react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { Assignees } from "#contracts/admin.ts";
import { AddProjectNote, ProjectDetail, ProjectStatus, type UpdateProject } from "#contracts/advisor.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { actionLabel, changeLine } from "../../../features/admin/audit-format.ts";
import { Panel, ProjectStatusBadge, BackLink, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, isNetworkError, isStatus, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import { Select } from "../../../features/admin/select.tsx";
import { NotesPanel } from "../../../features/admin/notes-panel.tsx";
import { budgetLimits } from "../../../features/advisor/money.ts";
import { PlanCard } from "../../../features/advisor/plan-card.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/advisor.json";
import type { Route } from "./+types/project";
import { paths } from "../../../lib/route-table.ts";

// The plan and the visitor's answers read in the advisor's own words.
registerMessages("advisor", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.project", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

const assigneesKey = ["/api/admin/assignees"] as const;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

function Answers({ project }: { project: ProjectDetail }) {
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

function Contact({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation("admin");
  if (!project.contactName || !project.contactEmail) {
    return (
      <Panel title={t("project.contact")}>
        <p className="text-sm font-medium text-foreground">{t("project.noContact")}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t("project.noContactBody")}</p>
      </Panel>
    );
  }
  return (
    <Panel title={t("project.contact")} data-testid="project-contact">
      <dl className="divide-y">
        <Detail term={t("project.name")}>{project.contactName}</Detail>
        <Detail term={t("project.email")}>
          <a
            href={`mailto:${project.contactEmail}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
            data-testid="project-email"
          >
            {project.contactEmail}
          </a>
        </Detail>
        {project.contactNotes ? (
          <Detail term={t("project.contactNotes")}>
            <span className="block leading-relaxed whitespace-pre-wrap" data-testid="project-contact-notes">
              {project.contactNotes}
            </span>
          </Detail>
        ) : null}
        {project.consultationRequestedAt ? (
          <Detail term={t("project.requestedAt")}>
            <time dateTime={project.consultationRequestedAt}>{formatDateTime(project.consultationRequestedAt)}</time>
          </Detail>
        ) : null}
      </dl>
      <div className="mt-4 grid gap-2">
        {project.enquiryId ? (
          <Button asChild variant="outline" size="sm" className="w-full">
            <Link to={paths.adminEnquiry({ id: project.enquiryId })}>
              <Inbox aria-hidden="true" />
              {t("project.openEnquiry")}
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm" className="w-full">
          <a href={`mailto:${project.contactEmail}`}>
            <Mail aria-hidden="true" />
            {t("project.reply")}
          </a>
        </Button>
      </div>
    </Panel>
  );
}

export default function ProjectPage() {
  const { t } = useTranslation("admin");
  const { t: tAdvisor } = useTranslation("advisor");
  const { id = "" } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const backTo = `${paths.adminProjects()}${typeof location.state?.from === "string" ? location.state.from : ""}`;
  const detailKey = [`/api/admin/projects/${id}`] as const;

  const project = useQuery({
    queryKey: detailKey,
    queryFn: () => getJson(`/api/admin/projects/${encodeURIComponent(id)}`, ProjectDetail),
    retry: adminRetry,
    staleTime: 10_000,
  });
  const assignees = useQuery({
    queryKey: assigneesKey,
    queryFn: () => getJson("/api/admin/assignees", Assignees),
    retry: adminRetry,
  });
  const names = new Map((assignees.data?.items ?? []).map((person) => [person.id, person.displayName]));

  const update = useMutation({
    mutationFn: (changes: UpdateProject) =>
      sendJson("PATCH", `/api/admin/projects/${encodeURIComponent(id)}`, changes, ProjectDetail),
    onSuccess: (data, changes) => {
      queryClient.setQueryData(detailKey, data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/projects"] });
      toast({
        title: changes.status
          ? t("project.statusSaved", { status: t(`projects.statuses.${data.status}`) })
          : t("project.assigneeSaved"),
        variant: "success",
      });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      toast({
        title: t("project.saveFailed"),
        description: isNetworkError(error)
          ? t("common.connectionError")
          : (serverMessage(error) ?? t("common.unexpectedError")),
        variant: "destructive",
      });
    },
  });

  const back = <BackLink to={backTo}>{t("project.back")}</BackLink>;

  if (!project.isSuccess)
    return (
      <RecordFallback
        query={project}
        back={back}
        notFound={{ title: t("project.notFoundTitle"), body: t("project.notFoundBody") }}
      />
    );

  const data = project.data;
  const pending = update.isPending ? update.variables : undefined;
  const status = pending?.status ?? data.status;
  const assigneeId = pending && pending.assigneeId !== undefined ? pending.assigneeId : (data.assignee?.id ?? null);
  // A former assignee no longer on the list still shows by name.
  const assigneeOptions = [
    ...(assignees.data?.items ?? []),
    ...(data.assignee && !names.has(data.assignee.id) ? [data.assignee] : []),
  ];

  return (
    // One column that may be narrower than its content, so a long email wraps instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      {back}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground" data-testid="project-title">
            {tAdvisor(`steps.projectType.options.${data.projectType}.label`)}
          </h1>
          <ProjectStatusBadge status={data.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          {data.topStack ? (
            <>
              <span>{t("project.bestFit", { stack: data.topStack })}</span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          <time dateTime={data.createdAt} title={formatDateTime(data.createdAt)}>
            {t("project.saved", { when: formatRelative(data.createdAt) })}
          </time>
          <span aria-hidden="true">·</span>
          <a
            href={paths.projectDetails({ id: data.id })}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("project.publicPlan")}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Answers project={data} />

          <section aria-labelledby="project-recommendations" className="grid gap-4">
            <div>
              <h2 id="project-recommendations" className="text-sm font-semibold text-foreground">
                {t("project.recommendations")}
              </h2>
              <p className="mt-0.5 text-xs text-muted-foreground">{t("project.recommendationsLead")}</p>
            </div>
            <div className="grid gap-6" data-testid="project-plans">
              {data.recommendations.map((recommendation, index) => (
                <PlanCard key={recommendation.stackId} plan={recommendation} best={index === 0} />
              ))}
            </div>
          </section>
        </div>

        {/* What staff act on sits beside the long plans, and comes first on phones. */}
        <div className="order-first grid min-w-0 gap-6 lg:order-none">
          <Panel title={t("project.workflow")}>
            <div className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="project-status">{t("project.status")}</Label>
                <Select
                  id="project-status"
                  value={status}
                  disabled={update.isPending}
                  onChange={(event) => {
                    const next = ProjectStatus.parse(event.target.value);
                    if (next !== data.status) update.mutate({ status: next });
                  }}
                >
                  {ProjectStatus.options.map((option) => (
                    <option key={option} value={option}>
                      {t(`projects.statuses.${option}`)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="project-assignee">{t("project.assignee")}</Label>
                <Select
                  id="project-assignee"
                  value={assigneeId ?? ""}
                  disabled={update.isPending || assignees.isPending}
                  onChange={(event) => {
                    const next = event.target.value || null;
                    if (next !== (data.assignee?.id ?? null)) update.mutate({ assigneeId: next });
                  }}
                >
                  <option value="">{t("project.unassigned")}</option>
                  {assigneeOptions.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.displayName}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          </Panel>

          <Contact project={data} />

          <NotesPanel
            scope="project"
            notes={data.notes}
            url={`/api/admin/projects/${encodeURIComponent(data.id)}/notes`}
            request={AddProjectNote}
            response={ProjectDetail}
            onSaved={(detail) => queryClient.setQueryData(detailKey, detail)}
          />

          <Panel title={t("project.history")}>
            {data.history.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("project.noHistory")}</p>
            ) : (
              <ol className="relative grid gap-4 border-l pl-5" data-testid="project-history">
                {data.history.map((entry) => {
                  const change = changeLine(t, entry, names);
                  return (
                    <li key={entry.id} className="relative">
                      <span
                        aria-hidden="true"
                        className="absolute top-1.5 -left-[1.6875rem] size-2.5 rounded-full border-2 border-card bg-primary/70"
                      />
                      <p className="text-sm text-foreground">
                        <span className="font-medium">{entry.actor ?? t("project.system")}</span>{" "}
                        <span className="text-muted-foreground">{actionLabel(t, entry.action).toLowerCase()}</span>
                        {change ? <span className="text-foreground">: {change}</span> : null}
                      </p>
                      <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                        {formatDateTime(entry.createdAt)}
                      </time>
                    </li>
                  );
                })}
              </ol>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
