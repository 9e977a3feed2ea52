import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, KeyRound, ServerCog } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { Link } from "../../i18n/link.tsx";
import { vpsImages, vpsLocations, vpsPlans } from "#content/vps.ts";
import type { VpsOrderStatus, VpsOrderView } from "#contracts/vps.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { OrderDetailsCard, OrderLoadError } from "../../components/ui/order-parts.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { OrderPayments, ReturnedPayment } from "../../features/payments/order-payments.tsx";
import { fetchOrder, payOrder } from "../../features/vps/vps-api.ts";
import { formatPrice } from "../../features/vps/vps-format.ts";
import { useContent } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/intl.ts";
import type { Route } from "./+types/vps-order";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { i18n: ["vps", "content-vps", "payment"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.orderTitle", { ns: "vps" }),
    description: i18n.t("meta.orderDescription", { ns: "vps" }),
    path: location.pathname,
    noindex: true,
  });
}

const STEPS = ["pending_payment", "paid", "provisioning", "active"] as const;
const TONES: Record<VpsOrderStatus, BadgeTone> = {
  pending_payment: "warning",
  paid: "primary",
  provisioning: "primary",
  active: "success",
  suspended: "warning",
  failed: "warning",
  refunded: "neutral",
  cancelled: "neutral",
};

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("vps");
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <code
        className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-foreground"
        aria-label={label}
      >
        {value}
      </code>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
      >
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? t("order.copied") : t("order.copy")}
      </Button>
    </div>
  );
}

function Progress({ status }: { status: VpsOrderStatus }) {
  const { t } = useTranslation("vps");
  const reached = STEPS.indexOf(status as (typeof STEPS)[number]);
  if (reached < 0) return null;
  return (
    // A list takes no name of its own (html-validate: aria-label-misuse): the figure around it does.
    <figure className="mt-6" aria-label={t("order.details")}>
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className="text-center text-xs font-medium sm:text-sm"
            aria-current={i === reached ? "step" : undefined}
          >
            <span className={cn("mb-2 block h-1.5 rounded-full", i <= reached ? "bg-primary" : "bg-muted")} />
            <span className={i <= reached ? "text-foreground" : "text-muted-foreground"}>
              {t(`order.steps.${step}`)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function ServerDetails({ order }: { order: VpsOrderView }) {
  const { t } = useTranslation("vps");
  const server = order.server;
  if (!server) return null;
  return (
    <Card className="p-5 sm:p-6" data-testid="vps-server">
      <h2 className="flex items-center gap-2 text-lg font-bold text-foreground">
        <KeyRound className="size-5 text-primary" aria-hidden="true" />
        {t("order.server")}
      </h2>
      <div className="mt-4 grid gap-3 text-sm">
        <div>
          <p className="mb-1 text-muted-foreground">{t("order.ip")}</p>
          <CopyValue value={server.ipAddress} label={t("order.ip")} />
        </div>
        <div>
          <p className="mb-1 text-muted-foreground">{t("order.username")}</p>
          <CopyValue value={server.username} label={t("order.username")} />
        </div>
        {server.password ? (
          <div>
            <p className="mb-1 text-muted-foreground">{t("order.password")}</p>
            <CopyValue value={server.password} label={t("order.password")} />
            <p className="mt-2 font-medium text-foreground" role="note">
              {t("order.passwordOnce")}
            </p>
          </div>
        ) : server.passwordShownBefore ? (
          <p className="text-muted-foreground">{t("order.passwordShown")}</p>
        ) : order.accessMethod === "ssh_key" ? (
          <div>
            <p className="mb-1 text-muted-foreground">{t("order.keyLogin")}</p>
            <CopyValue value={`ssh ${server.username}@${server.ipAddress}`} label={t("order.keyLogin")} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** The customer's order page behind its unguessable link. */
export default function VpsOrder() {
  const { t } = useTranslation("vps");
  const { token = "" } = useParams();
  const local = useContent("vps", { vpsPlans, vpsLocations, vpsImages });
  const [paying, setPaying] = useState(false);
  // Back from the payment page: that payment is followed until it settles, then the order is re-read.
  const [searchParams] = useSearchParams();
  const returnedPayment = searchParams.get("payment");
  const queryClient = useQueryClient();
  const reloadOrder = useCallback(() => {
    // Never while a password is on screen: it is shown once, and a re-read would hide it.
    const shown = queryClient.getQueryData<VpsOrderView>(["vps-order", token])?.server?.password;
    if (!shown) void queryClient.invalidateQueries({ queryKey: ["vps-order", token] });
  }, [queryClient, token]);
  // The password is shown once: never refetch behind the customer's back and lose it.
  const order = useQuery({
    queryKey: ["vps-order", token],
    queryFn: () => fetchOrder(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    refetchInterval: (query) =>
      query.state.data && ["paid", "provisioning", "pending_payment"].includes(query.state.data.status)
        ? 20_000
        : false,
  });

  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <OrderLoadError
        missing={missing}
        title={missing ? t("order.notFoundTitle") : t("order.loadError")}
        notFoundBody={t("order.notFoundBody")}
        back={{ to: paths.vpsHosting(), label: t("order.backToPlans") }}
      />
    );
  }
  const o = order.data;
  const location = local.vpsLocations.find((l) => l.id === o.locationId);
  const image = local.vpsImages.find((i) => i.id === o.imageId);
  // The plan's name as ordered; the page's language only where it is still the catalogue's English name.
  const planName =
    o.plan.name === vpsPlans.find((p) => p.id === o.plan.id)?.name
      ? (local.vpsPlans.find((p) => p.id === o.plan.id)?.name ?? o.plan.name)
      : o.plan.name;

  async function pay() {
    setPaying(true);
    try {
      window.location.assign(await payOrder(token));
    } catch (error) {
      setPaying(false);
      toast({
        title: (error instanceof ApiError && error.serverMessage()) || t("form.failed"),
        variant: "destructive",
      });
    }
  }

  const rows: [string, string][] = [
    [
      t("order.plan"),
      `${planName} · ${t("plan.vcpu", { count: o.plan.vcpu })}, ` +
        `${t("plan.ram", { count: o.plan.ramGb })}, ${t("plan.ssd", { count: o.plan.ssdGb })}`,
    ],
    [t("order.hostname"), o.hostname],
    [t("order.location"), location ? `${location.flag} ${location.city}, ${location.country}` : o.locationId],
    [t("order.image"), image ? `${image.name} ${image.version}` : o.imageId],
    [t("order.period"), t("period.months", { count: o.periodMonths })],
    [t("order.total"), formatPrice(o.quote.total, o.quote.currency)],
    ...(o.expiresAt
      ? [
          [t("order.renews"), formatDate(o.expiresAt, { day: "numeric", month: "long", year: "numeric" })] as [
            string,
            string,
          ],
        ]
      : []),
  ];

  return (
    <Container className="max-w-3xl pt-28 pb-20 sm:pt-32">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-foreground">
            <ServerCog className="size-6 text-primary" aria-hidden="true" />
            {t("order.title", { reference: o.reference })}
          </h1>
          <Badge tone={TONES[o.status]} data-testid="vps-order-status">
            {t(`order.status.${o.status}`)}
          </Badge>
        </div>
        {returnedPayment ? (
          <div className="mt-5">
            <ReturnedPayment transactionId={returnedPayment} onSettled={reloadOrder} />
          </div>
        ) : null}
        <Progress status={o.status} />
        <p className="mt-6 text-muted-foreground">{t(`order.explain.${o.status}`)}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {o.canPay ? (
            <Button onClick={() => void pay()} disabled={paying}>
              {paying ? t("order.paying") : t("order.pay")}
            </Button>
          ) : null}
          {o.status === "failed" || o.status === "suspended" ? (
            <Link className={buttonClasses("outline")} to={paths.contact()}>
              {t("order.contact")}
            </Link>
          ) : null}
        </div>
      </Card>
      <div className="mt-6 grid gap-6">
        <ServerDetails order={o} />
        <OrderPayments payments={o.payments} />
        <OrderDetailsCard title={t("order.details")} rows={rows} />
        <p className="text-sm text-muted-foreground">{t("order.keepPrivate")}</p>
      </div>
    </Container>
  );
}
