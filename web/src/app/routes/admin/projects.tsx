import { FolderKanban } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ProjectPage, type ProjectSummary } from "#contracts/advisor-admin.ts";
import { ProjectStatus } from "#contracts/advisor.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import "../../../features/admin/admin-messages.ts";
import { PageHeader, useListPage, useListParams, ProjectStatusBadge } from "../../../features/admin/admin-ui.tsx";
import { FilterSelect, RecordList } from "../../../features/admin/record-list.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import advisorMessages from "../../../i18n/locales/en/advisor.json";
import { cn } from "../../../lib/cn.ts";
import type { Route } from "./+types/projects";
import { paths } from "../../../lib/route-table.ts";

// Project types read in the advisor's own words.
registerMessages("advisor", "en", advisorMessages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.projects", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

function readFilters(params: URLSearchParams) {
  const status = ProjectStatus.safeParse(params.get("status"));
  return {
    status: status.success ? status.data : "",
    leads: params.get("leads") === "true",
  };
}

function Fit({ score }: { score: number }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={cn(
        "shrink-0 rounded-md px-1.5 py-px text-xs font-medium whitespace-nowrap tabular-nums ring-1 ring-inset",
        score >= 75 ? "bg-success/10 text-success ring-success/25" : "bg-muted text-muted-foreground ring-border",
      )}
      title={t("projects.fitLabel", { score })}
    >
      {t("projects.fit", { score })}
    </span>
  );
}

export default function ProjectsPage() {
  const { t } = useTranslation("admin");
  const { t: tAdvisor } = useTranslation("advisor");
  const { searchParams, setFilter, clear, from, page, setPage } = useListParams<"status" | "leads">();
  const filters = readFilters(searchParams);

  const params = { status: filters.status, leads: filters.leads ? "true" : "" };
  const list = useListPage("/api/admin/projects", { ...params, page }, ProjectPage, { staleTime: 15_000 });
  const filtered = Boolean(filters.status || filters.leads);
  const typeLabel = (project: ProjectSummary) => tAdvisor(`steps.projectType.options.${project.projectType}.label`);
  const noContact = (className: string) => <span className={className}>{t("projects.noContact")}</span>;

  return (
    // One column that may be narrower than its content, so long names truncate instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("projects.title")} description={t("projects.lead")} />

      <RecordList
        scope="projects"
        icon={FolderKanban}
        toolbarClassName="flex flex-wrap items-center gap-2 border-b p-3 sm:gap-3 sm:p-4"
        filters={
          <>
            <FilterSelect
              id="project-status"
              label={t("projects.status")}
              all={t("projects.allStatuses")}
              className="min-w-0 flex-1 sm:w-48 sm:flex-none"
              value={filters.status}
              onChange={(value) => setFilter("status", value)}
              options={ProjectStatus.options.map((status) => ({
                value: status,
                label: t(`projects.statuses.${status}`),
              }))}
            />
            <label
              className={cn(
                "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium",
                "transition-colors select-none",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                filters.leads
                  ? "border-primary/40 bg-accent text-accent-foreground"
                  : "bg-background text-foreground hover:bg-muted",
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={filters.leads}
                onChange={(event) => setFilter("leads", event.target.checked ? "true" : "")}
              />
              {t("projects.leadsOnly")}
            </label>
          </>
        }
        filtered={filtered}
        onClear={clear}
        list={list}
        page={page}
        onPage={setPage}
        columns={["project", "contact", "status", "assignee", "created"]}
        from={from}
        to={(project) => paths.adminProject({ id: project.id })}
        firstCellClassName="max-w-0 py-3 pr-3 pl-5 lg:w-[36%]"
        title={typeLabel}
        detail={(project) => (
          <p className="mt-1 flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            <span className="truncate">{project.topStack}</span>
            <Fit score={project.fitScore} />
          </p>
        )}
        cells={(project) => (
          <td className="max-w-0 px-3 py-3 lg:w-[28%]">
            {project.contactName ? (
              <>
                <span className="block truncate font-medium text-foreground">{project.contactName}</span>
                <span className="block truncate text-xs text-muted-foreground">{project.contactEmail}</span>
              </>
            ) : (
              noContact("whitespace-nowrap text-muted-foreground italic")
            )}
          </td>
        )}
        badge={(project) => <ProjectStatusBadge status={project.status} />}
        cardTitle={(project) => (
          <>
            <span className="block truncate text-sm font-medium text-foreground">{typeLabel(project)}</span>
            <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
              <span className="truncate">{project.topStack}</span>
              <Fit score={project.fitScore} />
            </span>
          </>
        )}
        card={(project) => (
          <span className="mt-2 block truncate text-sm">
            {project.contactName ? (
              <>
                <span className="text-foreground">{project.contactName}</span>{" "}
                <span className="text-muted-foreground">{project.contactEmail}</span>
              </>
            ) : (
              noContact("text-muted-foreground italic")
            )}
          </span>
        )}
        factsClassName="mt-1.5"
      />
    </div>
  );
}
