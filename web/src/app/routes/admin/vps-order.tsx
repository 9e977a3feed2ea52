import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { z } from "zod";
import { VpsOrderDetail, VpsTransitionRequest } from "#contracts/vps-admin.ts";
import { type VpsOrderStatus } from "#contracts/vps.ts";
import { vpsAddons, vpsImages, vpsLocations } from "#content/vps.ts";
import { Input } from "../../../components/ui/field.tsx";
import "../../../features/admin/admin-messages.ts";
import { BackLink, describedBy, FormField, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { formatDate, formatDateTime, formatRelative } from "../../../features/admin/format.ts";
import {
  Fact,
  MailLink,
  OrderFacts,
  OrderFulfilmentSection,
  OrderMovePanel,
  OrderPageFrame,
  orderSectionMeta,
  useAdminOrder,
} from "../../../features/admin/order-page.tsx";
import { blankIsAbsent, refusal } from "../../../features/admin/validation.ts";
import { formatPrice } from "../../../features/vps/vps-format.ts";
import { VpsStatusBadge } from "../../../features/vps/vps-status-badge.tsx";
import { registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/vps-admin.json";
import type { Route } from "./+types/vps-order";
import { paths } from "../../../lib/route-table.ts";

registerMessages("vpsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return orderSectionMeta("vpsAdmin", "order", location.pathname);
}

const API = "/api/admin/vps/orders";
const statusWord = (t: TFunction<"vpsAdmin">) => (status: VpsOrderStatus) => t(`status.${status}`);

/** The states whose change the customer is told the reason for. */
const REASONED: readonly VpsOrderStatus[] = ["cancelled", "suspended", "failed", "refunded"];
const Server = VpsTransitionRequest.shape.server.unwrap().shape;
const Reason = blankIsAbsent(VpsTransitionRequest.shape.reason);
const needsServer = (order: VpsOrderDetail, to: VpsOrderStatus) => to === "active" && order.status === "provisioning";

/**
 * What staff type for a next step, by the transition contract: the server's login when it goes
 * active (its password only for an order that asked for one), the reason when the customer is told one.
 */
const moveForm = (order: VpsOrderDetail) => (to: VpsOrderStatus) =>
  z.object({
    ...(REASONED.includes(to) ? { reason: Reason } : {}),
    ...(needsServer(order, to)
      ? {
          server: z.object({
            ipAddress: Server.ipAddress,
            username: Server.username,
            ...(order.accessMethod === "password" ? { password: Server.password.unwrap() } : {}),
          }),
        }
      : {}),
  });

interface MoveValues {
  server: { ipAddress: string; username: string; password: string };
  reason: string;
}

function Actions({ order }: { order: VpsOrderDetail }) {
  const { t } = useTranslation("vpsAdmin");
  const label = (to: VpsOrderStatus) =>
    to === "active" && order.status === "suspended" ? t("order.move.reactivate") : t(`order.move.${to}`);
  return (
    <OrderMovePanel<VpsOrderStatus, MoveValues>
      api={API}
      order={order}
      response={VpsOrderDetail}
      t={t}
      statusLabel={statusWord(t)}
      label={label}
      quiet={["cancelled", "failed", "suspended"]}
      name="vps"
      withReason={(to) => REASONED.includes(to)}
      reasonError={(error) => refusal(error, t("order.invalid.reason"))}
      defaultValues={{ server: { ipAddress: "", username: "root", password: "" }, reason: "" }}
      schema={moveForm(order)}
      serverFields={["server.ipAddress", "server.username", "server.password", "reason"]}
      fields={(to, { register, formState: { errors } }) => {
        if (!needsServer(order, to)) return null;
        const ip = refusal(errors.server?.ipAddress, t("order.invalid.ipAddress"));
        const username = refusal(errors.server?.username, t("order.invalid.username"));
        const password = refusal(errors.server?.password, t("order.invalid.password"));
        return (
          <>
            <p className="text-sm text-muted-foreground">{t("order.activeForm")}</p>
            {order.accessMethod === "ssh_key" ? (
              <p className="text-sm font-medium text-foreground">{t("order.keyConfirm")}</p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="vps-ip" label={t("order.ip")} error={ip}>
                <Input
                  id="vps-ip"
                  inputMode="decimal"
                  autoComplete="off"
                  {...describedBy("vps-ip", { error: ip })}
                  {...register("server.ipAddress")}
                />
              </FormField>
              <FormField id="vps-user" label={t("order.username")} error={username}>
                <Input
                  id="vps-user"
                  autoComplete="off"
                  {...describedBy("vps-user", { error: username })}
                  {...register("server.username")}
                />
              </FormField>
              {order.accessMethod === "password" ? (
                <FormField id="vps-password" label={t("order.password")} error={password} className="sm:col-span-2">
                  <Input
                    id="vps-password"
                    type="password"
                    maxLength={200}
                    autoComplete="new-password"
                    {...describedBy("vps-password", { error: password })}
                    {...register("server.password")}
                  />
                </FormField>
              ) : null}
            </div>
          </>
        );
      }}
    />
  );
}

/** One VPS order for staff: what was bought, the server, the next step, notes and history. */
export default function VpsOrderAdminPage() {
  const { t } = useTranslation("vpsAdmin");
  const { id = "" } = useParams();
  const order = useAdminOrder(API, id, VpsOrderDetail);
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
    <OrderPageFrame
      api={API}
      order={o}
      back={back}
      badge={<VpsStatusBadge status={o.status} />}
      description={`${o.hostname} · ${o.plan.name}`}
      t={t}
      statusLabel={statusWord(t)}
      history={{ name: "vps", testId: "vps-history" }}
      main={
        <>
          <Actions order={o} />
          <OrderFulfilmentSection
            api={API}
            order={o}
            response={VpsOrderDetail}
            t={t}
            statusLabel={statusWord(t)}
            testId="vps-order-steps"
          />
          <OrderFacts title={t("order.configuration")}>
            <Fact label={t("order.location")}>{location ? `${location.flag} ${location.city}` : o.locationId}</Fact>
            <Fact label={t("order.image")}>{image ? `${image.name} ${image.version}` : o.imageId}</Fact>
            <Fact label={t("order.period")}>{t("order.months", { count: o.periodMonths })}</Fact>
            <Fact label={t("order.addons")}>{addons.length ? addons.join(", ") : t("order.none")}</Fact>
            <Fact label={t("order.total")}>{formatPrice(o.quote.total, o.quote.currency)}</Fact>
            <Fact label={t("order.access")}>
              {o.accessMethod === "ssh_key" ? t("order.accessKey") : t("order.accessPassword")}
            </Fact>
            {o.sshPublicKey ? (
              <Fact label={t("order.sshKey")}>
                <code className="block rounded bg-muted p-2 font-mono text-xs break-all">{o.sshPublicKey}</code>
              </Fact>
            ) : null}
          </OrderFacts>
          <OrderFacts title={t("order.server")}>
            <Fact label={t("order.ip")}>{o.serverIp ?? "—"}</Fact>
            <Fact label={t("order.username")}>{o.serverUsername ?? "—"}</Fact>
            {o.hasCredentials ? (
              <Fact label={t("order.credentials")}>
                {t("order.credentialsStored", {
                  revealed: o.credentialsRevealedAt
                    ? t("order.credentialsRevealed", { when: formatRelative(o.credentialsRevealedAt) })
                    : t("order.credentialsNotRevealed"),
                })}
              </Fact>
            ) : null}
            {o.paidAt ? <Fact label={t("order.paidAt")}>{formatDateTime(o.paidAt)}</Fact> : null}
            {o.activatedAt ? <Fact label={t("order.activatedAt")}>{formatDateTime(o.activatedAt)}</Fact> : null}
            {o.expiresAt ? <Fact label={t("order.renews")}>{formatDate(o.expiresAt)}</Fact> : null}
          </OrderFacts>
        </>
      }
      side={
        <OrderFacts title={t("order.customer")}>
          <Fact label={t("columns.customer")}>{o.customerName}</Fact>
          <Fact label={t("order.email")}>
            <MailLink email={o.email} />
          </Fact>
          <Fact label={t("order.phone")}>{o.phoneNumber}</Fact>
        </OrderFacts>
      }
    />
  );
}
