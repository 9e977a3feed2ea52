import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { DomainOrderStatus, DomainOrderView } from "#contracts/domain-orders.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { OrderDetailsCard, OrderLoadError } from "../../components/ui/order-parts.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { formatAmount } from "../../features/domains/domain-format.ts";
import { fetchDomainOrder, payDomainOrder } from "../../features/domains/domain-order-api.ts";
import { OrderPayments, ReturnedPayment } from "../../features/payments/order-payments.tsx";
import { i18n } from "../../i18n/index.ts";
import { formatDate } from "../../lib/intl.ts";
import { Link } from "../../i18n/link.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { ApiError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import type { Route } from "./+types/domain-order-status";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { i18n: ["domains", "payment"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.statusTitle", { ns: "domains" }),
    description: i18n.t("meta.statusDescription", { ns: "domains" }),
    path: location.pathname,
    noindex: true,
  });
}

const TONES: Record<DomainOrderStatus, BadgeTone> = {
  pending_payment: "warning",
  paid: "primary",
  registered: "success",
  needs_refund: "warning",
  refunded: "neutral",
  cancelled: "neutral",
};

/** The steps shown as a progress bar: the usual path, or the refund path once the name was lost. */
function stepsFor(
  status: DomainOrderStatus,
): { steps: readonly ("ordered" | "paid" | "registered" | "refund")[]; reached: number } | null {
  if (status === "cancelled") return null;
  if (status === "needs_refund" || status === "refunded")
    return { steps: ["ordered", "paid", "refund"], reached: status === "refunded" ? 2 : 1 };
  return {
    steps: ["ordered", "paid", "registered"],
    reached: status === "pending_payment" ? 0 : status === "paid" ? 1 : 2,
  };
}

const longDate = (iso: string) => formatDate(iso, { dateStyle: "long" });
const dateTime = (iso: string) => formatDate(iso, { dateStyle: "medium", timeStyle: "short" });

function Progress({ status }: { status: DomainOrderStatus }) {
  const { t } = useTranslation("domains");
  const progress = stepsFor(status);
  if (!progress) return null;
  return (
    // A list takes no name of its own (html-validate: aria-label-misuse): the figure around it does.
    <figure className="mt-6" aria-label={t("status.history")}>
      <ol className="grid grid-cols-3 gap-2">
        {progress.steps.map((step, i) => (
          <li
            key={step}
            className="text-center text-xs font-medium sm:text-sm"
            aria-current={i === progress.reached ? "step" : undefined}
          >
            <span
              className={cn(
                "mb-2 block h-1.5 rounded-full",
                i <= progress.reached ? (step === "refund" ? "bg-warning" : "bg-primary") : "bg-muted",
              )}
            />
            <span className={i <= progress.reached ? "text-foreground" : "text-muted-foreground"}>
              {t(`status.steps.${step}`)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function Details({ order }: { order: DomainOrderView }) {
  const { t } = useTranslation("domains");
  const currency = order.quote.currency;
  const rows: [string, React.ReactNode][] = [
    [t("status.domain"), <span className="break-all">{order.unicodeDomain}</span>],
    [t("status.period"), t("price.years", { count: order.years })],
    [t("status.registrant"), order.registrantName],
    [
      t("status.nameservers"),
      <ul className="font-mono text-sm">
        {order.nameservers.map((ns) => (
          <li key={ns}>
            {ns}
            {order.usesOurNameservers ? ` ${t("status.oursSuffix")}` : ""}
          </li>
        ))}
      </ul>,
    ],
    [t("status.total"), formatAmount(order.quote.total, currency)],
    [t("status.renewal"), t("status.renewalValue", { price: formatAmount(order.quote.renewal, currency) })],
    ...(order.expiresAt ? [[t("status.registeredUntil"), longDate(order.expiresAt)] as [string, React.ReactNode]] : []),
  ];
  return <OrderDetailsCard title={t("status.details")} rows={rows} />;
}

function History({ order }: { order: DomainOrderView }) {
  const { t } = useTranslation("domains");
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{t("status.history")}</h2>
      <ol className="mt-4 grid gap-4 text-sm" data-testid="domain-order-history">
        {[...order.history].reverse().map((step, i) => (
          <li key={`${step.status}-${step.at}-${i}`} className="border-l-2 pl-3">
            <p className="font-medium text-foreground">{t(`status.historyState.${step.status}`)}</p>
            {step.reason ? <p className="text-muted-foreground">{step.reason}</p> : null}
            <p className="text-xs text-muted-foreground">
              <time dateTime={step.at}>{dateTime(step.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** /domains/order-status/{token}: the customer's order behind its unguessable link. */
export default function DomainOrderStatusPage() {
  const { t } = useTranslation("domains");
  const { token = "" } = useParams();
  const [paying, setPaying] = useState(false);
  // Back from the payment page: that payment is followed until it settles, then the order is re-read.
  const [searchParams] = useSearchParams();
  const returnedPayment = searchParams.get("payment");
  const queryClient = useQueryClient();
  const reloadOrder = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["domain-order", token] }),
    [queryClient, token],
  );
  const order = useQuery({
    queryKey: ["domain-order", token],
    queryFn: () => fetchDomainOrder(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    // Until it is settled, keep it fresh: payment and registration happen elsewhere.
    refetchInterval: (query) =>
      query.state.data && ["pending_payment", "paid"].includes(query.state.data.status) ? 15_000 : false,
  });

  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <OrderLoadError
        className="max-w-3xl py-24 text-center"
        missing={missing}
        title={missing ? t("status.notFoundTitle") : t("status.loadError")}
        notFoundBody={t("status.notFoundBody")}
        back={{ to: paths.domains(), label: t("status.backToSearch") }}
      />
    );
  }
  const o = order.data;

  async function pay() {
    setPaying(true);
    try {
      window.location.assign(await payDomainOrder(token));
    } catch (error) {
      setPaying(false);
      // The name may have been taken meanwhile: the server says so in words.
      toast({
        title: (error instanceof ApiError && error.serverMessage()) || t("status.payFailed"),
        variant: "destructive",
      });
      void order.refetch();
    }
  }

  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{t("status.title", { reference: o.reference })}</p>
          <Badge tone={TONES[o.status]} data-testid="domain-order-status">
            {t(`status.state.${o.status}`)}
          </Badge>
        </div>
        <h1 className="mt-3 flex items-center gap-2 text-2xl font-bold break-all text-foreground sm:text-3xl">
          <Globe className="size-6 shrink-0 text-primary" aria-hidden="true" />
          {o.unicodeDomain}
        </h1>
        {returnedPayment ? (
          <div className="mt-5">
            <ReturnedPayment transactionId={returnedPayment} onSettled={reloadOrder} />
          </div>
        ) : null}
        <Progress status={o.status} />
        <p className="mt-6 text-muted-foreground">
          {t(`status.explain.${o.status}`, { name: o.unicodeDomain, date: o.expiresAt ? longDate(o.expiresAt) : "" })}
        </p>
        {o.registryWait ? (
          <p
            className="mt-4 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-foreground"
            role="status"
            data-testid="domain-order-registry-wait"
          >
            {t(`status.registryWait.${o.registryWait.kind}`, {
              time: o.registryWait.nextAttemptAt
                ? formatDate(o.registryWait.nextAttemptAt, { timeStyle: "short" })
                : "",
            })}
          </p>
        ) : null}
        <h2 className="mt-6 text-base font-semibold text-foreground">{t("status.nextTitle")}</h2>
        <p className="mt-1 text-muted-foreground">{t(`status.next.${o.status}`)}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {o.canPay ? (
            <Button onClick={() => void pay()} disabled={paying}>
              {paying ? t("status.paying") : t("status.pay")}
            </Button>
          ) : null}
          {o.status === "refunded" || o.status === "cancelled" || o.status === "needs_refund" ? (
            <Link className={buttonClasses("outline")} to={paths.domains()}>
              {t("status.searchAgain")}
            </Link>
          ) : null}
        </div>
      </Card>
      <div className="mt-6 grid gap-6">
        <Details order={o} />
        <OrderPayments payments={o.payments} />
        <History order={o} />
        <p className="text-sm text-muted-foreground">{t("status.keepPrivate")}</p>
      </div>
    </Container>
  );
}
