import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { AddProjectNote, ProjectDetail, type UpdateProject } from "#contracts/advisor-admin.ts";
import { ProjectStatus } from "#contracts/advisor.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import "../../../features/admin/admin-messages.ts";
import { ProjectStatusBadge, BackLink, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson } from "../../../features/admin/api.ts";
import { NotesPanel } from "../../../features/admin/notes-panel.tsx";
import { ProjectContact } from "../../../features/admin/project-contact.tsx";
import {
  CreatedAt,
  HistoryPanel,
  RecordTitle,
  useAssignees,
  useRecordUpdate,
  WorkflowPanel,
} from "../../../features/admin/record-panels.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/advisor.json";
import type { Route } from "./+types/project";
import { Answers, Recommendations } from "./project-plan.tsx";
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
  const { assignees, names } = useAssignees();
  const update = useRecordUpdate<UpdateProject, typeof ProjectDetail>({
    scope: "project",
    url: `/api/admin/projects/${encodeURIComponent(id)}`,
    detailKey,
    response: ProjectDetail,
    invalidates: [["/api/admin/projects"]],
    statusSaved: (saved) => t("project.statusSaved", { status: t(`projects.statuses.${saved.status}`) }),
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

  return (
    // One column that may be narrower than its content, so a long email wraps instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      {back}
      <RecordTitle
        title={tAdvisor(`steps.projectType.options.${data.projectType}.label`)}
        testId="project-title"
        badge={<ProjectStatusBadge status={data.status} />}
      >
        {data.topStack ? (
          <>
            <span>{t("project.bestFit", { stack: data.topStack })}</span>
            <span aria-hidden="true">·</span>
          </>
        ) : null}
        <CreatedAt iso={data.createdAt} label={(when) => t("project.saved", { when })} />
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
      </RecordTitle>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Answers project={data} />

          <Recommendations project={data} />
        </div>

        {/* What staff act on sits beside the long plans, and comes first on phones. */}
        <div className="order-first grid min-w-0 gap-6 lg:order-none">
          <WorkflowPanel
            scope="project"
            statuses={ProjectStatus.options}
            statusLabel={(option) => t(`projects.statuses.${option}`)}
            saved={data}
            update={update}
            assignees={assignees}
          />

          <ProjectContact project={data} />

          <NotesPanel
            scope="project"
            notes={data.notes}
            url={`/api/admin/projects/${encodeURIComponent(data.id)}/notes`}
            request={AddProjectNote}
            response={ProjectDetail}
            onSaved={(detail) => queryClient.setQueryData(detailKey, detail)}
          />

          <HistoryPanel scope="project" history={data.history} names={names} />
        </div>
      </div>
    </div>
  );
}
