import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, Inbox, Search, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EnquiryPage, EnquiryStatus, type EnquirySummary } from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import "../../../features/admin/admin-messages.ts";
import {
  EmptyState,
  PageHeader,
  AssigneeCell,
  PagedList,
  rowLinkClass,
  useListParams,
  WhenCell,
  StatusBadge,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString } from "../../../features/admin/api.ts";
import { formatRelative } from "../../../features/admin/format.ts";
import { Select } from "../../../features/admin/select.tsx";
import { contactServiceOptions, serviceLabel } from "../../../features/admin/services.ts";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/enquiries";
import { paths } from "../../../lib/route-table.ts";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.enquiries", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

function readFilters(params: URLSearchParams) {
  const status = EnquiryStatus.safeParse(params.get("status"));
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: params.get("q")?.trim() ?? "",
    service: params.get("service") ?? "",
    status: status.success ? status.data : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function EnquiryLink({
  enquiry,
  from,
  className,
  children,
}: {
  enquiry: EnquirySummary;
  from: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={paths.adminEnquiry({ id: enquiry.id })} state={{ from }} className={className}>
      {children}
    </Link>
  );
}

export default function EnquiriesPage() {
  const { t } = useTranslation("admin");
  const { searchParams, setSearchParams, setFilter, clear, from } = useListParams<"service" | "status">();
  const filters = readFilters(searchParams);
  const [search, setSearch] = useState(filters.q);
  const pushedSearch = useRef(filters.q);

  // The address is the source of truth: back/forward and "clear filters" refill the box.
  useEffect(() => {
    if (filters.q !== pushedSearch.current) {
      pushedSearch.current = filters.q;
      setSearch(filters.q);
    }
  }, [filters.q]);

  // Typing settles for a moment before the search goes into the address (and to the server).
  useEffect(() => {
    const value = search.trim();
    if (value === filters.q) return;
    const timer = setTimeout(() => {
      pushedSearch.current = value;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set("q", value);
          else next.delete("q");
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.q, setSearchParams]);

  const clearFilters = () => {
    pushedSearch.current = "";
    setSearch("");
    clear();
  };

  const params = { q: filters.q, service: filters.service, status: filters.status };
  const list = useQuery({
    queryKey: ["/api/admin/enquiries", { ...params, page: filters.page, pageSize: PAGE_SIZE }],
    queryFn: () =>
      getJson(
        `/api/admin/enquiries${queryString({ ...params, page: filters.page, pageSize: PAGE_SIZE })}`,
        EnquiryPage,
      ),
    retry: adminRetry,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(filters.q || filters.service || filters.status);
  const exportHref = `/api/admin/enquiries/export.csv${queryString(params)}`;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={t("enquiries.title")}
        description={t("enquiries.lead")}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={exportHref} download data-testid="export-csv">
              <Download aria-hidden="true" />
              {t("enquiries.export")}
            </a>
          </Button>
        }
      />

      <section className="rounded-xl border bg-card shadow-xs" aria-labelledby="enquiries-results">
        <h2 id="enquiries-results" className="sr-only">
          {t("enquiries.title")}
        </h2>
        <div role="search" className="flex flex-col gap-2 border-b p-3 sm:flex-row sm:items-center sm:p-4">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <label htmlFor="enquiry-search" className="sr-only">
              {t("enquiries.search")}
            </label>
            <Input
              id="enquiry-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t("enquiries.searchPlaceholder")}
              className="h-9! pl-9"
              maxLength={200}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <label htmlFor="enquiry-service" className="sr-only">
              {t("enquiries.service")}
            </label>
            <Select
              compact
              id="enquiry-service"
              className="sm:w-48"
              value={filters.service}
              onChange={(event) => setFilter("service", event.target.value)}
            >
              <option value="">{t("enquiries.allServices")}</option>
              {contactServiceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
            <label htmlFor="enquiry-status" className="sr-only">
              {t("enquiries.status")}
            </label>
            <Select
              compact
              id="enquiry-status"
              className="sm:w-40"
              value={filters.status}
              onChange={(event) => setFilter("status", event.target.value)}
            >
              <option value="">{t("enquiries.allStatuses")}</option>
              {EnquiryStatus.options.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          </div>
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clearFilters} className="self-start sm:self-auto">
              <X aria-hidden="true" />
              {t("enquiries.clearFilters")}
            </Button>
          ) : null}
        </div>

        <PagedList
          list={list}
          keepsPrevious
          noMatch={filtered && { title: t("enquiries.noMatchTitle"), body: t("enquiries.noMatchBody") }}
          empty={<EmptyState icon={Inbox} title={t("enquiries.emptyTitle")} body={t("enquiries.emptyBody")} />}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => setFilter("page", String(page))}
        >
          {(items) => (
            <>
              {/* Wide screens: a table. */}
              <table className="hidden w-full text-sm md:table" data-testid="enquiry-table">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                      {t("enquiries.columns.from")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("enquiries.columns.service")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("enquiries.columns.status")}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t("enquiries.columns.assignee")}
                    </th>
                    <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-medium">
                      {t("enquiries.columns.received")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {items.map((enquiry) => (
                    <tr
                      key={enquiry.id}
                      className="relative transition-colors hover:bg-muted/50"
                      data-testid="enquiry-row"
                    >
                      <td className="max-w-0 py-3 pr-3 pl-5 lg:w-[42%]">
                        <EnquiryLink enquiry={enquiry} from={from} className={rowLinkClass}>
                          {enquiry.firstName} {enquiry.lastName}
                          <span className="ml-2 font-normal text-muted-foreground">{enquiry.email}</span>
                        </EnquiryLink>
                        <p className="mt-0.5 truncate text-xs text-muted-foreground">{enquiry.excerpt}</p>
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                        {serviceLabel(enquiry.service)}
                      </td>
                      <td className="px-3 py-3">
                        <StatusBadge status={enquiry.status} />
                      </td>
                      <AssigneeCell name={enquiry.assignee?.displayName} unassigned={t("enquiries.unassigned")} />
                      <WhenCell iso={enquiry.createdAt} />
                    </tr>
                  ))}
                </tbody>
              </table>

              {/* Phones: a list. */}
              <ul className="divide-y md:hidden">
                {items.map((enquiry) => (
                  <li key={enquiry.id}>
                    <EnquiryLink
                      enquiry={enquiry}
                      from={from}
                      className="block px-4 py-3.5 transition-colors hover:bg-muted/50"
                    >
                      <span className="flex items-start justify-between gap-3">
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-medium text-foreground">
                            {enquiry.firstName} {enquiry.lastName}
                          </span>
                          <span className="block truncate text-xs text-muted-foreground">{enquiry.email}</span>
                        </span>
                        <StatusBadge status={enquiry.status} />
                      </span>
                      <span className="mt-1.5 line-clamp-2 text-sm text-muted-foreground">{enquiry.excerpt}</span>
                      <span className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                        <span>{serviceLabel(enquiry.service)}</span>
                        <span aria-hidden="true">·</span>
                        <span>{enquiry.assignee?.displayName ?? t("enquiries.unassigned")}</span>
                        <span aria-hidden="true">·</span>
                        <time dateTime={enquiry.createdAt}>{formatRelative(enquiry.createdAt)}</time>
                      </span>
                    </EnquiryLink>
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
