import { Download, Inbox, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EnquiryPage, EnquiryStatus } from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import "../../../features/admin/admin-messages.ts";
import { PageHeader, useListPage, useListParams, StatusBadge } from "../../../features/admin/admin-ui.tsx";
import { queryString } from "../../../features/admin/api.ts";
import { FilterSelect, RecordList } from "../../../features/admin/record-list.tsx";
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

const SEARCH_DELAY_MS = 300;

function readFilters(params: URLSearchParams) {
  const status = EnquiryStatus.safeParse(params.get("status"));
  return {
    q: params.get("q")?.trim() ?? "",
    service: params.get("service") ?? "",
    status: status.success ? status.data : "",
  };
}

export default function EnquiriesPage() {
  const { t } = useTranslation("admin");
  const { searchParams, setSearchParams, setFilter, clear, from, page, setPage } = useListParams<
    "service" | "status"
  >();
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

  const list = useListPage("/api/admin/enquiries", { ...filters, page }, EnquiryPage, { staleTime: 15_000 });
  const filtered = Boolean(filters.q || filters.service || filters.status);
  const exportHref = `/api/admin/enquiries/export.csv${queryString(filters)}`;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={t("enquiries.title")}
        description={t("enquiries.lead")}
        actions={
          <a className={buttonClasses("outline", "sm")} href={exportHref} download data-testid="export-csv">
            <Download aria-hidden="true" />
            {t("enquiries.export")}
          </a>
        }
      />

      <RecordList
        scope="enquiries"
        icon={Inbox}
        toolbarClassName="flex flex-col gap-2 border-b p-3 sm:flex-row sm:items-center sm:p-4"
        filters={
          <>
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
              <FilterSelect
                id="enquiry-service"
                label={t("enquiries.service")}
                all={t("enquiries.allServices")}
                className="sm:w-48"
                value={filters.service}
                onChange={(value) => setFilter("service", value)}
                options={contactServiceOptions}
              />
              <FilterSelect
                id="enquiry-status"
                label={t("enquiries.status")}
                all={t("enquiries.allStatuses")}
                className="sm:w-40"
                value={filters.status}
                onChange={(value) => setFilter("status", value)}
                options={EnquiryStatus.options.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              />
            </div>
          </>
        }
        filtered={filtered}
        onClear={clearFilters}
        clearClassName="self-start sm:self-auto"
        list={list}
        page={page}
        onPage={setPage}
        columns={["from", "service", "status", "assignee", "received"]}
        from={from}
        to={(enquiry) => paths.adminEnquiry({ id: enquiry.id })}
        firstCellClassName="max-w-0 py-3 pr-3 pl-5 lg:w-[42%]"
        title={(enquiry) => (
          <>
            {enquiry.firstName} {enquiry.lastName}
            <span className="ml-2 font-normal text-muted-foreground">{enquiry.email}</span>
          </>
        )}
        detail={(enquiry) => <p className="mt-0.5 truncate text-xs text-muted-foreground">{enquiry.excerpt}</p>}
        cells={(enquiry) => (
          <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">{serviceLabel(enquiry.service)}</td>
        )}
        badge={(enquiry) => <StatusBadge status={enquiry.status} />}
        cardTitle={(enquiry) => (
          <>
            <span className="block truncate text-sm font-medium text-foreground">
              {enquiry.firstName} {enquiry.lastName}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{enquiry.email}</span>
          </>
        )}
        card={(enquiry) => <span className="mt-1.5 line-clamp-2 text-sm text-muted-foreground">{enquiry.excerpt}</span>}
        cardFacts={[(enquiry) => serviceLabel(enquiry.service)]}
      />
    </div>
  );
}
