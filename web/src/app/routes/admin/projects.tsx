import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FolderKanban, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProjectPage, ProjectStatus, type ProjectSummary } from "#contracts/advisor.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import "../../../features/admin/admin-messages.ts";
import {
  EmptyState,
  PageHeader,
  AssigneeCell,
  PagedList,
  rowLinkClass,
  useListParams,
  WhenCell,
  ProjectStatusBadge,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString } from "../../../features/admin/api.ts";
import { formatRelative } from "../../../features/admin/format.ts";
import { Select } from "../../../features/admin/select.tsx";
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

const PAGE_SIZE = 20;

function readFilters(params: URLSearchParams) {
  const status = ProjectStatus.safeParse(params.get("status"));
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: status.success ? status.data : "",
    leads: params.get("leads") === "true",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function ProjectLink({
  project,
  from,
  className,
  children,
}: {
  project: ProjectSummary;
  from: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={paths.adminProject({ id: project.id })} state={{ from }} className={className}>
      {children}
    </Link>
  );
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
  const { searchParams, setFilter, clear, from } = useListParams<"status" | "leads">();
  const filters = readFilters(searchParams);

  const params = { status: filters.status, leads: filters.leads ? "true" : "" };
  const list = useQuery({
    queryKey: ["/api/admin/projects", { ...params, page: filters.page, pageSize: PAGE_SIZE }],
    queryFn: () =>
      getJson(`/api/admin/projects${queryString({ ...params, page: filters.page, pageSize: PAGE_SIZE })}`, ProjectPage),
    retry: adminRetry,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(filters.status || filters.leads);
  const typeLabel = (project: ProjectSummary) => tAdvisor(`steps.projectType.options.${project.projectType}.label`);

  return (
    // One column that may be narrower than its content, so long names truncate instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("projects.title")} description={t("projects.lead")} />

      <section className="rounded-xl border bg-card shadow-xs" aria-labelledby="projects-results">
        <h2 id="projects-results" className="sr-only">
          {t("projects.title")}
        </h2>
        <div role="search" className="flex flex-wrap items-center gap-2 border-b p-3 sm:gap-3 sm:p-4">
          <label htmlFor="project-status" className="sr-only">
            {t("projects.status")}
          </label>
          <Select
            compact
            id="project-status"
            className="min-w-0 flex-1 sm:w-48 sm:flex-none"
            value={filters.status}
            onChange={(event) => setFilter("status", event.target.value)}
          >
            <option value="">{t("projects.allStatuses")}</option>
            {ProjectStatus.options.map((status) => (
              <option key={status} value={status}>
                {t(`projects.statuses.${status}`)}
              </option>
            ))}
          </Select>
          <label
            className={cn(
              "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors select-none",
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
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              <X aria-hidden="true" />
              {t("projects.clearFilters")}
            </Button>
          ) : null}
        </div>

        <PagedList
          list={list}
          keepsPrevious
          noMatch={filtered && { title: t("projects.noMatchTitle"), body: t("projects.noMatchBody") }}
          empty={<EmptyState icon={FolderKanban} title={t("projects.emptyTitle")} body={t("projects.emptyBody")} />}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => setFilter("page", String(page))}
        >
          {(items) => (
            <>
              {/* Wide screens: a table. */}
              <table className="hidden w-full text-sm md:table" data-testid="project-table">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                      {t("projects.columns.project")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("projects.columns.contact")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("projects.columns.status")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("projects.columns.assignee")}
                    </th>
                    <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-medium">
                      {t("projects.columns.created")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {items.map((project) => (
                    <tr
                      key={project.id}
                      className="relative transition-colors hover:bg-muted/50"
                      data-testid="project-row"
                    >
                      <td className="max-w-0 py-3 pr-3 pl-5 lg:w-[36%]">
                        <ProjectLink project={project} from={from} className={rowLinkClass}>
                          {typeLabel(project)}
                        </ProjectLink>
                        <p className="mt-1 flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
                          <span className="truncate">{project.topStack}</span>
                          <Fit score={project.fitScore} />
                        </p>
                      </td>
                      <td className="max-w-0 px-3 py-3 lg:w-[28%]">
                        {project.contactName ? (
                          <>
                            <span className="block truncate font-medium text-foreground">{project.contactName}</span>
                            <span className="block truncate text-xs text-muted-foreground">{project.contactEmail}</span>
                          </>
                        ) : (
                          <span className="whitespace-nowrap text-muted-foreground italic">
                            {t("projects.noContact")}
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-3">
                        <ProjectStatusBadge status={project.status} />
                      </td>
                      <AssigneeCell name={project.assignee?.displayName} unassigned={t("projects.unassigned")} />
                      <WhenCell iso={project.createdAt} />
                    </tr>
                  ))}
                </tbody>
              </table>

              {/* Phones: a list. */}
              <ul className="divide-y md:hidden">
                {items.map((project) => (
                  <li key={project.id}>
                    <ProjectLink
                      project={project}
                      from={from}
                      className="block px-4 py-3.5 transition-colors hover:bg-muted/50"
                    >
                      <span className="flex items-start justify-between gap-3">
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-medium text-foreground">
                            {typeLabel(project)}
                          </span>
                          <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
                            <span className="truncate">{project.topStack}</span>
                            <Fit score={project.fitScore} />
                          </span>
                        </span>
                        <ProjectStatusBadge status={project.status} />
                      </span>
                      <span className="mt-2 block truncate text-sm">
                        {project.contactName ? (
                          <>
                            <span className="text-foreground">{project.contactName}</span>{" "}
                            <span className="text-muted-foreground">{project.contactEmail}</span>
                          </>
                        ) : (
                          <span className="text-muted-foreground italic">{t("projects.noContact")}</span>
                        )}
                      </span>
                      <span className="mt-1.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                        <span>{project.assignee?.displayName ?? t("projects.unassigned")}</span>
                        <span aria-hidden="true">·</span>
                        <time dateTime={project.createdAt}>{formatRelative(project.createdAt)}</time>
                      </span>
                    </ProjectLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </PagedList>
      </section>
    </div>
  );
}
