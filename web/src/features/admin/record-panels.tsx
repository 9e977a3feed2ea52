import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Assignees, type AuditEntry } from "#contracts/admin.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { Panel } from "./admin-ui.tsx";
import { adminRetry, getJson, isNetworkError, isStatus, sendJson, serverMessage } from "./api.ts";
import { actionLabel, changeLine } from "./audit-format.ts";
import { formatDateTime, formatRelative } from "./format.ts";
import type { NotesScope } from "./notes-panel.tsx";
import { Select } from "./select.tsx";

/*
 * The pieces an enquiry's page and a project's page share: the title block, the workflow panel
 * (status and assignee), the history and the contact details. Each page names its words in the
 * admin catalog under its own key (`enquiry.*`, `project.*`), as the notes panel does.
 */

const assigneesKey = ["/api/admin/assignees"] as const;

type Person = Assignees["items"][number];

/** The staff a record may be assigned to, and their names by id (for history lines). */
export function useAssignees() {
  const assignees = useQuery({
    queryKey: assigneesKey,
    queryFn: () => getJson("/api/admin/assignees", Assignees),
    retry: adminRetry,
  });
  const names = new Map((assignees.data?.items ?? []).map((person) => [person.id, person.displayName]));
  return { assignees, names };
}

/**
 * The PATCH that changes a record's status or assignee: the answer replaces the cached record,
 * the lists (`invalidates`) refresh, and a toast says what was saved or why not.
 */
export function useRecordUpdate<C extends { status?: string; assigneeId?: string | null }, R extends z.ZodType>({
  scope,
  url,
  detailKey,
  response,
  invalidates,
  statusSaved,
}: {
  scope: NotesScope;
  url: string;
  detailKey: readonly unknown[];
  response: R;
  invalidates: ReadonlyArray<readonly unknown[]>;
  /** The toast after a status change, from the saved record. */
  statusSaved: (saved: z.infer<R>) => string;
}) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: C) => sendJson("PATCH", url, changes, response),
    onSuccess: (data, changes) => {
      queryClient.setQueryData(detailKey, data);
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
      toast({
        title: changes.status ? statusSaved(data) : t(`${scope}.assigneeSaved` as "enquiry.assigneeSaved"),
        variant: "success",
      });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      toast({
        title: t(`${scope}.saveFailed` as "enquiry.saveFailed"),
        description: isNetworkError(error)
          ? t("common.connectionError")
          : (serverMessage(error) ?? t("common.unexpectedError")),
        variant: "destructive",
      });
    },
  });
}

/** A record's name, its status badge, and a line of facts under them. */
export function RecordTitle({
  title,
  testId,
  badge,
  children,
}: {
  title: ReactNode;
  testId: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground" data-testid={testId}>
          {title}
        </h1>
        {badge}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/** "Saved 3 hours ago", with the exact time on hover. */
export function CreatedAt({ iso, label }: { iso: string; label: (when: string) => string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {label(formatRelative(iso))}
    </time>
  );
}

/** The status and assignee selects; a change is saved at once through the record's update. */
export function WorkflowPanel<S extends string>({
  scope,
  statuses,
  statusLabel,
  saved,
  update,
  assignees,
}: {
  scope: NotesScope;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** The record as saved; choosing what it already has saves nothing. */
  saved: { status: S; assignee: Person | null };
  /** The record's update (`useRecordUpdate`): the selects show the change it is saving. */
  update: {
    isPending: boolean;
    variables: { status?: S; assigneeId?: string | null } | undefined;
    mutate: (changes: { status: S } | { assigneeId: string | null }) => void;
  };
  assignees: ReturnType<typeof useAssignees>["assignees"];
}) {
  const pending = update.isPending ? update.variables : undefined;
  const people = assignees.data?.items ?? [];
  const busy = update.isPending;
  const onChange = update.mutate;
  const { t } = useTranslation("admin");
  const word = (key: string) => t(`${scope}.${key}` as "enquiry.status");
  const status = pending?.status ?? saved.status;
  const assigneeId = pending?.assigneeId !== undefined ? pending.assigneeId : (saved.assignee?.id ?? null);
  // A former assignee no longer on the list still shows by name.
  const options =
    saved.assignee && !people.some((person) => person.id === saved.assignee?.id) ? [...people, saved.assignee] : people;
  return (
    <Panel title={word("workflow")}>
      <div className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${scope}-status`}>{word("status")}</Label>
          <Select
            id={`${scope}-status`}
            value={status}
            disabled={busy}
            onChange={(event) => {
              const next = statuses.find((option) => option === event.target.value);
              if (next && next !== saved.status) onChange({ status: next });
            }}
          >
            {statuses.map((option) => (
              <option key={option} value={option}>
                {statusLabel(option)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${scope}-assignee`}>{word("assignee")}</Label>
          <Select
            id={`${scope}-assignee`}
            value={assigneeId ?? ""}
            disabled={busy || assignees.isPending}
            onChange={(event) => {
              const next = event.target.value || null;
              if (next !== (saved.assignee?.id ?? null)) onChange({ assigneeId: next });
            }}
          >
            <option value="">{word("unassigned")}</option>
            {options.map((person) => (
              <option key={person.id} value={person.id}>
                {person.displayName}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </Panel>
  );
}

/** Who did what to the record and when, oldest first; staff ids and statuses read as names. */
export function HistoryPanel({
  scope,
  history,
  names,
}: {
  scope: NotesScope;
  history: ReadonlyArray<Pick<AuditEntry, "id" | "actor" | "action" | "details" | "createdAt">>;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t(`${scope}.history` as "enquiry.history")}>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(`${scope}.noHistory` as "enquiry.noHistory")}</p>
      ) : (
        <ol className="relative grid gap-4 border-l pl-5" data-testid={`${scope}-history`}>
          {history.map((entry) => {
            const change = changeLine(t, entry, names);
            return (
              <li key={entry.id} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.6875rem] size-2.5 rounded-full border-2 border-card bg-primary/70"
                />
                <p className="text-sm text-foreground">
                  <span className="font-medium">{entry.actor ?? t(`${scope}.system` as "enquiry.system")}</span>{" "}
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
  );
}

/** One term and its value in a record's details list. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** A mailto link to the record's contact. */
export function EmailLink({ email, testId }: { email: string; testId: string }) {
  return (
    <a
      href={`mailto:${email}`}
      className="font-medium text-primary underline-offset-4 hover:underline"
      data-testid={testId}
    >
      {email}
    </a>
  );
}

/** The button that opens a reply to the record's contact in the mail program. */
export function ReplyButton({ email, label, className }: { email: string; label: string; className?: string }) {
  return (
    <a className={buttonClasses("outline", "sm", className)} href={`mailto:${email}`}>
      <Mail aria-hidden="true" />
      {label}
    </a>
  );
}
