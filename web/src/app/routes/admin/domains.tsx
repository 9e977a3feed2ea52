import { zodResolver } from "@hookform/resolvers/zod";
import { Globe, Search as SearchIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  DomainOrderListQuery,
  DomainOrderPage,
  DomainPriceSheet,
  UpdateDomainRate,
  UpdateTldPrice,
  type DomainRateItem,
  type TldPriceItem,
} from "#contracts/domain-orders-admin.ts";
import { DOMAIN_ORDER_STATUSES, DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../../components/ui/field.tsx";
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
import {
  Cell,
  ChipListPanel,
  ListRow,
  ListTable,
  ReferenceCell,
  TwoLineCell,
} from "../../../features/admin/order-list.tsx";
import { PriceCell, PriceTable, SaveButton, usePriceForm, usePriceSheet } from "../../../features/admin/price-form.tsx";
import { refusal, typedNumber } from "../../../features/admin/validation.ts";
import { formatRelative } from "../../../features/admin/format.ts";
import { formatAmount } from "../../../features/domains/domain-format.ts";
import { DomainOrderStatusBadge } from "../../../features/domains/domain-order-status-badge.tsx";
import { registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/domains-admin.json";
import type { Route } from "./+types/domains";
import { paths } from "../../../lib/route-table.ts";

registerMessages("domainsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return orderSectionMeta("domainsAdmin", "orders", location.pathname);
}

const TABS = ["orders", "prices"] as const;
const PRICES = "/api/admin/domains/prices";
const Search = DomainOrderListQuery.pick({ q: true });

/** The search box over the orders: what is searched is in the address, and the box follows it. */
function OrderSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation("domainsAdmin");
  const { register, handleSubmit } = useForm<z.input<typeof Search>, unknown, z.output<typeof Search>>({
    resolver: zodResolver(Search),
    values: { q },
  });
  return (
    <form
      role="search"
      noValidate
      onSubmit={(event) => void handleSubmit((search) => onSearch(search.q ?? ""))(event)}
      className="flex items-center gap-2"
    >
      <Label htmlFor="domain-orders-q" className="sr-only">
        {t("filter.search")}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="domain-orders-q"
          type="search"
          className="h-9 w-64 pl-9"
          placeholder={t("filter.searchPlaceholder")}
          maxLength={200}
          {...register("q")}
        />
      </div>
      <Button type="submit" size="sm" variant="outline">
        {t("filter.searchButton")}
      </Button>
      {q ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => onSearch("")}>
          {t("filter.clear")}
        </Button>
      ) : null}
    </form>
  );
}

function Orders() {
  const { t } = useTranslation("domainsAdmin");
  const { searchParams, setFilter, page, setPage } = useListParams<"status" | "q">();
  const parsed = DomainOrderStatus.safeParse(searchParams.get("status"));
  const status = parsed.success ? parsed.data : undefined;
  const q = searchParams.get("q") ?? "";
  const list = useListPage("/api/admin/domains/orders", { status, q, page }, DomainOrderPage);
  return (
    <ChipListPanel
      chips={{
        label: t("columns.status"),
        options: ["all", ...DOMAIN_ORDER_STATUSES],
        selected: status ?? "all",
        onSelect: (s) => setFilter("status", s === "all" ? "" : s),
        labelOf: (s) => (s === "all" ? t("filter.all") : t(`status.${s}`)),
        counts: list.data?.counts,
      }}
      tools={<OrderSearch q={q} onSearch={(next) => setFilter("q", next)} />}
      list={list}
      page={page}
      onPage={setPage}
      empty={
        <EmptyState
          icon={Globe}
          title={q ? t("empty.search", { q }) : t("empty.orders")}
          body={q ? undefined : t("empty.ordersBody")}
        />
      }
    >
      {(items) => (
        <ListTable
          headings={(["reference", "domain", "customer", "status", "amount", "created"] as const).map((key) =>
            t(`columns.${key}`),
          )}
        >
          {items.map((o) => (
            <ListRow key={o.id}>
              <ReferenceCell to={paths.adminDomainOrder({ id: o.id })} reference={o.reference} />
              <TwoLineCell
                first={o.unicodeDomain}
                second={t("years", { count: o.years })}
                firstClassName="break-all text-foreground"
              />
              <TwoLineCell first={o.customerName} second={o.email} />
              <Cell>
                <DomainOrderStatusBadge status={o.status} />
              </Cell>
              <Cell className="tabular-nums">{formatAmount(Number(o.amount), o.currency as DomainCurrency)}</Cell>
              <Cell className="text-muted-foreground">{formatRelative(o.createdAt)}</Cell>
            </ListRow>
          ))}
        </ListTable>
      )}
    </ChipListPanel>
  );
}

const PRICE_FIELDS = ["register", "renew", "transfer"] as const;

const TldPriceForm = z.object({
  register: typedNumber(UpdateTldPrice.shape.register),
  renew: typedNumber(UpdateTldPrice.shape.renew),
  transfer: typedNumber(UpdateTldPrice.shape.transfer),
});
const RateForm = z.object({ perUsd: typedNumber(UpdateDomainRate.shape.perUsd) });

function TldRow({ item }: { item: TldPriceItem }) {
  const { t } = useTranslation("domainsAdmin");
  const { register, errors, save, submit } = usePriceForm({
    schema: TldPriceForm,
    defaultValues: {
      register: String(item.usd.register),
      renew: String(item.usd.renew),
      transfer: String(item.usd.transfer),
    },
    url: `/api/admin/domains/prices/${encodeURIComponent(item.tld)}`,
    response: DomainPriceSheet,
    sheet: PRICES,
    saved: t("prices.saved", { tld: item.tld }),
    fields: PRICE_FIELDS,
  });
  return (
    <tr className="border-b last:border-0" data-testid="tld-price-row" data-tld={item.tld}>
      <th scope="row" className="px-4 py-3 text-left font-semibold text-foreground">
        .{item.tld}
        {item.changed && item.updatedBy ? (
          <span className="block text-xs font-normal text-muted-foreground">
            {t("prices.changed", { who: item.updatedBy })}
          </span>
        ) : null}
      </th>
      {PRICE_FIELDS.map((f) => (
        <PriceCell
          key={f}
          label={`.${item.tld} ${t(`prices.${f}`)}`}
          errorId={`price-${item.tld}-${f}-error`}
          problem={refusal(errors[f], t("prices.priceInvalid"))}
          className="w-24"
          field={register(f)}
        />
      ))}
      <td className="px-2 py-3 text-xs text-muted-foreground tabular-nums">
        {(["RWF", "UGX", "KES"] as const).map((c) => (
          <span key={c} className="block whitespace-nowrap">
            {formatAmount(item.register[c] ?? 0, c)} / {formatAmount(item.renew[c] ?? 0, c)}
          </span>
        ))}
      </td>
      <td className="px-4 py-3">
        <SaveButton
          label={t("prices.save")}
          name={`${t("prices.save")} .${item.tld}`}
          busy={save.isPending}
          onSave={submit}
        />
      </td>
    </tr>
  );
}

function RateRow({ rate }: { rate: DomainRateItem }) {
  const { t } = useTranslation("domainsAdmin");
  const { register, errors, save, submit } = usePriceForm({
    schema: RateForm,
    defaultValues: { perUsd: String(rate.perUsd) },
    url: `/api/admin/domains/rates/${rate.code}`,
    response: DomainPriceSheet,
    sheet: PRICES,
    saved: t("prices.rateSaved", { code: rate.code }),
    fields: ["perUsd"],
  });
  const problem = refusal(errors.perUsd, t("prices.rateInvalid"));
  const fieldId = `rate-${rate.code}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`rate-${rate.code}`}>{t("prices.perUsd", { code: rate.code })}</Label>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          inputMode="decimal"
          className="h-9 w-32 tabular-nums"
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? `${fieldId}-error` : undefined}
          {...register("perUsd")}
        />
        <SaveButton
          label={t("prices.save")}
          name={`${t("prices.save")} ${rate.code}`}
          busy={save.isPending}
          onSave={submit}
        />
      </div>
      <FieldError id={`${fieldId}-error`} message={problem} />
      <p className="text-xs text-muted-foreground">
        {t("prices.roundsTo", { step: formatAmount(rate.roundTo, rate.code) })}
      </p>
    </div>
  );
}

function Prices() {
  const { t } = useTranslation("domainsAdmin");
  const sheet = usePriceSheet(PRICES, DomainPriceSheet);
  if (!sheet.isSuccess)
    return (
      <Panel>
        <QueryFallback query={sheet} />
      </Panel>
    );
  const rates = sheet.data.rates.filter((r) => r.code !== "USD");
  return (
    <div className="grid gap-6">
      <Panel title={t("tabs.prices")} description={t("prices.lead")} bodyClassName="p-0">
        <PriceTable
          item={t("prices.tld")}
          prices={PRICE_FIELDS.map((f) => t(`prices.${f}`))}
          extra={
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t("prices.shown")}
            </th>
          }
          save={t("prices.save")}
        >
          {sheet.data.tlds.map((item) => (
            <TldRow key={`${item.tld}:${JSON.stringify(item.usd)}`} item={item} />
          ))}
        </PriceTable>
      </Panel>
      <Panel
        title={t("prices.ratesTitle")}
        description={t("prices.ratesLead", { steps: rates.map((r) => formatAmount(r.roundTo, r.code)).join(", ") })}
      >
        <div className="grid gap-5 sm:grid-cols-3">
          {rates.map((rate) => (
            <RateRow key={`${rate.code}:${rate.perUsd}`} rate={rate} />
          ))}
        </div>
      </Panel>
    </div>
  );
}

/** Admin Domains section: orders by state (searchable) and the TLD price table with exchange rates. */
export default function DomainsAdminPage() {
  const { t } = useTranslation("domainsAdmin");
  return (
    <TabbedSection title={t("title")} lead={t("lead")} tabs={TABS} tabLabel={(key) => t(`tabs.${key}`)}>
      {(tab) => (tab === "orders" ? <Orders /> : <Prices />)}
    </TabbedSection>
  );
}
