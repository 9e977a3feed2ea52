import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import {
  AddEnquiryNote,
  Assignees,
  EnquiryDetail,
  EnquiryNote,
  EnquiryStatus,
  type UpdateEnquiry,
} from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { actionLabel, changeLine } from "../../../features/admin/audit-format.ts";
import { Panel, StatusBadge, BackLink, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, isNetworkError, isStatus, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import { Select } from "../../../features/admin/select.tsx";
import { serviceLabel } from "../../../features/admin/services.ts";
import { NotesPanel } from "../../../features/admin/notes-panel.tsx";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/enquiry";
import { paths } from "../../../lib/route-table.ts";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.enquiry", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

const assigneesKey = ["/api/admin/assignees"] as const;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

export default function EnquiryPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const backTo = `${paths.adminEnquiries()}${typeof location.state?.from === "string" ? location.state.from : ""}`;
  const detailKey = [`/api/admin/enquiries/${id}`] as const;

  const enquiry = useQuery({
    queryKey: detailKey,
    queryFn: () => getJson(`/api/admin/enquiries/${encodeURIComponent(id)}`, EnquiryDetail),
    retry: adminRetry,
    staleTime: 10_000,
  });
  const assignees = useQuery({
    queryKey: assigneesKey,
    queryFn: () => getJson("/api/admin/assignees", Assignees),
    retry: adminRetry,
  });
  const names = new Map((assignees.data?.items ?? []).map((person) => [person.id, person.displayName]));

  const update = useMutation({
    mutationFn: (changes: UpdateEnquiry) =>
      sendJson("PATCH", `/api/admin/enquiries/${encodeURIComponent(id)}`, changes, EnquiryDetail),
    onSuccess: (data, changes) => {
      queryClient.setQueryData(detailKey, data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/enquiries"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/overview"] });
      toast({
        title: changes.status
          ? t("enquiry.statusSaved", { status: t(`status.${data.status}`) })
          : t("enquiry.assigneeSaved"),
        variant: "success",
      });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      toast({
        title: t("enquiry.saveFailed"),
        description: isNetworkError(error)
          ? t("common.connectionError")
          : (serverMessage(error) ?? t("common.unexpectedError")),
        variant: "destructive",
      });
    },
  });

  const back = <BackLink to={backTo}>{t("enquiry.back")}</BackLink>;

  if (!enquiry.isSuccess)
    return (
      <RecordFallback query={enquiry} back={back} notFound={{ title: t("notFound.title"), body: t("notFound.body") }} />
    );

  const data = enquiry.data;
  const pending = update.isPending ? update.variables : undefined;
  const status = pending?.status ?? data.status;
  const assigneeId = pending && pending.assigneeId !== undefined ? pending.assigneeId : (data.assignee?.id ?? null);
  const name = `${data.firstName} ${data.lastName}`;
  // A former assignee no longer on the list still shows by name.
  const assigneeOptions = [
    ...(assignees.data?.items ?? []),
    ...(data.assignee && !names.has(data.assignee.id) ? [data.assignee] : []),
  ];

  return (
    <div className="grid gap-6">
      {back}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground" data-testid="enquiry-name">
            {name}
          </h1>
          <StatusBadge status={data.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>{serviceLabel(data.service)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={data.createdAt} title={formatDateTime(data.createdAt)}>
            {t("enquiry.received", { when: formatRelative(data.createdAt) })}
          </time>
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 gap-6">
          <Panel title={t("enquiry.message")}>
            <p
              className="text-sm leading-relaxed whitespace-pre-wrap break-words text-foreground"
              data-testid="enquiry-message"
            >
              {data.message}
            </p>
          </Panel>

          <NotesPanel
            scope="enquiry"
            notes={data.notes}
            url={`/api/admin/enquiries/${encodeURIComponent(data.id)}/notes`}
            request={AddEnquiryNote}
            response={EnquiryNote}
            onSaved={(note) => {
              queryClient.setQueryData<EnquiryDetail>(detailKey, (current) =>
                current ? { ...current, notes: [...current.notes, note] } : current,
              );
              void queryClient.invalidateQueries({ queryKey: detailKey });
            }}
          />

          <Panel title={t("enquiry.history")}>
            {data.history.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("enquiry.noHistory")}</p>
            ) : (
              <ol className="relative grid gap-4 border-l pl-5" data-testid="enquiry-history">
                {data.history.map((entry) => {
                  const change = changeLine(t, entry, names);
                  return (
                    <li key={entry.id} className="relative">
                      <span
                        aria-hidden="true"
                        className="absolute top-1.5 -left-[1.6875rem] size-2.5 rounded-full border-2 border-card bg-primary/70"
                      />
                      <p className="text-sm text-foreground">
                        <span className="font-medium">{entry.actor ?? t("enquiry.system")}</span>{" "}
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
        </div>

        <div className="grid gap-6 lg:sticky lg:top-6">
          <Panel title={t("enquiry.workflow")}>
            <div className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="enquiry-status">{t("enquiry.status")}</Label>
                <Select
                  id="enquiry-status"
                  value={status}
                  disabled={update.isPending}
                  onChange={(event) => {
                    const next = EnquiryStatus.parse(event.target.value);
                    if (next !== data.status) update.mutate({ status: next });
                  }}
                >
                  {EnquiryStatus.options.map((option) => (
                    <option key={option} value={option}>
                      {t(`status.${option}`)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="enquiry-assignee">{t("enquiry.assignee")}</Label>
                <Select
                  id="enquiry-assignee"
                  value={assigneeId ?? ""}
                  disabled={update.isPending || assignees.isPending}
                  onChange={(event) => {
                    const next = event.target.value || null;
                    if (next !== (data.assignee?.id ?? null)) update.mutate({ assigneeId: next });
                  }}
                >
                  <option value="">{t("enquiry.unassigned")}</option>
                  {assigneeOptions.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.displayName}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          </Panel>

          <Panel title={t("enquiry.contact")}>
            <dl className="divide-y">
              <Detail term={t("enquiry.name")}>{name}</Detail>
              <Detail term={t("enquiry.email")}>
                <a
                  href={`mailto:${data.email}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="enquiry-email"
                >
                  {data.email}
                </a>
              </Detail>
              <Detail term={t("enquiry.service")}>{serviceLabel(data.service)}</Detail>
              <Detail term={t("enquiry.createdAt")}>
                <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
              </Detail>
              <Detail term={t("enquiry.updatedAt")}>
                <time dateTime={data.updatedAt}>{formatDateTime(data.updatedAt)}</time>
              </Detail>
              {data.ipAddress ? (
                <Detail term={t("enquiry.ipAddress")}>
                  <span className="font-mono text-xs">{data.ipAddress}</span>
                </Detail>
              ) : null}
              {data.userAgent ? (
                <Detail term={t("enquiry.userAgent")}>
                  <span className="text-xs text-muted-foreground">{data.userAgent}</span>
                </Detail>
              ) : null}
            </dl>
            <Button asChild variant="outline" size="sm" className="mt-4 w-full">
              <a href={`mailto:${data.email}`}>
                <Mail aria-hidden="true" />
                {t("enquiry.reply")}
              </a>
            </Button>
          </Panel>
        </div>
      </div>
    </div>
  );
}
