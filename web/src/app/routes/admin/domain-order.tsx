import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { z } from "zod";
import { DomainOrderDetail, DomainTransitionRequest, RecordDomainRenewal } from "#contracts/domain-orders-admin.ts";
import { countryName, type DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import { BackLink, describedBy, FormField, Panel, RecordFallback } from "../../../features/admin/admin-ui.tsx";
import { serverMessage } from "../../../features/admin/api.ts";
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
  useOrderAction,
} from "../../../features/admin/order-page.tsx";
import { blankIsAbsent, refusal } from "../../../features/admin/validation.ts";
import { formatAmount } from "../../../features/domains/domain-format.ts";
import { DomainOrderStatusBadge } from "../../../features/domains/domain-order-status-badge.tsx";
import { registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/domains-admin.json";
import { applyServerFieldErrors } from "../../../lib/form.ts";
import type { Route } from "./+types/domain-order";
import { paths } from "../../../lib/route-table.ts";

registerMessages("domainsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return orderSectionMeta("domainsAdmin", "order", location.pathname);
}

const API = "/api/admin/domains/orders";
const statusWord = (t: TFunction<"domainsAdmin">) => (status: DomainOrderStatus) => t(`status.${status}`);

/** What staff type for a next step: blank fields are not sent; the reference and expiry only when marking registered. */
const MoveForm = z.object({
  registryReference: blankIsAbsent(DomainTransitionRequest.shape.registryReference),
  expiresAt: blankIsAbsent(DomainTransitionRequest.shape.expiresAt),
  reason: blankIsAbsent(DomainTransitionRequest.shape.reason),
});
type MoveValues = z.input<typeof MoveForm>;
const moveForm = (to: DomainOrderStatus) => (to === "registered" ? MoveForm : MoveForm.pick({ reason: true }));

function Actions({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  return (
    <OrderMovePanel<DomainOrderStatus, MoveValues>
      api={API}
      order={order}
      response={DomainOrderDetail}
      t={t}
      statusLabel={statusWord(t)}
      label={(to) => t(`order.move.${to}`)}
      quiet={["cancelled", "needs_refund"]}
      name="domain"
      withReason={() => true}
      reasonError={(error) => refusal(error, t("order.invalid.reason"))}
      defaultValues={{ registryReference: "", expiresAt: "", reason: "" }}
      schema={moveForm}
      serverFields={["registryReference", "expiresAt", "reason"]}
      fields={(to, { register, formState: { errors } }) => {
        const reference = refusal(errors.registryReference, t("order.invalid.registryReference"));
        const expires = refusal(errors.expiresAt, t("order.invalid.expiresAt"));
        return (
          <>
            {to !== "paid" && to !== "pending_payment" ? (
              <p className="text-sm text-muted-foreground">{t(`order.hint.${to}`)}</p>
            ) : null}
            {to === "registered" ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="domain-registry-reference"
                  label={t("order.registryReferenceLabel")}
                  hint={t("order.registryReferenceHint")}
                  error={reference}
                >
                  <Input
                    id="domain-registry-reference"
                    maxLength={120}
                    autoComplete="off"
                    {...describedBy("domain-registry-reference", { hint: true, error: reference })}
                    {...register("registryReference")}
                  />
                </FormField>
                <FormField
                  id="domain-expires"
                  label={t("order.expiresLabel")}
                  hint={t("order.expiresHint", { years: t("years", { count: order.years }) })}
                  error={expires}
                >
                  <Input
                    id="domain-expires"
                    type="date"
                    {...describedBy("domain-expires", { hint: true, error: expires })}
                    {...register("expiresAt")}
                  />
                </FormField>
              </div>
            ) : null}
          </>
        );
      }}
    />
  );
}

function RecordRenewal({ order }: { order: DomainOrderDetail }) {
  const { t } = useTranslation("domainsAdmin");
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<RecordDomainRenewal>({
    resolver: zodResolver(RecordDomainRenewal),
    reValidateMode: "onChange",
    defaultValues: { expiresAt: "" },
  });
  const expires = useWatch({ control, name: "expiresAt" });
  const problem = refusal(errors.expiresAt, t("order.invalid.expiresAt"));
  const record = useOrderAction<RecordDomainRenewal, typeof DomainOrderDetail>({
    api: API,
    id: order.id,
    action: "renewal",
    response: DomainOrderDetail,
    done: () => t("order.renewalDue.done"),
    onError: (error) => {
      if (applyServerFieldErrors(error, setError, ["expiresAt"]) === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
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
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => void handleSubmit((body) => record.mutate(body, { onSuccess: () => reset() }))(event)}
      >
        <FormField id="domain-renewal-expiry" label={t("order.renewalDue.label")} error={problem}>
          <Input
            id="domain-renewal-expiry"
            type="date"
            required
            {...describedBy("domain-renewal-expiry", { error: problem })}
            {...register("expiresAt")}
          />
        </FormField>
        <Button type="submit" size="sm" disabled={record.isPending || !expires}>
          {t("order.renewalDue.submit")}
        </Button>
      </form>
    </Panel>
  );
}

/** One domain order for staff: what to register and for whom, the next step, notes and history. */
export default function DomainOrderAdminPage() {
  const { t } = useTranslation("domainsAdmin");
  const { id = "" } = useParams();
  const order = useAdminOrder(API, id, DomainOrderDetail);
  const back = <BackLink to={paths.adminDomains()}>{t("order.back")}</BackLink>;
  if (!order.isSuccess) return <RecordFallback query={order} back={back} notFound={{ title: t("order.notFound") }} />;
  const o = order.data;
  const currency = o.quote.currency as DomainCurrency;
  const r = o.registrant;
  const wait = o.registryWait;
  const time = wait?.nextAttemptAt ? formatDateTime(wait.nextAttemptAt) : "—";
  return (
    <OrderPageFrame
      api={API}
      order={o}
      back={back}
      badge={<DomainOrderStatusBadge status={o.status} />}
      description={`${o.unicodeDomain} · ${t("years", { count: o.years })}`}
      t={t}
      statusLabel={statusWord(t)}
      history={{ name: "domain", testId: "domain-order-events" }}
      main={
        <>
          <Actions order={o} />
          <RecordRenewal order={o} />
          <OrderFulfilmentSection
            api={API}
            order={o}
            response={DomainOrderDetail}
            t={t}
            statusLabel={statusWord(t)}
            notice={
              wait
                ? wait.kind === "registry"
                  ? t("order.fulfilment.waitRegistry", { count: wait.attempts, time })
                  : t("order.fulfilment.waitPending", { time })
                : null
            }
            testId="domain-order-steps"
          />
          <OrderFacts title={t("order.order")}>
            <Fact label={t("columns.domain")}>
              <span className="font-mono">{o.domain}</span>
              {o.unicodeDomain !== o.domain ? ` (${o.unicodeDomain})` : ""}
            </Fact>
            <Fact label={t("order.period")}>{t("years", { count: o.years })}</Fact>
            <Fact label={t("order.total")}>{formatAmount(o.quote.total, currency)}</Fact>
            <Fact label={t("order.firstYear")}>{formatAmount(o.quote.firstYear, currency)}</Fact>
            <Fact label={t("order.renewal")}>
              {t("order.perYear", { price: formatAmount(o.quote.renewal, currency) })}
            </Fact>
            <Fact label={t("order.nameservers")}>
              <ul className="font-mono text-xs">
                {o.nameservers.map((ns) => (
                  <li key={ns}>
                    {ns}
                    {o.usesOurNameservers ? ` (${t("order.ours")})` : ""}
                  </li>
                ))}
              </ul>
            </Fact>
            <Fact label={t("order.recheck")}>
              {o.recheck
                ? t("order.recheckAt", {
                    state: t(`order.recheckState.${o.recheck.state}`),
                    when: formatRelative(o.recheck.at),
                  })
                : t("order.notYet")}
            </Fact>
            <Fact label={t("order.registrar")}>{o.registrar ?? "—"}</Fact>
            <Fact label={t("order.registryReference")}>{o.registryReference ?? "—"}</Fact>
            {o.paidAt ? <Fact label={t("order.paidAt")}>{formatDateTime(o.paidAt)}</Fact> : null}
            {o.paymentTransactionId ? (
              <Fact label={t("order.payment")}>
                <Link
                  className="font-mono text-xs text-primary hover:underline"
                  to={`${paths.adminPayments()}?q=${encodeURIComponent(o.paymentTransactionId)}`}
                >
                  {o.paymentTransactionId}
                </Link>
              </Fact>
            ) : null}
            {o.registeredAt ? <Fact label={t("order.registeredAt")}>{formatDateTime(o.registeredAt)}</Fact> : null}
            {o.expiresAt ? <Fact label={t("order.expiresAt")}>{formatDate(o.expiresAt)}</Fact> : null}
            {o.refundedAt ? <Fact label={t("order.refundedAt")}>{formatDateTime(o.refundedAt)}</Fact> : null}
          </OrderFacts>
        </>
      }
      side={
        <OrderFacts title={t("order.registrant")}>
          <Fact label={t("columns.customer")}>{r.name}</Fact>
          {r.organisation ? <Fact label={t("order.organisation")}>{r.organisation}</Fact> : null}
          <Fact label={t("order.email")}>
            <MailLink email={r.email} />
          </Fact>
          <Fact label={t("order.phone")}>{r.phoneNumber}</Fact>
          <Fact label={t("order.address")}>
            {r.address}, {r.city}
          </Fact>
          <Fact label={t("order.country")}>{countryName(r.country) ?? r.country}</Fact>
          <Fact label={t("order.language")}>{t(`order.languages.${o.language}`)}</Fact>
        </OrderFacts>
      }
    />
  );
}
