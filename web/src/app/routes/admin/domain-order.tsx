import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { countryName, DomainOrderDetail, type DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { PageHeader, Panel, BackLink, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, sendJson, serverFieldMessages, serverMessage } from "../../../features/admin/api.ts";
import { formatDate, formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import { OrderFulfilmentPanel } from "../../../features/admin/order-fulfilment.tsx";
import { OrderHistory } from "../../../features/admin/order-history.tsx";
import { formatAmount } from "../../../features/domains/domain-format.ts";
import { DomainOrderStatusBadge } from "../../../features/domains/domain-order-status-badge.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/domains-admin.json";
import type { Route } from "./+types/domain-order";
import { paths } from "../../../lib/route-table.ts";

registerMessages("domainsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.order", { ns: "domainsAdmin" }),
    description: i18n.t("lead", { ns: "domainsAdmin" }),
    path: location.pathname,
    noindex: true,
  });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}

const queryKey = (id: string) => [`/api/admin/domains/orders/${id}`];

function Actions({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<DomainOrderStatus | null>(null);
  const [reference, setReference] = useState("");
  const [expires, setExpires] = useState("");
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const move = useMutation({
    mutationFn: () =>
      sendJson(
        "POST",
        `/api/admin/domains/orders/${order.id}/transition`,
        {
          to: target,
          ...(target === "registered" && reference.trim() ? { registryReference: reference.trim() } : {}),
          ...(target === "registered" && expires ? { expiresAt: expires } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
        DomainOrderDetail,
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey(order.id), data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/domains/orders"] });
      setTarget(null);
      setReference("");
      setExpires("");
      setReason("");
      toast({ title: t("order.moved", { status: t(`status.${data.status}`) }), variant: "success" });
    },
    onError: (error) => {
      const fields = serverFieldMessages(error);
      setProblems(fields);
      if (Object.keys(fields).length === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    move.mutate();
  };
  return (
    <Panel title={t("order.actions")}>
      {order.nextStatuses.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("order.noActions")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {order.nextStatuses.map((to) => (
            <Button
              key={to}
              size="sm"
              variant={to === "cancelled" || to === "needs_refund" ? "outline" : "primary"}
              aria-pressed={target === to}
              onClick={() => {
                setTarget(to);
                setProblems({});
              }}
            >
              {t(`order.move.${to}`)}
            </Button>
          ))}
        </div>
      )}
      {target ? (
        <form onSubmit={submit} className="mt-5 grid gap-4 border-t pt-5" aria-label={t(`order.move.${target}`)}>
          {target !== "paid" && target !== "pending_payment" ? (
            <p className="text-sm text-muted-foreground">{t(`order.hint.${target}`)}</p>
          ) : null}
          {target === "registered" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor="domain-registry-reference">{t("order.registryReferenceLabel")}</Label>
                <Input
                  id="domain-registry-reference"
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  maxLength={120}
                  autoComplete="off"
                  aria-invalid={problems.registryReference ? true : undefined}
                  aria-describedby="domain-registry-reference-hint"
                />
                <p id="domain-registry-reference-hint" className="text-xs text-muted-foreground">
                  {t("order.registryReferenceHint")}
                </p>
                <FieldError id="domain-registry-reference-error" message={problems.registryReference} />
              </div>
              <div className="grid content-start gap-1.5">
                <Label htmlFor="domain-expires">{t("order.expiresLabel")}</Label>
                <Input
                  id="domain-expires"
                  type="date"
                  value={expires}
                  onChange={(e) => setExpires(e.target.value)}
                  aria-invalid={problems.expiresAt ? true : undefined}
                  aria-describedby="domain-expires-hint"
                />
                <p id="domain-expires-hint" className="text-xs text-muted-foreground">
                  {t("order.expiresHint", { years: t("years", { count: order.years }) })}
                </p>
                <FieldError id="domain-expires-error" message={problems.expiresAt} />
              </div>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="domain-reason">{t("order.reason")}</Label>
            <Input id="domain-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </div>
          <div>
            <Button type="submit" size="sm" disabled={move.isPending}>
              {t("order.confirm")}: {t(`order.move.${target}`)}
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

function Fulfilment({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/domains/orders/${order.id}/retry`, {}, DomainOrderDetail),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey(order.id), data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/domains/orders"] });
      toast({ title: t("order.fulfilment.retried", { status: t(`status.${data.status}`) }), variant: "success" });
    },
    onError: (error) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" }),
  });
  const refund = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/domains/orders/${order.id}/refund`, {}, DomainOrderDetail),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey(order.id), data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/domains/orders"] });
      toast({ title: t("order.fulfilment.refunded", { status: t(`status.${data.status}`) }), variant: "success" });
    },
    onError: (error) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" }),
  });
  const wait = order.registryWait;
  const time = wait?.nextAttemptAt ? formatDateTime(wait.nextAttemptAt) : "—";
  return (
    <OrderFulfilmentPanel
      fulfilment={order.fulfilment}
      t={t}
      onRetry={() => retry.mutate()}
      retrying={retry.isPending}
      onRefund={() => refund.mutate()}
      refunding={refund.isPending}
      notice={
        wait
          ? wait.kind === "registry"
            ? t("order.fulfilment.waitRegistry", { count: wait.attempts, time })
            : t("order.fulfilment.waitPending", { time })
          : null
      }
      testId="domain-order-steps"
    />
  );
}

function RecordRenewal({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  const queryClient = useQueryClient();
  const [expires, setExpires] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const record = useMutation({
    mutationFn: () =>
      sendJson("POST", `/api/admin/domains/orders/${order.id}/renewal`, { expiresAt: expires }, DomainOrderDetail),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey(order.id), data);
      setExpires("");
      toast({ title: t("order.renewalDue.done"), variant: "success" });
    },
    onError: (error) => {
      const fields = serverFieldMessages(error);
      setProblem(fields.expiresAt);
      if (!fields.expiresAt) toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
  });
  if (!order.renewalWaiting) return null;
  return (
    <Panel title={t("order.renewalDue.title")}>
      <p className="text-sm text-muted-foreground">
        {t("order.renewalDue.lead", {
          years: order.renewalWaiting.years,
          since: formatDateTime(order.renewalWaiting.since),
        })}
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(undefined);
          record.mutate();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="domain-renewal-expiry">{t("order.renewalDue.label")}</Label>
          <Input
            id="domain-renewal-expiry"
            type="date"
            required
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "domain-renewal-expiry-error" : undefined}
          />
          <FieldError id="domain-renewal-expiry-error" message={problem} />
        </div>
        <Button type="submit" size="sm" disabled={record.isPending || !expires}>
          {t("order.renewalDue.submit")}
        </Button>
      </form>
    </Panel>
  );
}

function History({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  return (
    <OrderHistory
      events={order.events}
      notesUrl={`/api/admin/domains/orders/${order.id}/notes`}
      queryKey={queryKey(order.id)}
      name="domain"
      testId="domain-order-events"
      t={t}
      statusLabel={(status) => (status ? t(`status.${status as DomainOrderStatus}`) : "")}
    />
  );
}

/** One domain order for staff: what to register and for whom, the next step, notes and history. */
export default function DomainOrderAdminPage() {
  const { t } = useTranslation("domainsAdmin");
  const { id = "" } = useParams();
  const order = useQuery({
    queryKey: queryKey(id),
    queryFn: () => getJson(`/api/admin/domains/orders/${encodeURIComponent(id)}`, DomainOrderDetail),
    retry: adminRetry,
  });
  const back = <BackLink to={paths.adminDomains()}>{t("order.back")}</BackLink>;
  if (!order.isSuccess) return <RecordFallback query={order} back={back} notFound={{ title: t("order.notFound") }} />;
  const o = order.data;
  const currency = o.quote.currency as DomainCurrency;
  const r = o.registrant;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        eyebrow={back}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {o.reference}
            <DomainOrderStatusBadge status={o.status} />
          </span>
        }
        description={`${o.unicodeDomain} · ${t("years", { count: o.years })}`}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={o.orderUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t("order.customerLink")}
            </a>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">
          <Actions order={o} />
          <RecordRenewal order={o} />
          <Fulfilment order={o} />
          <Panel title={t("order.order")}>
            <dl className="grid gap-2 text-sm">
              <Row label={t("columns.domain")}>
                <span className="font-mono">{o.domain}</span>
                {o.unicodeDomain !== o.domain ? ` (${o.unicodeDomain})` : ""}
              </Row>
              <Row label={t("order.period")}>{t("years", { count: o.years })}</Row>
              <Row label={t("order.total")}>{formatAmount(o.quote.total, currency)}</Row>
              <Row label={t("order.firstYear")}>{formatAmount(o.quote.firstYear, currency)}</Row>
              <Row label={t("order.renewal")}>
                {t("order.perYear", { price: formatAmount(o.quote.renewal, currency) })}
              </Row>
              <Row label={t("order.nameservers")}>
                <ul className="font-mono text-xs">
                  {o.nameservers.map((ns) => (
                    <li key={ns}>
                      {ns}
                      {o.usesOurNameservers ? ` (${t("order.ours")})` : ""}
                    </li>
                  ))}
                </ul>
              </Row>
              <Row label={t("order.recheck")}>
                {o.recheck
                  ? t("order.recheckAt", {
                      state: t(`order.recheckState.${o.recheck.state}`),
                      when: formatRelative(o.recheck.at),
                    })
                  : t("order.notYet")}
              </Row>
              <Row label={t("order.registrar")}>{o.registrar ?? "—"}</Row>
              <Row label={t("order.registryReference")}>{o.registryReference ?? "—"}</Row>
              {o.paidAt ? <Row label={t("order.paidAt")}>{formatDateTime(o.paidAt)}</Row> : null}
              {o.paymentTransactionId ? (
                <Row label={t("order.payment")}>
                  <Link
                    className="font-mono text-xs text-primary hover:underline"
                    to={`${paths.adminPayments()}?q=${encodeURIComponent(o.paymentTransactionId)}`}
                  >
                    {o.paymentTransactionId}
                  </Link>
                </Row>
              ) : null}
              {o.registeredAt ? <Row label={t("order.registeredAt")}>{formatDateTime(o.registeredAt)}</Row> : null}
              {o.expiresAt ? <Row label={t("order.expiresAt")}>{formatDate(o.expiresAt)}</Row> : null}
              {o.refundedAt ? <Row label={t("order.refundedAt")}>{formatDateTime(o.refundedAt)}</Row> : null}
            </dl>
          </Panel>
        </div>
        <div className="grid content-start gap-6">
          <Panel title={t("order.registrant")}>
            <dl className="grid gap-2 text-sm">
              <Row label={t("columns.customer")}>{r.name}</Row>
              {r.organisation ? <Row label={t("order.organisation")}>{r.organisation}</Row> : null}
              <Row label={t("order.email")}>
                <a className="text-primary hover:underline" href={`mailto:${r.email}`}>
                  {r.email}
                </a>
              </Row>
              <Row label={t("order.phone")}>{r.phoneNumber}</Row>
              <Row label={t("order.address")}>
                {r.address}, {r.city}
              </Row>
              <Row label={t("order.country")}>{countryName(r.country) ?? r.country}</Row>
              <Row label={t("order.language")}>{t(`order.languages.${o.language}`)}</Row>
            </dl>
          </Panel>
          <History order={o} />
        </div>
      </div>
    </div>
  );
}
