import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { VpsOrderDetail, type VpsOrderStatus } from "#contracts/vps.ts";
import { vpsAddons, vpsImages, vpsLocations } from "#content/vps.ts";
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
import { formatPrice } from "../../../features/vps/vps-format.ts";
import { VpsStatusBadge } from "../../../features/vps/vps-status-badge.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/vps-admin.json";
import type { Route } from "./+types/vps-order";
import { paths } from "../../../lib/route-table.ts";

registerMessages("vpsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.order", { ns: "vpsAdmin" }),
    description: i18n.t("lead", { ns: "vpsAdmin" }),
    path: location.pathname,
    noindex: true,
  });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}

function Actions({ order }: { order: VpsOrderDetail }) {
  const { t } = useTranslation("vpsAdmin");
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<VpsOrderStatus | null>(null);
  const [server, setServer] = useState({ ipAddress: "", username: "root", password: "" });
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const needsServer = target === "active" && order.status === "provisioning";
  const move = useMutation({
    mutationFn: () =>
      sendJson(
        "POST",
        `/api/admin/vps/orders/${order.id}/transition`,
        {
          to: target,
          ...(needsServer
            ? {
                server: {
                  ipAddress: server.ipAddress,
                  username: server.username,
                  ...(order.accessMethod === "password" ? { password: server.password } : {}),
                },
              }
            : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
        VpsOrderDetail,
      ),
    onSuccess: (data) => {
      queryClient.setQueryData([`/api/admin/vps/orders/${order.id}`], data);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/vps/orders"] });
      setTarget(null);
      setServer({ ipAddress: "", username: "root", password: "" });
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
  const label = (to: VpsOrderStatus) =>
    to === "active" && order.status === "suspended" ? t("order.move.reactivate") : t(`order.move.${to}`);
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
              variant={to === "cancelled" || to === "failed" || to === "suspended" ? "outline" : "primary"}
              aria-pressed={target === to}
              onClick={() => {
                setTarget(to);
                setProblems({});
              }}
            >
              {label(to)}
            </Button>
          ))}
        </div>
      )}
      {target ? (
        <form onSubmit={submit} className="mt-5 grid gap-4 border-t pt-5" aria-label={label(target)}>
          {needsServer ? (
            <>
              <p className="text-sm text-muted-foreground">{t("order.activeForm")}</p>
              {order.accessMethod === "ssh_key" ? (
                <p className="text-sm font-medium text-foreground">{t("order.keyConfirm")}</p>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="vps-ip">{t("order.ip")}</Label>
                  <Input
                    id="vps-ip"
                    value={server.ipAddress}
                    onChange={(e) => setServer((s) => ({ ...s, ipAddress: e.target.value }))}
                    aria-invalid={problems["server.ipAddress"] ? true : undefined}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                  <FieldError id="vps-ip-error" message={problems["server.ipAddress"]} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="vps-user">{t("order.username")}</Label>
                  <Input
                    id="vps-user"
                    value={server.username}
                    onChange={(e) => setServer((s) => ({ ...s, username: e.target.value }))}
                    aria-invalid={problems["server.username"] ? true : undefined}
                    autoComplete="off"
                  />
                  <FieldError id="vps-user-error" message={problems["server.username"]} />
                </div>
                {order.accessMethod === "password" ? (
                  <div className="grid gap-1.5 sm:col-span-2">
                    <Label htmlFor="vps-password">{t("order.password")}</Label>
                    <Input
                      id="vps-password"
                      type="password"
                      value={server.password}
                      onChange={(e) => setServer((s) => ({ ...s, password: e.target.value }))}
                      aria-invalid={problems["server.password"] ? true : undefined}
                      autoComplete="new-password"
                    />
                    <FieldError id="vps-password-error" message={problems["server.password"]} />
                  </div>
                ) : null}
              </div>
            </>
          ) : null}
          {target === "cancelled" || target === "suspended" || target === "failed" || target === "refunded" ? (
            <div className="grid gap-1.5">
              <Label htmlFor="vps-reason">{t("order.reason")}</Label>
              <Input id="vps-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            </div>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={move.isPending}>
              {t("order.confirm")}: {label(target)}
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

/** Who builds the server and every step with the cluster's answer; retry a failed step, approve a refund. */
function Fulfilment({ order }: { order: VpsOrderDetail }) {
  const { t } = useTranslation("vpsAdmin");
  const queryClient = useQueryClient();
  const key = [`/api/admin/vps/orders/${order.id}`];
  const done = (message: "order.fulfilment.retried" | "order.fulfilment.refunded") => (data: VpsOrderDetail) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: ["/api/admin/vps/orders"] });
    toast({ title: t(message, { status: t(`status.${data.status}`) }), variant: "success" });
  };
  const failed = (error: unknown) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
  const retry = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/vps/orders/${order.id}/retry`, {}, VpsOrderDetail),
    onSuccess: done("order.fulfilment.retried"),
    onError: failed,
  });
  const refund = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/vps/orders/${order.id}/refund`, {}, VpsOrderDetail),
    onSuccess: done("order.fulfilment.refunded"),
    onError: failed,
  });
  return (
    <OrderFulfilmentPanel
      fulfilment={order.fulfilment}
      t={t}
      onRetry={() => retry.mutate()}
      retrying={retry.isPending}
      onRefund={() => refund.mutate()}
      refunding={refund.isPending}
      testId="vps-order-steps"
    />
  );
}

function Notes({ order }: { order: VpsOrderDetail }) {
  const { t } = useTranslation("vpsAdmin");
  return (
    <OrderHistory
      events={order.events}
      notesUrl={`/api/admin/vps/orders/${order.id}/notes`}
      queryKey={[`/api/admin/vps/orders/${order.id}`]}
      name="vps"
      testId="vps-history"
      t={t}
      statusLabel={(status) => (status ? t(`status.${status as VpsOrderStatus}`) : "")}
    />
  );
}

/** One VPS order for staff: what was bought, the server, the next step, notes and history. */
export default function VpsOrderAdminPage() {
  const { t } = useTranslation("vpsAdmin");
  const { id = "" } = useParams();
  const order = useQuery({
    queryKey: [`/api/admin/vps/orders/${id}`],
    queryFn: () => getJson(`/api/admin/vps/orders/${encodeURIComponent(id)}`, VpsOrderDetail),
    retry: adminRetry,
  });
  const back = <BackLink to={paths.adminVps()}>{t("order.back")}</BackLink>;
  if (!order.isSuccess) return <RecordFallback query={order} back={back} notFound={{ title: t("order.notFound") }} />;
  const o = order.data;
  const location = vpsLocations.find((l) => l.id === o.locationId);
  const image = vpsImages.find((i) => i.id === o.imageId);
  const addons = vpsAddons.flatMap((a) => {
    const v = o.addons[a.id];
    return v ? [typeof v === "number" ? `${v} × ${a.name}` : a.name] : [];
  });
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        eyebrow={back}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {o.reference}
            <VpsStatusBadge status={o.status} />
          </span>
        }
        description={`${o.hostname} · ${o.plan.name}`}
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
          <Fulfilment order={o} />
          <Panel title={t("order.configuration")}>
            <dl className="grid gap-2 text-sm">
              <Row label={t("order.location")}>{location ? `${location.flag} ${location.city}` : o.locationId}</Row>
              <Row label={t("order.image")}>{image ? `${image.name} ${image.version}` : o.imageId}</Row>
              <Row label={t("order.period")}>{t("order.months", { count: o.periodMonths })}</Row>
              <Row label={t("order.addons")}>{addons.length ? addons.join(", ") : t("order.none")}</Row>
              <Row label={t("order.total")}>{formatPrice(o.quote.total, o.quote.currency)}</Row>
              <Row label={t("order.access")}>
                {o.accessMethod === "ssh_key" ? t("order.accessKey") : t("order.accessPassword")}
              </Row>
              {o.sshPublicKey ? (
                <Row label={t("order.sshKey")}>
                  <code className="block rounded bg-muted p-2 font-mono text-xs break-all">{o.sshPublicKey}</code>
                </Row>
              ) : null}
            </dl>
          </Panel>
          <Panel title={t("order.server")}>
            <dl className="grid gap-2 text-sm">
              <Row label={t("order.ip")}>{o.serverIp ?? "—"}</Row>
              <Row label={t("order.username")}>{o.serverUsername ?? "—"}</Row>
              {o.hasCredentials ? (
                <Row label={t("order.credentials")}>
                  {t("order.credentialsStored", {
                    revealed: o.credentialsRevealedAt
                      ? t("order.credentialsRevealed", { when: formatRelative(o.credentialsRevealedAt) })
                      : t("order.credentialsNotRevealed"),
                  })}
                </Row>
              ) : null}
              {o.paidAt ? <Row label={t("order.paidAt")}>{formatDateTime(o.paidAt)}</Row> : null}
              {o.activatedAt ? <Row label={t("order.activatedAt")}>{formatDateTime(o.activatedAt)}</Row> : null}
              {o.expiresAt ? <Row label={t("order.renews")}>{formatDate(o.expiresAt)}</Row> : null}
            </dl>
          </Panel>
        </div>
        <div className="grid content-start gap-6">
          <Panel title={t("order.customer")}>
            <dl className="grid gap-2 text-sm">
              <Row label={t("columns.customer")}>{o.customerName}</Row>
              <Row label={t("order.email")}>
                <a className="text-primary hover:underline" href={`mailto:${o.email}`}>
                  {o.email}
                </a>
              </Row>
              <Row label={t("order.phone")}>{o.phoneNumber}</Row>
            </dl>
          </Panel>
          <Notes order={o} />
        </div>
      </div>
    </div>
  );
}
