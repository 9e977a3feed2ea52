import type { LucideIcon } from "lucide-react";
import { X } from "lucide-react";
import { Fragment, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatRelative } from "./format.ts";
import { AssigneeCell, EmptyState, PagedList, rowLinkClass, WhenCell } from "./admin-ui.tsx";
import { Select } from "./select.tsx";

/*
 * The list of enquiries and the list of projects: filters over a table on wide screens and a list
 * of cards on phones, each row linking to the record with the list's address (`from`) to come back
 * to. Each list names its words in the admin catalog under its own key (`enquiries.*`, `projects.*`).
 * Their frame (`ListSection`: filters, "clear filters", pages, empty states) also holds the payments list.
 */

type Scope = "enquiries" | "projects";

/** One record of a scope, for the test ids (`enquiry-table`, `enquiry-row`). */
const ONE: Record<Scope, string> = { enquiries: "enquiry", projects: "project" };

/** What a listed record has for the shared columns: its status, assignee and when it came. */
interface ListedRecord {
  id: string;
  createdAt: string;
  assignee?: { displayName: string } | null;
}

/** A filter of the list as a compact select, its label for screen readers only, "all" first. */
export function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  options,
  className,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select compact id={id} className={className} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </>
  );
}

/**
 * A filtered list in a card, titled for screen readers (`<name>-results`): its filters in a search
 * bar with "clear filters" when any is on, then its pages, keeping the previous page while the next
 * loads, with `empty` or (when filtered) `noMatch` when there is nothing to show.
 */
export function ListSection<T>({
  name,
  title,
  filters,
  toolbarClassName,
  filtered,
  onClear,
  clearLabel,
  clearClassName,
  noMatch,
  ...list
}: {
  name: string;
  title: string;
  filters: ReactNode;
  toolbarClassName: string;
  filtered: boolean;
  onClear: () => void;
  clearLabel: string;
  clearClassName?: string;
  noMatch: { title: ReactNode; body: ReactNode };
} & Omit<ComponentProps<typeof PagedList<T>>, "keepsPrevious" | "noMatch">) {
  return (
    <section className="rounded-xl border bg-card shadow-xs" aria-labelledby={`${name}-results`}>
      <h2 id={`${name}-results`} className="sr-only">
        {title}
      </h2>
      <div role="search" className={toolbarClassName}>
        {filters}
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear} className={clearClassName}>
            <X aria-hidden="true" />
            {clearLabel}
          </Button>
        ) : null}
      </div>
      <PagedList {...list} keepsPrevious noMatch={filtered && noMatch} />
    </section>
  );
}

/**
 * A list of records: its filters (and "clear filters" when any is on), then the records a page at
 * a time: on wide screens a table whose first cell links to the record (`title`, `detail` under
 * it), then the page's own cells (`cells`), the status, the assignee and the time; on phones a card
 * with the title, the status, the page's lines (`card`) and the assignee and time.
 */
export function RecordList<T extends ListedRecord>({
  scope,
  icon,
  filters,
  toolbarClassName,
  filtered,
  onClear,
  clearClassName,
  list,
  page,
  onPage,
  columns,
  from,
  to,
  firstCellClassName,
  title,
  detail,
  cells,
  badge,
  cardTitle,
  card,
  cardFacts = [],
  factsClassName = "mt-2",
}: {
  scope: Scope;
  icon: LucideIcon;
  filters: ReactNode;
  toolbarClassName: string;
  filtered: boolean;
  onClear: () => void;
  clearClassName?: string;
  list: Parameters<typeof PagedList<T>>[0]["list"];
  page: number;
  onPage: (page: number) => void;
  /** The columns' keys under `<scope>.columns`: the record, the page's own, status, assignee, time. */
  columns: readonly string[];
  from: string;
  to: (item: T) => string;
  firstCellClassName: string;
  title: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
  cells: (item: T) => ReactNode;
  badge: (item: T) => ReactNode;
  /** The card's first lines, beside the status. */
  cardTitle: (item: T) => ReactNode;
  card: (item: T) => ReactNode;
  /** The card's facts before the assignee and the time. */
  cardFacts?: ReadonlyArray<(item: T) => ReactNode>;
  /** The facts line's space above it. */
  factsClassName?: string;
}) {
  const { t } = useTranslation("admin");
  const word = (key: string) => t(`${scope}.${key}` as "enquiries.title");
  const last = columns.length - 1;
  const assignee = (item: T) => item.assignee?.displayName;
  return (
    <ListSection
      name={scope}
      title={word("title")}
      filters={filters}
      toolbarClassName={toolbarClassName}
      filtered={filtered}
      onClear={onClear}
      clearLabel={word("clearFilters")}
      clearClassName={clearClassName}
      list={list}
      noMatch={{ title: word("noMatchTitle"), body: word("noMatchBody") }}
      empty={<EmptyState icon={icon} title={word("emptyTitle")} body={word("emptyBody")} />}
      page={page}
      onPage={onPage}
    >
      {(items) => (
        <>
          {/* Wide screens: a table. */}
          <table className="hidden w-full text-sm md:table" data-testid={`${ONE[scope]}-table`}>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                {columns.map((key, index) => (
                  <th
                    key={key}
                    scope="col"
                    className={
                      index === 0
                        ? "py-2.5 pr-3 pl-5 font-medium"
                        : index === last
                          ? "py-2.5 pr-5 pl-3 text-right font-medium"
                          : "px-3 py-2.5 font-medium"
                    }
                  >
                    {word(`columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {items.map((item) => (
                <tr
                  key={item.id}
                  className="relative transition-colors hover:bg-muted/50"
                  data-testid={`${ONE[scope]}-row`}
                >
                  <td className={firstCellClassName}>
                    <Link to={to(item)} state={{ from }} className={rowLinkClass}>
                      {title(item)}
                    </Link>
                    {detail(item)}
                  </td>
                  {cells(item)}
                  <td className="px-3 py-3">{badge(item)}</td>
                  <AssigneeCell name={assignee(item)} unassigned={word("unassigned")} />
                  <WhenCell iso={item.createdAt} />
                </tr>
              ))}
            </tbody>
          </table>

          {/* Phones: a list. */}
          <ul className="divide-y md:hidden">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={to(item)} state={{ from }} className="block px-4 py-3.5 transition-colors hover:bg-muted/50">
                  <span className="flex items-start justify-between gap-3">
                    <span className="min-w-0">{cardTitle(item)}</span>
                    {badge(item)}
                  </span>
                  {card(item)}
                  <span
                    className={cn("flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground", factsClassName)}
                  >
                    {cardFacts.map((fact, index) => (
                      <Fragment key={index}>
                        <span>{fact(item)}</span>
                        <span aria-hidden="true">·</span>
                      </Fragment>
                    ))}
                    <span>{assignee(item) ?? word("unassigned")}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={item.createdAt}>{formatRelative(item.createdAt)}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListSection>
  );
}
