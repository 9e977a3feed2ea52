import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn.ts";
import { FilterChips, PagedList, Panel } from "./admin-ui.tsx";

/*
 * The staff lists of orders and renewals (domains, VPS, renewals): chips that filter by state over
 * a paged table whose rows link to the order.
 */

/** A paged list in a panel under its chips (and any other filter, `tools`), in the address through `useListParams`. */
export function ChipListPanel<T, F extends string>({
  chips,
  tools,
  ...list
}: {
  chips: ComponentProps<typeof FilterChips<F>>;
  tools?: ReactNode;
} & Omit<ComponentProps<typeof PagedList<T>>, "keepsPrevious" | "className">) {
  return (
    <Panel bodyClassName="p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b p-3">
        <FilterChips {...chips} />
        {tools}
      </div>
      <PagedList {...list} />
    </Panel>
  );
}

/** A list's table: a row of column headings over `ListRow`s; it scrolls sideways on a narrow screen. */
export function ListTable({
  headings,
  className = "min-w-[44rem]",
  testId,
  children,
}: {
  headings: readonly string[];
  /** The table's width (`min-w-*`). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={cn("w-full text-left text-sm", className)} data-testid={testId}>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-2.5 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One row of a `ListTable`. */
export function ListRow({ className, testId, children }: { className?: string; testId?: string; children: ReactNode }) {
  return (
    <tr className={cn("border-b last:border-0 hover:bg-muted/40", className)} data-testid={testId}>
      {children}
    </tr>
  );
}

/** A plain cell of a `ListTable`. */
export function Cell({ className, children }: { className?: string; children: ReactNode }) {
  return <td className={cn("px-4 py-3", className)}>{children}</td>;
}

/** The cell that links to the order by its reference. */
export function ReferenceCell({ to, reference }: { to: string; reference: string }) {
  return (
    <Cell className="font-medium">
      <Link to={to} className="whitespace-nowrap text-primary hover:underline">
        {reference}
      </Link>
    </Cell>
  );
}

/** A cell of two lines: what it is, and a smaller line under it (the customer and their email, say). */
export function TwoLineCell({
  first,
  second,
  firstClassName,
}: {
  first: ReactNode;
  second: ReactNode;
  /** Replaces the first line's look (`text-foreground`). */
  firstClassName?: string;
}) {
  return (
    <Cell>
      <span className={cn("block", firstClassName ?? "text-foreground")}>{first}</span>
      <span className="text-xs text-muted-foreground">{second}</span>
    </Cell>
  );
}
