import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { AddEnquiryNote, EnquiryDetail, EnquiryNote, EnquiryStatus, type UpdateEnquiry } from "#contracts/admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import "../../../features/admin/admin-messages.ts";
import { Panel, StatusBadge, BackLink, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson } from "../../../features/admin/api.ts";
import { formatDateTime } from "../../../features/admin/format.ts";
import { serviceLabel } from "../../../features/admin/services.ts";
import { NotesPanel } from "../../../features/admin/notes-panel.tsx";
import {
  CreatedAt,
  Detail,
  EmailLink,
  HistoryPanel,
  RecordTitle,
  ReplyButton,
  useAssignees,
  useRecordUpdate,
  WorkflowPanel,
} from "../../../features/admin/record-panels.tsx";
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
  const { assignees, names } = useAssignees();
  const update = useRecordUpdate<UpdateEnquiry, typeof EnquiryDetail>({
    scope: "enquiry",
    url: `/api/admin/enquiries/${encodeURIComponent(id)}`,
    detailKey,
    response: EnquiryDetail,
    invalidates: [["/api/admin/enquiries"], ["/api/admin/overview"]],
    statusSaved: (saved) => t("enquiry.statusSaved", { status: t(`status.${saved.status}`) }),
  });

  const back = <BackLink to={backTo}>{t("enquiry.back")}</BackLink>;

  if (!enquiry.isSuccess)
    return (
      <RecordFallback query={enquiry} back={back} notFound={{ title: t("notFound.title"), body: t("notFound.body") }} />
    );

  const data = enquiry.data;
  const name = `${data.firstName} ${data.lastName}`;

  return (
    <div className="grid gap-6">
      {back}
      <RecordTitle title={name} testId="enquiry-name" badge={<StatusBadge status={data.status} />}>
        <span>{serviceLabel(data.service)}</span>
        <span aria-hidden="true">·</span>
        <CreatedAt iso={data.createdAt} label={(when) => t("enquiry.received", { when })} />
      </RecordTitle>

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

          <HistoryPanel scope="enquiry" history={data.history} names={names} />
        </div>

        <div className="grid gap-6 lg:sticky lg:top-6">
          <WorkflowPanel
            scope="enquiry"
            statuses={EnquiryStatus.options}
            statusLabel={(option) => t(`status.${option}`)}
            saved={data}
            update={update}
            assignees={assignees}
          />

          <Panel title={t("enquiry.contact")}>
            <dl className="divide-y">
              <Detail term={t("enquiry.name")}>{name}</Detail>
              <Detail term={t("enquiry.email")}>
                <EmailLink email={data.email} testId="enquiry-email" />
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
            <ReplyButton email={data.email} label={t("enquiry.reply")} className="mt-4 w-full" />
          </Panel>
        </div>
      </div>
    </div>
  );
}
