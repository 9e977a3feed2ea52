import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Server } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import {
  VPS_ORDER_STATUSES,
  VpsOrderPage,
  VpsOrderStatus,
  VpsPriceItem,
  VpsRenewal,
  type VpsOrderSummary,
} from "#contracts/vps.ts";
import { VPS_CURRENCIES } from "#contracts/vps.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import {
  EmptyState,
  FilterChips,
  LoadError,
  PageHeader,
  PagedList,
  Panel,
  PanelSpinner,
  useSearchPage,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDate, formatRelative } from "../../../features/admin/format.ts";
import { VpsStatusBadge } from "../../../features/vps/vps-status-badge.tsx";
import { formatPrice } from "../../../features/vps/vps-format.ts";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/vps-admin.json";
import type { Route } from "./+types/vps";
import { paths } from "../../../lib/route-table.ts";
import { Tabs } from "../../../components/ui/tabs.tsx";

registerMessages("vpsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.orders", { ns: "vpsAdmin" }),
    description: i18n.t("lead", { ns: "vpsAdmin" }),
    path: location.pathname,
    noindex: true,
  });
}

const PAGE_SIZE = 20;
const TABS = ["orders", "renewals", "prices"] as const;

function OrdersTable({ items, showDays }: { items: (VpsOrderSummary & { daysLeft?: number })[]; showDays?: boolean }) {
  const { t } = useTranslation("vpsAdmin");
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {(["reference", "customer", "server", "status", "amount", showDays ? "daysLeft" : "created"] as const).map(
              (key) => (
                <th key={key} scope="col" className="px-4 py-2.5 font-medium">
                  {t(`columns.${key}`)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id} className="border-b last:border-0 hover:bg-muted/40">
              <td className="px-4 py-3 font-medium">
                <Link to={paths.adminVpsOrder({ id: o.id })} className="whitespace-nowrap text-primary hover:underline">
                  {o.reference}
                </Link>
              </td>
              <td className="px-4 py-3">
                <span className="block text-foreground">{o.customerName}</span>
                <span className="text-xs text-muted-foreground">{o.email}</span>
              </td>
              <td className="px-4 py-3">
                <span className="block font-mono text-xs text-foreground">{o.hostname}</span>
                <span className="text-xs text-muted-foreground">{o.planName}</span>
              </td>
              <td className="px-4 py-3">
                <VpsStatusBadge status={o.status} />
              </td>
              <td className="px-4 py-3 tabular-nums">{formatPrice(Number(o.amount), o.currency)}</td>
              <td className="px-4 py-3 text-muted-foreground">
                {showDays ? t("daysLeft", { count: o.daysLeft ?? 0 }) : formatRelative(o.createdAt)}
                {showDays && o.expiresAt ? <span className="block text-xs">{formatDate(o.expiresAt)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Orders() {
  const { t } = useTranslation("vpsAdmin");
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useSearchPage();
  const parsed = VpsOrderStatus.safeParse(params.get("status"));
  const status = parsed.success ? parsed.data : undefined;
  const list = useQuery({
    queryKey: ["/api/admin/vps/orders", { status, page }],
    queryFn: () => getJson(`/api/admin/vps/orders${queryString({ status, page, pageSize: PAGE_SIZE })}`, VpsOrderPage),
    retry: adminRetry,
    placeholderData: keepPreviousData,
  });
  const setFilter = (next: string) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (next !== "all") p.set("status", next);
      else p.delete("status");
      p.delete("page");
      return p;
    });
  return (
    <Panel bodyClassName="p-0">
      <div className="border-b p-3">
        <FilterChips
          label={t("columns.status")}
          options={["all", ...VPS_ORDER_STATUSES]}
          selected={status ?? "all"}
          onSelect={setFilter}
          labelOf={(s) => (s === "all" ? t("filter.all") : t(`status.${s}`))}
          counts={list.data?.counts}
        />
      </div>
      <PagedList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        empty={<EmptyState icon={Server} title={t("empty.orders")} body={t("empty.ordersBody")} />}
      >
        {(items) => <OrdersTable items={items} />}
      </PagedList>
    </Panel>
  );
}

function Renewals() {
  const { t } = useTranslation("vpsAdmin");
  const list = useQuery({
    queryKey: ["/api/admin/vps/renewals"],
    queryFn: () => getJson("/api/admin/vps/renewals", z.object({ items: z.array(VpsRenewal) })),
    retry: adminRetry,
  });
  return (
    <Panel title={t("tabs.renewals")} description={t("renewalsLead")} bodyClassName="p-0">
      {list.isPending ? (
        <PanelSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t("empty.renewals")} />
      ) : (
        <OrdersTable items={list.data.items} showDays />
      )}
    </Panel>
  );
}

function PriceRow({ item }: { item: VpsPriceItem }) {
  const { t } = useTranslation("vpsAdmin");
  const queryClient = useQueryClient();
  const [monthly, setMonthly] = useState(
    () =>
      Object.fromEntries(VPS_CURRENCIES.map((c) => [c, String(item.monthly[c])])) as Record<
        (typeof VPS_CURRENCIES)[number],
        string
      >,
  );
  const [active, setActive] = useState(item.active);
  const save = useMutation({
    mutationFn: () =>
      sendJson(
        "PUT",
        `/api/admin/vps/prices/${item.id}`,
        { monthly: Object.fromEntries(VPS_CURRENCIES.map((c) => [c, Number(monthly[c])])), active },
        z.object({ items: z.array(VpsPriceItem) }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(["/api/admin/vps/prices"], data);
      toast({ title: t("prices.saved", { name: item.name }), variant: "success" });
    },
    onError: (error) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" }),
  });
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="px-4 py-3 text-left font-medium text-foreground">
        {item.name}
        <span className="block text-xs font-normal text-muted-foreground">
          {t(`prices.${item.kind}`)}
          {item.changed ? ` · ${t("prices.changed")}` : ""}
        </span>
      </th>
      {VPS_CURRENCIES.map((c) => (
        <td key={c} className="px-2 py-3">
          <Input
            aria-label={`${item.name} ${c}`}
            inputMode="decimal"
            className="h-9 w-28 tabular-nums"
            value={monthly[c]}
            onChange={(e) => setMonthly((m) => ({ ...m, [c]: e.target.value }))}
          />
        </td>
      ))}
      <td className="px-2 py-3 text-center">
        {item.kind === "plan" ? (
          <input
            type="checkbox"
            aria-label={`${item.name}: ${t("prices.onSale")}`}
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="size-4"
          />
        ) : null}
      </td>
      <td className="px-4 py-3">
        <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate()}>
          {t("prices.save")}
        </Button>
      </td>
    </tr>
  );
}

function Prices() {
  const { t } = useTranslation("vpsAdmin");
  const list = useQuery({
    queryKey: ["/api/admin/vps/prices"],
    queryFn: () => getJson("/api/admin/vps/prices", z.object({ items: z.array(VpsPriceItem) })),
    retry: adminRetry,
  });
  return (
    <Panel title={t("tabs.prices")} description={t("prices.lead")} bodyClassName="p-0">
      {list.isPending ? (
        <PanelSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="border-b text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2.5 text-left font-medium">
                  {t("prices.item")}
                </th>
                {VPS_CURRENCIES.map((c) => (
                  <th key={c} scope="col" className="px-2 py-2.5 text-left font-medium">
                    {c}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2.5 font-medium">
                  {t("prices.onSale")}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  <span className="sr-only">{t("prices.save")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <PriceRow key={`${item.id}:${JSON.stringify(item.monthly)}:${item.active}`} item={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Admin VPS section: orders by state, renewals due within 14 days, and editable prices. */
export default function VpsAdminPage() {
  const { t } = useTranslation("vpsAdmin");
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as (typeof TABS)[number])
    : "orders";
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t("title")} description={t("lead")} />
      <Tabs
        items={TABS.map((key) => ({ value: key, label: t(`tabs.${key}`) }))}
        value={tab}
        onValueChange={(key) => setParams(key === "orders" ? {} : { tab: key })}
        label={t("title")}
        look="underline"
      >
        {tab === "orders" ? <Orders /> : tab === "renewals" ? <Renewals /> : <Prices />}
      </Tabs>
    </div>
  );
}
