import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuditPage, type AuditEntry } from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import "../../../features/admin/admin-messages.ts";
import { actionLabel, changeLine, detailPairs, targetLabel } from "../../../features/admin/audit-format.ts";
import {
  EmptyState,
  LoadError,
  NoAccess,
  PageHeader,
  Pagination,
  PanelSpinner,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString } from "../../../features/admin/api.ts";
import { formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { i18n } from "../../../i18n/index.ts";
import { cn } from "../../../lib/cn.ts";
import type { Route } from "./+types/audit";
import { paths } from "../../../lib/route-table.ts";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.audit", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

const PAGE_SIZE = 50;

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  if (!entry.targetType) return <span className="text-muted-foreground">—</span>;
  const short = entry.targetId ? entry.targetId.slice(0, 8) : null;
  // The kind in words and the short id as separate words, so they never read (or copy) as one.
  const label = (
    <>
      <span className="text-muted-foreground">{targetLabel(t, entry.targetType)}</span>
      {short ? (
        <>
          {" "}
          <span className="font-mono text-xs text-foreground">{short}</span>
        </>
      ) : null}
    </>
  );
  const to = targetPath(entry);
  if (to) {
    return (
      <Link to={to} className="rounded hover:underline" title={entry.targetId ?? undefined}>
        {label}
      </Link>
    );
  }
  return <span title={entry.targetId ?? undefined}>{label}</span>;
}

/** The pages an audited thing has of its own. */
function targetPath(entry: AuditEntry): string | null {
  if (!entry.targetId) return null;
  if (entry.targetType === "enquiry") return paths.adminEnquiry({ id: entry.targetId });
  if (entry.targetType === "project") return paths.adminProject({ id: entry.targetId });
  if (entry.targetType === "vps_order") return paths.adminVpsOrder({ id: entry.targetId });
  if (entry.targetType === "domain_order") return paths.adminDomainOrder({ id: entry.targetId });
  return null;
}

function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const change = changeLine(t, entry);
  const pairs = detailPairs(entry);
  if (!change && pairs.length === 0) return null;
  return (
    <p className="mt-0.5 truncate text-xs text-muted-foreground">
      {[change, ...pairs.map(([key, value]) => `${key}: ${value}`)].filter(Boolean).join(" · ")}
    </p>
  );
}

function AuditScreen() {
  const { t } = useTranslation("admin");
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const audit = useQuery({
    queryKey: ["/api/admin/audit", { page, pageSize: PAGE_SIZE }],
    queryFn: () => getJson(`/api/admin/audit${queryString({ page, pageSize: PAGE_SIZE })}`, AuditPage),
    retry: adminRetry,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set("page", String(next));
      else params.delete("page");
      return params;
    });

  return (
    <div className="grid gap-6">
      <PageHeader title={t("audit.title")} description={t("audit.lead")} />
      <section className="overflow-hidden rounded-xl border bg-card shadow-xs">
        {audit.isPending ? (
          <PanelSpinner />
        ) : audit.isError && !audit.data ? (
          <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
        ) : audit.data && audit.data.items.length === 0 ? (
          <EmptyState icon={ScrollText} title={t("audit.empty")} />
        ) : audit.data ? (
          <div className={cn("transition-opacity", audit.isPlaceholderData && "opacity-60")}>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[44rem] text-sm" data-testid="audit-table">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                      {t("audit.columns.when")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("audit.columns.who")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("audit.columns.action")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("audit.columns.target")}
                    </th>
                    <th scope="col" className="py-2.5 pr-5 pl-3 font-medium">
                      {t("audit.columns.from")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {audit.data.items.map((entry) => (
                    <tr key={entry.id} data-testid="audit-row" data-action={entry.action} className="align-top">
                      <td className="py-3 pr-3 pl-5 whitespace-nowrap">
                        <time
                          dateTime={entry.createdAt}
                          title={formatRelative(entry.createdAt)}
                          className="text-foreground tabular-nums"
                        >
                          {formatDateTime(entry.createdAt)}
                        </time>
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-foreground">
                        {entry.actor ?? <span className="text-muted-foreground">{t("audit.system")}</span>}
                      </td>
                      <td className="max-w-72 px-3 py-3">
                        <p className="font-medium text-foreground">{actionLabel(t, entry.action)}</p>
                        <Details entry={entry} />
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap">
                        <Target entry={entry} />
                      </td>
                      <td className="py-3 pr-5 pl-3 font-mono text-xs whitespace-nowrap text-muted-foreground">
                        {entry.ipAddress ?? "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={audit.data.page}
              pageSize={audit.data.pageSize}
              total={audit.data.total}
              onPage={setPage}
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}

export default function AuditLogPage() {
  const me = useAdminUser();
  return me.role === "admin" ? <AuditScreen /> : <NoAccess />;
}
