import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Server } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { VpsOrderPage, VpsPriceItem, UpdateVpsPrice, VpsRenewal, type VpsOrderSummary } from "#contracts/vps-admin.ts";
import { VPS_ORDER_STATUSES, VpsOrderStatus } from "#contracts/vps.ts";
import { VPS_CURRENCIES } from "#contracts/vps.ts";
import "../../../features/admin/admin-messages.ts";
import { orderSectionMeta } from "../../../features/admin/order-page.tsx";
import {
  EmptyState,
  Panel,
  useListPage,
  useListParams,
  TabbedSection,
  QueryFallback,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson } from "../../../features/admin/api.ts";
import {
  Cell,
  ChipListPanel,
  ListRow,
  ListTable,
  ReferenceCell,
  TwoLineCell,
} from "../../../features/admin/order-list.tsx";
import { formatDate, formatRelative } from "../../../features/admin/format.ts";
import { PriceCell, PriceTable, SaveButton, usePriceForm, usePriceSheet } from "../../../features/admin/price-form.tsx";
import { refusal, typedNumber } from "../../../features/admin/validation.ts";
import { VpsStatusBadge } from "../../../features/vps/vps-status-badge.tsx";
import { formatPrice } from "../../../features/vps/vps-format.ts";
import { registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/vps-admin.json";
import type { Route } from "./+types/vps";
import { paths } from "../../../lib/route-table.ts";

registerMessages("vpsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return orderSectionMeta("vpsAdmin", "orders", location.pathname);
}

const TABS = ["orders", "renewals", "prices"] as const;

function OrdersTable({ items, showDays }: { items: (VpsOrderSummary & { daysLeft?: number })[]; showDays?: boolean }) {
  const { t } = useTranslation("vpsAdmin");
  return (
    <ListTable
      headings={(
        ["reference", "customer", "server", "status", "amount", showDays ? "daysLeft" : "created"] as const
      ).map((key) => t(`columns.${key}`))}
    >
      {items.map((o) => (
        <ListRow key={o.id}>
          <ReferenceCell to={paths.adminVpsOrder({ id: o.id })} reference={o.reference} />
          <TwoLineCell first={o.customerName} second={o.email} />
          <TwoLineCell first={o.hostname} second={o.planName} firstClassName="font-mono text-xs text-foreground" />
          <Cell>
            <VpsStatusBadge status={o.status} />
          </Cell>
          <Cell className="tabular-nums">{formatPrice(Number(o.amount), o.currency)}</Cell>
          <Cell className="text-muted-foreground">
            {showDays ? t("daysLeft", { count: o.daysLeft ?? 0 }) : formatRelative(o.createdAt)}
            {showDays && o.expiresAt ? <span className="block text-xs">{formatDate(o.expiresAt)}</span> : null}
          </Cell>
        </ListRow>
      ))}
    </ListTable>
  );
}

function Orders() {
  const { t } = useTranslation("vpsAdmin");
  const { searchParams, setFilter, page, setPage } = useListParams<"status">();
  const parsed = VpsOrderStatus.safeParse(searchParams.get("status"));
  const status = parsed.success ? parsed.data : undefined;
  const list = useListPage("/api/admin/vps/orders", { status, page }, VpsOrderPage);
  return (
    <ChipListPanel
      chips={{
        label: t("columns.status"),
        options: ["all", ...VPS_ORDER_STATUSES],
        selected: status ?? "all",
        onSelect: (s) => setFilter("status", s === "all" ? "" : s),
        labelOf: (s) => (s === "all" ? t("filter.all") : t(`status.${s}`)),
        counts: list.data?.counts,
      }}
      list={list}
      page={page}
      onPage={setPage}
      empty={<EmptyState icon={Server} title={t("empty.orders")} body={t("empty.ordersBody")} />}
    >
      {(items) => <OrdersTable items={items} />}
    </ChipListPanel>
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
      {!list.isSuccess ? (
        <QueryFallback query={list} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t("empty.renewals")} />
      ) : (
        <OrdersTable items={list.data.items} showDays />
      )}
    </Panel>
  );
}

const PRICES = "/api/admin/vps/prices";
const PriceList = z.object({ items: z.array(VpsPriceItem) });
const Monthly = UpdateVpsPrice.shape.monthly.shape;
/** What staff type is text; the body is the contract's numbers. */
const PriceForm = z.object({
  monthly: z.object({
    RWF: typedNumber(Monthly.RWF),
    UGX: typedNumber(Monthly.UGX),
    KES: typedNumber(Monthly.KES),
    USD: typedNumber(Monthly.USD),
  }),
  active: z.boolean(),
});

function PriceRow({ item }: { item: VpsPriceItem }) {
  const { t } = useTranslation("vpsAdmin");
  const { register, errors, save, submit } = usePriceForm({
    schema: PriceForm,
    defaultValues: {
      monthly: {
        RWF: String(item.monthly.RWF),
        UGX: String(item.monthly.UGX),
        KES: String(item.monthly.KES),
        USD: String(item.monthly.USD),
      },
      active: item.active,
    },
    url: `/api/admin/vps/prices/${item.id}`,
    response: PriceList,
    sheet: PRICES,
    saved: t("prices.saved", { name: item.name }),
    fields: VPS_CURRENCIES.map((c) => `monthly.${c}` as const),
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
        <PriceCell
          key={c}
          label={`${item.name} ${c}`}
          errorId={`price-${item.id}-${c}-error`}
          problem={refusal(errors.monthly?.[c], t("prices.priceInvalid"))}
          className="w-28"
          field={register(`monthly.${c}`)}
        />
      ))}
      <td className="px-2 py-3 text-center">
        {item.kind === "plan" ? (
          <input
            type="checkbox"
            aria-label={`${item.name}: ${t("prices.onSale")}`}
            className="size-4"
            {...register("active")}
          />
        ) : null}
      </td>
      <td className="px-4 py-3">
        <SaveButton label={t("prices.save")} busy={save.isPending} onSave={submit} />
      </td>
    </tr>
  );
}

function Prices() {
  const { t } = useTranslation("vpsAdmin");
  const list = usePriceSheet(PRICES, PriceList);
  return (
    <Panel title={t("tabs.prices")} description={t("prices.lead")} bodyClassName="p-0">
      {!list.isSuccess ? (
        <QueryFallback query={list} />
      ) : (
        <PriceTable
          item={t("prices.item")}
          prices={VPS_CURRENCIES}
          extra={
            <th scope="col" className="px-2 py-2.5 font-medium">
              {t("prices.onSale")}
            </th>
          }
          save={t("prices.save")}
        >
          {list.data.items.map((item) => (
            <PriceRow key={`${item.id}:${JSON.stringify(item.monthly)}:${item.active}`} item={item} />
          ))}
        </PriceTable>
      )}
    </Panel>
  );
}

/** Admin VPS section: orders by state, renewals due within 14 days, and editable prices. */
export default function VpsAdminPage() {
  const { t } = useTranslation("vpsAdmin");
  return (
    <TabbedSection title={t("title")} lead={t("lead")} tabs={TABS} tabLabel={(key) => t(`tabs.${key}`)}>
      {(tab) => (tab === "orders" ? <Orders /> : tab === "renewals" ? <Renewals /> : <Prices />)}
    </TabbedSection>
  );
}
