import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import {
  ArrowRight,
  CalendarDays,
  CreditCard,
  Inbox,
  MessagesSquare,
  ShoppingCart,
  Sun,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Overview } from "#contracts/admin.ts";
import { RegistryHealthList } from "#contracts/domain-orders-admin.ts";
import { VpsClusterHealth } from "#contracts/vps-admin.ts";
import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import "../../../features/admin/admin-messages.ts";
import { LoadError, PageHeader, Panel, PanelSpinner } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson } from "../../../features/admin/api.ts";
import { DailyChart } from "../../../features/admin/daily-chart.tsx";
import { formatNumber } from "../../../features/admin/format.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/overview";
import { paths } from "../../../lib/route-table.ts";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.overview", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

const overviewKey = ["/api/admin/overview"] as const;

function Tile({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: string;
  testId: string;
}) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground/70" />
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-foreground tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation("admin");
  const user = useAdminUser();
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: () => getJson("/api/admin/overview", Overview),
    retry: adminRetry,
    staleTime: 30_000,
  });
  const data = overview.data;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("overview.greeting", { name: user.displayName })}
        description={t("overview.lead")}
        actions={
          <Link className={buttonClasses("outline", "sm")} to={paths.adminEnquiries()}>
            {t("overview.viewInbox")}
            <ArrowRight aria-hidden="true" />
          </Link>
        }
      />
      {overview.isPending ? (
        <PanelSpinner />
      ) : overview.isError ? (
        <Panel>
          <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
        </Panel>
      ) : data ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            <Tile
              icon={Sun}
              label={t("overview.tiles.today")}
              value={formatNumber(data.enquiries.today)}
              testId="tile-today"
            />
            <Tile
              icon={CalendarDays}
              label={t("overview.tiles.week")}
              value={formatNumber(data.enquiries.week)}
              testId="tile-week"
            />
            <Tile
              icon={Inbox}
              label={t("overview.tiles.open")}
              value={formatNumber(data.enquiries.open)}
              hint={t("overview.tiles.openHint")}
              testId="tile-open"
            />
            <Tile
              icon={MessagesSquare}
              label={t("overview.tiles.openChats")}
              value={formatNumber(data.openChats)}
              testId="tile-chats"
            />
            <Tile
              icon={CreditCard}
              label={t("overview.tiles.payments")}
              value={formatNumber(data.payments.week)}
              hint={t("overview.tiles.paymentsValue", {
                today: formatNumber(data.payments.today),
                week: formatNumber(data.payments.week),
              })}
              testId="tile-payments"
            />
            <Tile
              icon={ShoppingCart}
              label={t("overview.tiles.pendingOrders")}
              value={formatNumber(data.pendingOrders)}
              testId="tile-orders"
            />
          </div>
          <Panel title={t("overview.chart.title")} description={t("overview.chart.lead")}>
            <DailyChart daily={data.daily} />
            <div className="mt-6 border-t pt-4" data-testid="payment-totals">
              <h3 className="text-sm font-semibold text-foreground">{t("overview.chart.receivedTitle")}</h3>
              {data.paymentTotals.length === 0 ? (
                <p className="mt-1 text-sm text-muted-foreground">{t("overview.chart.receivedNone")}</p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {data.paymentTotals.map((total) => (
                    <li key={total.currency} className="rounded-lg border bg-muted/50 px-3 py-2 text-sm">
                      <span className="font-semibold text-foreground tabular-nums">
                        {new Intl.NumberFormat("en", {
                          style: "currency",
                          currency: total.currency,
                          maximumFractionDigits: 2,
                        }).format(Number(total.amount))}
                      </span>{" "}
                      <span className="text-muted-foreground">
                        {t("overview.chart.receivedCount", { count: total.count })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Panel>
          <div className="grid gap-6 xl:grid-cols-2">
            <RegistryHealthPanel />
            <ClusterHealthPanel />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** One service the site depends on, as its health card shows it. */
interface HealthCard {
  key: string;
  name: string;
  badge: ReactNode;
  endpoint: string;
  details: ReactNode;
  /** The last error, as staff read it, only while the service is not healthy. */
  error: string | null;
}

/** A dashboard panel of health cards (EPP registries, Proxmox clusters): loading, failure, none, or the cards. */
function HealthPanel({
  section,
  testId,
  query,
  cards,
  className,
}: {
  section: "registries" | "clusters";
  testId: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  cards: HealthCard[] | undefined;
  className: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t(`overview.${section}.title`)} description={t(`overview.${section}.lead`)}>
      {query.isPending ? (
        <PanelSpinner />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !cards?.length ? (
        <p className="text-sm text-muted-foreground">{t(`overview.${section}.none`)}</p>
      ) : (
        <ul className={className} data-testid={testId}>
          {cards.map((card) => (
            <li key={card.key} className="rounded-lg border p-3 text-sm">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-foreground">{card.name}</span>
                {card.badge}
              </p>
              <p className="mt-1 font-mono text-xs break-all text-muted-foreground">{card.endpoint}</p>
              {card.details}
              {card.error ? <p className="mt-1 break-words text-foreground">{card.error}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Each configured EPP server, as this instance sees it now: can registrations go through? */
function RegistryHealthPanel() {
  const { t } = useTranslation("admin");
  const health = useQuery({
    queryKey: ["/api/admin/domains/registries"],
    queryFn: () => getJson("/api/admin/domains/registries", RegistryHealthList),
    retry: adminRetry,
    staleTime: 30_000,
  });
  const cards = health.data?.registries.map((registry): HealthCard => ({
    key: registry.id,
    name: registry.name,
    badge: (
      <Badge tone={registry.state === "up" ? "success" : "warning"}>
        {t(`overview.registries.state.${registry.state}`)}
      </Badge>
    ),
    endpoint: registry.endpoint,
    details: (
      <p className="mt-1 text-muted-foreground">
        {t("overview.registries.detail", {
          sessions: registry.sessions,
          max: registry.maxSessions,
          latency: registry.latencyMs ?? "—",
          tlds: registry.tlds.map((tld) => `.${tld}`).join(" "),
        })}
      </p>
    ),
    error:
      registry.state === "down" && registry.lastError
        ? t("overview.registries.lastError", { error: registry.lastError })
        : null,
  }));
  return (
    <HealthPanel
      section="registries"
      testId="registry-health"
      query={health}
      cards={cards}
      className="grid gap-3 sm:grid-cols-2"
    />
  );
}

const CLUSTER_TONES = { ok: "success", degraded: "warning", down: "warning" } as const;

/** Each configured Proxmox VE cluster, as this instance sees it now: can paid servers be built? */
function ClusterHealthPanel() {
  const { t } = useTranslation("admin");
  const health = useQuery({
    queryKey: ["/api/admin/vps/clusters"],
    queryFn: () => getJson("/api/admin/vps/clusters", z.object({ items: z.array(VpsClusterHealth) })),
    retry: adminRetry,
    staleTime: 30_000,
  });
  const cards = health.data?.items.map((cluster): HealthCard => ({
    key: cluster.fulfiller,
    name: t("overview.clusters.location", { location: cluster.locationId, fulfiller: cluster.fulfiller }),
    badge: <Badge tone={CLUSTER_TONES[cluster.status]}>{t(`overview.clusters.state.${cluster.status}`)}</Badge>,
    endpoint: cluster.host,
    details: (
      <>
        {cluster.version ? (
          <p className="mt-1 text-muted-foreground">{t("overview.clusters.version", { version: cluster.version })}</p>
        ) : null}
        {cluster.nodes.length > 0 ? (
          <ul className="mt-1 grid gap-0.5 text-muted-foreground">
            {cluster.nodes.map((node) => (
              <li key={node.name}>
                {node.online && node.memoryFreeGb !== null && node.memoryTotalGb !== null
                  ? t("overview.clusters.nodeMemory", {
                      name: node.name,
                      free: formatNumber(node.memoryFreeGb),
                      total: formatNumber(node.memoryTotalGb),
                    })
                  : t("overview.clusters.node", {
                      name: node.name,
                      state: t(node.online ? "overview.clusters.nodeOnline" : "overview.clusters.nodeOffline"),
                    })}
              </li>
            ))}
          </ul>
        ) : null}
      </>
    ),
    error: cluster.status !== "ok" && cluster.error ? t("overview.clusters.error", { error: cluster.error }) : null,
  }));
  return <HealthPanel section="clusters" testId="cluster-health" query={health} cards={cards} className="grid gap-3" />;
}
