import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCcw, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  RENEWAL_STATUSES,
  StaffRenewal,
  StaffRenewalFilter,
  StaffRenewalPage,
  type RenewalStatus,
} from "#contracts/renewals.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { EmptyState, NoAccess, PageHeader, useListPage, useListParams } from "../../../features/admin/admin-ui.tsx";
import { sendJson, serverMessage } from "../../../features/admin/api.ts";
import { Cell, ChipListPanel, ListRow, ListTable } from "../../../features/admin/order-list.tsx";
import { formatDate, formatRelative } from "../../../features/admin/format.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { formatMoney } from "../../../lib/intl.ts";
import { i18n } from "../../../i18n/index.ts";
import { paths } from "../../../lib/route-table.ts";
import type { Route } from "./+types/renewals";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.renewals", { ns: "admin" }),
    description: i18n.t("renewals.lead", { ns: "admin" }),
    path: location.pathname,
    noindex: true,
  });
}

const listKey = "/api/admin/renewals";

const TONES: Record<RenewalStatus, BadgeTone> = {
  pending_payment: "neutral",
  paid: "primary",
  with_staff: "warning",
  completed: "success",
  failed: "warning",
  refunded: "neutral",
};

/** What staff do next: record a hand renewal on its order, or send a failed renewal's payment back. */
function NextStep({ renewal }: { renewal: StaffRenewal }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refund = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/renewals/${renewal.id}/refund`, {}, StaffRenewal),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: [listKey] });
      toast({ title: t("renewals.refundSent", { reference: data.reference }), variant: "success" });
    },
    onError: (error) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" }),
  });
  const order =
    renewal.kind === "domain"
      ? paths.adminDomainOrder({ id: renewal.targetId })
      : paths.adminVpsOrder({ id: renewal.targetId });

  return (
    <div className="grid justify-items-start gap-1.5">
      {renewal.status === "with_staff" ? (
        <p className="text-xs text-muted-foreground">{t("renewals.recordHint")}</p>
      ) : null}
      {renewal.refund ? (
        <Badge tone={renewal.refund.status === "succeeded" ? "success" : "warning"}>
          {t(`renewals.refundStep.${renewal.refund.status}`)}
        </Badge>
      ) : null}
      {renewal.refundable ? (
        confirming ? (
          <Button
            size="sm"
            variant="destructive"
            disabled={refund.isPending}
            onClick={() => {
              setConfirming(false);
              refund.mutate();
            }}
          >
            <Undo2 aria-hidden="true" />
            {t("renewals.refundConfirm", { amount: formatMoney(Number(renewal.amount), renewal.currency) })}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={refund.isPending} onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden="true" />
            {refund.isPending ? t("renewals.refunding") : t("renewals.refund")}
          </Button>
        )
      ) : null}
      {renewal.refundable && confirming ? (
        <p className="text-xs text-muted-foreground">{t("renewals.refundHint")}</p>
      ) : null}
      <Link to={order} className="text-xs font-medium text-primary hover:underline">
        {t("renewals.openOrder")}
      </Link>
    </div>
  );
}

function RenewalsTable({ items }: { items: StaffRenewal[] }) {
  const { t } = useTranslation("admin");
  return (
    <ListTable
      headings={(["reference", "customer", "service", "amount", "status", "action"] as const).map((key) =>
        t(`renewals.columns.${key}`),
      )}
      className="min-w-[52rem]"
      testId="renewals-table"
    >
      {items.map((r) => (
        <ListRow key={r.id} className="align-top">
          <th scope="row" className="px-4 py-3 text-left font-medium whitespace-nowrap text-foreground">
            {r.reference}
            <span className="block text-xs font-normal text-muted-foreground" title={r.createdAt}>
              {formatRelative(r.createdAt)}
            </span>
          </th>
          <Cell className="whitespace-nowrap text-foreground">{r.email}</Cell>
          <Cell>
            <span className="block font-mono text-xs whitespace-nowrap text-foreground">{r.label}</span>
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              {t(`renewals.kind.${r.kind}`)} · {t(`renewals.period.${r.kind}`, { count: r.period })}
            </span>
          </Cell>
          <Cell className="whitespace-nowrap tabular-nums">{formatMoney(Number(r.amount), r.currency)}</Cell>
          <Cell>
            <Badge tone={TONES[r.status]}>{t(`renewals.status.${r.status}`)}</Badge>
            {r.newExpiresAt ? (
              <span className="mt-1 block text-xs text-muted-foreground">
                {t("renewals.renewedUntil", { date: formatDate(r.newExpiresAt) })}
              </span>
            ) : null}
            {r.failure && (r.status === "failed" || r.status === "with_staff") ? (
              <span className="mt-1 block max-w-64 text-xs break-words text-muted-foreground">{r.failure}</span>
            ) : null}
          </Cell>
          <Cell>
            <NextStep renewal={r} />
          </Cell>
        </ListRow>
      ))}
    </ListTable>
  );
}

function RenewalsScreen() {
  const { t } = useTranslation("admin");
  const { searchParams, setFilter, page, setPage } = useListParams<"status">();
  // Those waiting on a person first; "all" is chosen explicitly.
  const chosen = searchParams.get("status");
  const parsed = StaffRenewalFilter.safeParse(chosen);
  const status = chosen === "all" ? undefined : parsed.success ? parsed.data : "attention";
  const list = useListPage(listKey, { status, page }, StaffRenewalPage);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("renewals.title")} description={t("renewals.lead")} />
      <ChipListPanel
        chips={{
          label: t("renewals.filter.label"),
          options: ["attention", "all", ...RENEWAL_STATUSES],
          selected: status ?? "all",
          onSelect: (f) => setFilter("status", f === "attention" ? "" : f),
          labelOf: (f) => (f === "attention" || f === "all" ? t(`renewals.filter.${f}`) : t(`renewals.status.${f}`)),
          counts: list.data?.counts,
        }}
        list={list}
        page={page}
        onPage={setPage}
        empty={<EmptyState icon={RefreshCcw} title={t("renewals.empty")} body={t("renewals.emptyBody")} />}
      >
        {(items) => <RenewalsTable items={items} />}
      </ChipListPanel>
    </div>
  );
}

/** Renewals for staff: hand renewals to record and failed ones to refund, then every renewal by state. */
export default function RenewalsAdminPage() {
  const me = useAdminUser();
  return me.role === "admin" ? <RenewalsScreen /> : <NoAccess />;
}
