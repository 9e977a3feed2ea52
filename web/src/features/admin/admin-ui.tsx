import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  FileQuestion,
  RotateCw,
  SearchX,
  ShieldOff,
  X,
  type LucideIcon,
} from "lucide-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { EnquiryStatus, StaffRole } from "#contracts/admin.ts";
import type { ProjectStatus } from "#contracts/advisor.ts";
import type { z } from "zod";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { FieldError, Label } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { cn } from "../../lib/cn.ts";
import { adminRetry, getJson, isStatus, queryString } from "./api.ts";
import { formatDateTime, formatNumber, formatRelative, initials } from "./format.ts";
import { paths } from "../../lib/route-table.ts";

export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow}
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-foreground">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A white surface with an optional title row; the building block of every admin screen. */
export function Panel({
  title,
  description,
  actions,
  className,
  bodyClassName,
  children,
  ...props
}: Omit<ComponentProps<"section">, "title"> & {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  bodyClassName?: string;
}) {
  return (
    <section className={cn("rounded-xl border bg-card text-card-foreground shadow-xs", className)} {...props}>
      {title ? (
        <div className="flex items-start justify-between gap-4 border-b px-5 py-4">
          <div className="min-w-0">
            <h2 className="text-sm font-semibold text-foreground">{title}</h2>
            {description ? <p className="mt-0.5 text-xs text-muted-foreground">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      <div className={bodyClassName ?? "p-5"}>{children}</div>
    </section>
  );
}

const statusStyles: Record<EnquiryStatus, string> = {
  new: "bg-primary/10 text-accent-foreground ring-primary/25 dark:bg-primary/15",
  contacted: "bg-warning/15 text-amber-800 ring-warning/35 dark:text-warning",
  qualified: "bg-violet-500/10 text-violet-700 ring-violet-500/25 dark:text-violet-300",
  won: "bg-success/10 text-success ring-success/25",
  lost: "bg-muted text-muted-foreground ring-border",
};

const statusDots: Record<EnquiryStatus, string> = {
  new: "bg-primary",
  contacted: "bg-warning",
  qualified: "bg-violet-500",
  won: "bg-success",
  lost: "bg-muted-foreground/60",
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  const { t } = useTranslation("admin");
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        statusStyles[status],
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", statusDots[status])} />
      {t(`status.${status}`)}
    </span>
  );
}

// A project's pipeline reads in the inbox's colours; "proposal sent" takes the place of "qualified".
const projectStatusStyles: Record<ProjectStatus, string> = {
  new: statusStyles.new,
  contacted: statusStyles.contacted,
  "proposal-sent": statusStyles.qualified,
  won: statusStyles.won,
  lost: statusStyles.lost,
};

const projectStatusDots: Record<ProjectStatus, string> = {
  new: statusDots.new,
  contacted: statusDots.contacted,
  "proposal-sent": statusDots.qualified,
  won: statusDots.won,
  lost: statusDots.lost,
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation("admin");
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        projectStatusStyles[status],
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", projectStatusDots[status])} />
      {t(`projects.statuses.${status}`)}
    </span>
  );
}

export function RoleBadge({ role }: { role: StaffRole }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        role === "admin"
          ? "bg-accent text-accent-foreground ring-primary/20"
          : "bg-muted text-muted-foreground ring-border",
      )}
    >
      {t(`roles.${role}`)}
    </span>
  );
}

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-primary/80 to-cyan-500/80 font-semibold text-white",
        className ?? "size-8 text-xs",
      )}
    >
      {initials(name)}
    </span>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  className,
}: {
  icon: LucideIcon;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center px-6 py-14 text-center", className)}>
      <span className="grid size-11 place-items-center rounded-xl border bg-muted/60 text-muted-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 className="mt-4 text-sm font-semibold text-foreground">{title}</h2>
      {body ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{body}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

export function NoAccess() {
  const { t } = useTranslation("admin");
  return (
    <Panel className="mx-auto mt-6 max-w-xl" data-testid="no-access">
      <EmptyState
        icon={ShieldOff}
        title={t("noAccess.title")}
        body={t("noAccess.body")}
        action={
          <Link className={buttonClasses("outline", "sm")} to={paths.admin()}>
            {t("noAccess.back")}
          </Link>
        }
      />
    </Panel>
  );
}

/** What a failed query shows: "no access" for a 403, otherwise a retry. (A 401 has already left.) */
export function LoadError({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  const { t } = useTranslation("admin");
  if (isStatus(error, 403)) return <NoAccess />;
  return (
    <div role="alert" className={cn("flex flex-col items-center px-6 py-14 text-center", className)}>
      <h2 className="text-sm font-semibold text-foreground">{t("common.loadError")}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("common.loadErrorBody")}</p>
      <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t("common.retry")}
      </Button>
    </div>
  );
}

export function PanelSpinner({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={cn("flex items-center justify-center py-16", className)}>
      <Spinner className="size-6" />
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}

/** What a panel shows until its query has data: a spinner, or the error with a retry; null once loaded. */
export function QueryFallback({
  query,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}): ReactNode {
  if (query.isPending) return <PanelSpinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}

/** A section of tabs under its title and lead; the tab is in the address (`?tab=`, none for the first). */
export function TabbedSection<K extends string>({
  title,
  lead,
  tabs,
  tabLabel,
  children,
}: {
  title: string;
  lead: string;
  tabs: readonly [K, ...K[]];
  tabLabel: (tab: K) => string;
  /** The chosen tab's content. */
  children: (tab: K) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((key) => key === params.get("tab")) ?? tabs[0];
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={title} description={lead} />
      <Tabs
        items={tabs.map((key) => ({ value: key, label: tabLabel(key) }))}
        value={tab}
        onValueChange={(key) => setParams(key === tabs[0] ? {} : { tab: key })}
        label={title}
        look="underline"
      >
        {children(tab)}
      </Tabs>
    </div>
  );
}

/** The link above a record's page back to the list it came from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm font-medium",
        "text-muted-foreground transition-colors hover:text-foreground",
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/**
 * What a record's page shows until its record is there: a spinner while it loads; "not found"
 * (a malformed or unknown id) or the load error with a retry, under the link back to the list.
 * Null once the record has loaded.
 */
export function RecordFallback({
  query,
  back,
  notFound,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  back: ReactNode;
  notFound: { title: ReactNode; body?: ReactNode };
}): ReactNode {
  if (query.isPending) return <PanelSpinner className="min-h-[50vh]" />;
  if (!query.isError) return null;
  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <Panel>
        {isStatus(query.error, 404) || isStatus(query.error, 400) ? (
          <EmptyState icon={FileQuestion} title={notFound.title} body={notFound.body} />
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Panel>
    </div>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("admin");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t("common.pagination")}
      className="flex items-center justify-between gap-3 border-t px-4 py-3 sm:px-5"
    >
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {t("common.showing", { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </p>
      <div className="flex items-center gap-2">
        <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">
          {t("common.pageOf", { page: formatNumber(page), pages: formatNumber(pages) })}
        </span>
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("common.previous")}</span>
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <span className="sr-only sm:not-sr-only">{t("common.next")}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** Chips that filter a list by one value: one pressed at a time, each with its count when it has one. */
export function FilterChips<T extends string>({
  label,
  options,
  selected,
  onSelect,
  labelOf,
  counts = {},
}: {
  label: string;
  options: readonly T[];
  selected: T;
  onSelect: (value: T) => void;
  labelOf: (value: T) => string;
  counts?: Record<string, number>;
}) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={selected === option}
          onClick={() => onSelect(option)}
          className={cn(
            "rounded-full border px-3 py-1 text-xs font-medium",
            selected === option
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-card text-muted-foreground hover:text-foreground",
          )}
        >
          {labelOf(option)}
          {counts[option] ? <span className="ml-1.5 tabular-nums opacity-80">{counts[option]}</span> : null}
        </button>
      ))}
    </div>
  );
}

/**
 * A paged list's body: a spinner, the error with a retry, the empty state (or, when filters are on,
 * "nothing matches"), or the items and their pages. A list that keeps its previous page while the
 * next loads (`keepsPrevious`, placeholder data) shows it dimmed, and keeps showing it if a refresh fails.
 */
export function PagedList<T>({
  list,
  empty,
  noMatch,
  page,
  pageSize = LIST_PAGE_SIZE,
  onPage,
  keepsPrevious = false,
  className,
  children,
}: {
  list: {
    data: { items: T[]; total: number; page?: number; pageSize?: number } | undefined;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isPlaceholderData?: boolean;
    isFetching?: boolean;
  };
  empty: ReactNode;
  /** Shown instead of `empty` when the list is filtered. */
  noMatch?: { title: ReactNode; body: ReactNode } | false;
  page: number;
  pageSize?: number;
  onPage: (page: number) => void;
  keepsPrevious?: boolean;
  /** Classes for the wrapper of the items and their pages, with `keepsPrevious`. */
  className?: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isError && !(keepsPrevious && list.data))
    return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <PanelSpinner />;
  if (list.data.items.length === 0)
    return noMatch ? <EmptyState icon={SearchX} title={noMatch.title} body={noMatch.body} /> : empty;
  const body = (
    <>
      {children(list.data.items)}
      <Pagination
        page={list.data.page ?? page}
        pageSize={list.data.pageSize ?? pageSize}
        total={list.data.total}
        onPage={onPage}
      />
    </>
  );
  if (!keepsPrevious) return body;
  return (
    <div
      className={cn("transition-opacity", list.isPlaceholderData && "opacity-60", className)}
      aria-busy={list.isFetching}
    >
      {body}
    </div>
  );
}

/** A list table's assignee cell: the name, or "Unassigned" in italics. */
export function AssigneeCell({ name, unassigned }: { name: string | undefined; unassigned: string }) {
  return (
    <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
      {name ?? <span className="text-muted-foreground italic">{unassigned}</span>}
    </td>
  );
}

/** A list table's last cell: how long ago, with the exact time on hover. */
export function WhenCell({ iso }: { iso: string }) {
  return (
    <td className="py-3 pr-5 pl-3 text-right whitespace-nowrap text-muted-foreground tabular-nums">
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatRelative(iso)}
      </time>
    </td>
  );
}

/** The classes of a table row's main link, whose click area covers the whole row. */
export const rowLinkClass = cn(
  "block truncate font-medium text-foreground after:absolute",
  "after:inset-0 focus-visible:outline-none after:focus-visible:outline-2",
  "after:focus-visible:-outline-offset-2 after:focus-visible:outline-ring",
);

/**
 * A list page's filters kept in the address: `setFilter` sets or clears one (and goes back to the
 * first page), `clear` drops them all, and `from` is the query string a record page links back to.
 */
export function useListParams<N extends string>() {
  const [searchParams, setSearchParams] = useSearchParams();
  const setFilter = (name: N | "page", value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value && !(name === "page" && value === "1")) next.set(name, value);
      else next.delete(name);
      if (name !== "page") next.delete("page");
      return next;
    });
  const clear = () => setSearchParams(new URLSearchParams());
  const from = searchParams.toString() ? `?${searchParams.toString()}` : "";
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const setPage = (next: number) => setFilter("page", String(next));
  return { searchParams, setSearchParams, setFilter, clear, from, page, setPage };
}

/** How many rows a staff list shows a page. */
export const LIST_PAGE_SIZE = 20;

/**
 * One page of a staff list: the filters and page go in the query string (blank ones left out), and
 * the previous page stays on screen while the next loads (for `PagedList`'s `keepsPrevious`).
 * `pageSize` is `LIST_PAGE_SIZE` unless the list says otherwise.
 */
export function useListPage<S extends z.ZodType>(
  url: string,
  filters: Record<string, string | number | undefined>,
  response: S,
  { pageSize = LIST_PAGE_SIZE, ...options }: { staleTime?: number; pageSize?: number } = {},
) {
  const params = { ...filters, pageSize };
  return useQuery({
    queryKey: [url, params],
    queryFn: () => getJson(`${url}${queryString(params)}`, response),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    ...options,
  });
}

export function FormField({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria attributes that tie a control to its hint and error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return { "aria-invalid": Boolean(error), "aria-describedby": ids.length ? ids.join(" ") : undefined };
}

/** The admin's modal dialog frame. */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn(
            "fixed inset-0 z-[70] bg-foreground/40 backdrop-blur-[2px]",
            "transition-opacity duration-150 starting:opacity-0 dark:bg-black/60",
          )}
        />
        <Dialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-[71] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 " +
              "-translate-y-1/2 overflow-y-auto rounded-xl border bg-card p-5 text-card-foreground shadow-2xl " +
              "transition-[opacity,scale] duration-150 starting:scale-[0.97] starting:opacity-0 sm:p-6",
            className ?? "max-w-md",
          )}
        >
          <div className="pr-8">
            <Dialog.Title className="text-base font-semibold tracking-tight text-foreground">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
          </div>
          <div className="mt-5">{children}</div>
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute top-3 right-3" aria-label={t("common.close")}>
              <X aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The error line above a form's buttons, for what the server said about the whole form. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
