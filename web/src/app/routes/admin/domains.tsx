import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForm, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Link, useSearchParams } from "react-router";
import {
  DOMAIN_ORDER_STATUSES,
  DomainOrderPage,
  DomainOrderStatus,
  DomainPriceSheet,
  UpdateDomainRate,
  UpdateTldPrice,
  type DomainRateItem,
  type TldPriceItem,
} from "#contracts/domain-orders.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import {
  EmptyState,
  FilterChips,
  LoadError,
  PagedList,
  PageHeader,
  Panel,
  PanelSpinner,
  useSearchPage,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatRelative } from "../../../features/admin/format.ts";
import { formatAmount } from "../../../features/domains/domain-format.ts";
import { DomainOrderStatusBadge } from "../../../features/domains/domain-order-status-badge.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import messages from "../../../i18n/locales/en/domains-admin.json";
import type { Route } from "./+types/domains";
import { paths } from "../../../lib/route-table.ts";
import { applyServerFieldErrors } from "../../../lib/form.ts";
import { Tabs } from "../../../components/ui/tabs.tsx";

registerMessages("domainsAdmin", "en", messages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.orders", { ns: "domainsAdmin" }),
    description: i18n.t("lead", { ns: "domainsAdmin" }),
    path: location.pathname,
    noindex: true,
  });
}

const PAGE_SIZE = 20;
const TABS = ["orders", "prices"] as const;
const PRICE_KEY = ["/api/admin/domains/prices"];

function Orders() {
  const { t } = useTranslation("domainsAdmin");
  const [params, setParams] = useSearchParams();
  const parsed = DomainOrderStatus.safeParse(params.get("status"));
  const status = parsed.success ? parsed.data : undefined;
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useState(q);
  const [page, setPage] = useSearchPage();
  const list = useQuery({
    queryKey: ["/api/admin/domains/orders", { status, q, page }],
    queryFn: () =>
      getJson(`/api/admin/domains/orders${queryString({ status, q, page, pageSize: PAGE_SIZE })}`, DomainOrderPage),
    retry: adminRetry,
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete("page");
      return next;
    });
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: typed.trim() || undefined });
  };
  return (
    <Panel bodyClassName="p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b p-3">
        <FilterChips
          label={t("columns.status")}
          options={["all", ...DOMAIN_ORDER_STATUSES]}
          selected={status ?? "all"}
          onSelect={(s) => update({ status: s === "all" ? undefined : s })}
          labelOf={(s) => (s === "all" ? t("filter.all") : t(`status.${s}`))}
          counts={list.data?.counts}
        />
        <form role="search" onSubmit={search} className="flex items-center gap-2">
          <Label htmlFor="domain-orders-q" className="sr-only">
            {t("filter.search")}
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="domain-orders-q"
              type="search"
              className="h-9 w-64 pl-9"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t("filter.searchPlaceholder")}
              maxLength={200}
            />
          </div>
          <Button type="submit" size="sm" variant="outline">
            {t("filter.searchButton")}
          </Button>
          {q ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setTyped("");
                update({ q: undefined });
              }}
            >
              {t("filter.clear")}
            </Button>
          ) : null}
        </form>
      </div>
      <PagedList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
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
          <div className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead className="border-b text-xs text-muted-foreground">
                <tr>
                  {(["reference", "domain", "customer", "status", "amount", "created"] as const).map((key) => (
                    <th key={key} scope="col" className="px-4 py-2.5 font-medium">
                      {t(`columns.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o.id} className="border-b last:border-0 hover:bg-muted/40">
                    <td className="px-4 py-3 font-medium">
                      <Link
                        to={paths.adminDomainOrder({ id: o.id })}
                        className="whitespace-nowrap text-primary hover:underline"
                      >
                        {o.reference}
                      </Link>
                    </td>
                    <td className="px-4 py-3">
                      <span className="block break-all text-foreground">{o.unicodeDomain}</span>
                      <span className="text-xs text-muted-foreground">{t("years", { count: o.years })}</span>
                    </td>
                    <td className="px-4 py-3">
                      <span className="block text-foreground">{o.customerName}</span>
                      <span className="text-xs text-muted-foreground">{o.email}</span>
                    </td>
                    <td className="px-4 py-3">
                      <DomainOrderStatusBadge status={o.status} />
                    </td>
                    <td className="px-4 py-3 tabular-nums">
                      {formatAmount(Number(o.amount), o.currency as DomainCurrency)}
                    </td>
                    <td className="px-4 py-3 text-muted-foreground">{formatRelative(o.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </Panel>
  );
}

const PRICE_FIELDS = ["register", "renew", "transfer"] as const;

/** What staff type is text; the body is the contract's numbers. */
const typedNumber = <T extends z.ZodType<number, number>>(contract: T) =>
  z.string().trim().transform(Number).pipe(contract);
const TldPriceForm = z.object({
  register: typedNumber(UpdateTldPrice.shape.register),
  renew: typedNumber(UpdateTldPrice.shape.renew),
  transfer: typedNumber(UpdateTldPrice.shape.transfer),
});
const RateForm = z.object({ perUsd: typedNumber(UpdateDomainRate.shape.perUsd) });

/** A refusal's words: the server's own message, or the catalog's for the contract's rule. */
const refusal = (error: HookFieldError | undefined, words: string) =>
  error ? (error.type === "server" ? error.message : words) : undefined;

function TldRow({ item }: { item: TldPriceItem }) {
  const { t } = useTranslation("domainsAdmin");
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof TldPriceForm>, unknown, UpdateTldPrice>({
    resolver: zodResolver(TldPriceForm),
    reValidateMode: "onChange",
    defaultValues: Object.fromEntries(PRICE_FIELDS.map((f) => [f, String(item.usd[f])])),
  });
  const save = useMutation({
    mutationFn: (prices: UpdateTldPrice) =>
      sendJson("PUT", `/api/admin/domains/prices/${encodeURIComponent(item.tld)}`, prices, DomainPriceSheet),
    onSuccess: (data) => {
      queryClient.setQueryData(PRICE_KEY, data);
      toast({ title: t("prices.saved", { tld: item.tld }), variant: "success" });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, setError, PRICE_FIELDS) === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
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
      {PRICE_FIELDS.map((f) => {
        const problem = refusal(errors[f], t("prices.priceInvalid"));
        const errorId = `price-${item.tld}-${f}-error`;
        return (
          <td key={f} className="px-2 py-3 align-top">
            <Input
              aria-label={`.${item.tld} ${t(`prices.${f}`)}`}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? errorId : undefined}
              inputMode="decimal"
              className="h-9 w-24 tabular-nums"
              {...register(f)}
            />
            <FieldError id={errorId} message={problem} />
          </td>
        );
      })}
      <td className="px-2 py-3 text-xs text-muted-foreground tabular-nums">
        {(["RWF", "UGX", "KES"] as const).map((c) => (
          <span key={c} className="block whitespace-nowrap">
            {formatAmount(item.register[c] ?? 0, c)} / {formatAmount(item.renew[c] ?? 0, c)}
          </span>
        ))}
      </td>
      <td className="px-4 py-3">
        <Button
          size="sm"
          variant="outline"
          disabled={save.isPending}
          onClick={() => void handleSubmit((prices) => save.mutate(prices))()}
          aria-label={`${t("prices.save")} .${item.tld}`}
        >
          {t("prices.save")}
        </Button>
      </td>
    </tr>
  );
}

function RateRow({ rate }: { rate: DomainRateItem }) {
  const { t } = useTranslation("domainsAdmin");
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof RateForm>, unknown, z.output<typeof RateForm>>({
    resolver: zodResolver(RateForm),
    reValidateMode: "onChange",
    defaultValues: { perUsd: String(rate.perUsd) },
  });
  const problem = refusal(errors.perUsd, t("prices.rateInvalid"));
  const fieldId = `rate-${rate.code}`;
  const save = useMutation({
    mutationFn: (body: z.output<typeof RateForm>) =>
      sendJson("PUT", `/api/admin/domains/rates/${rate.code}`, body, DomainPriceSheet),
    onSuccess: (data) => {
      queryClient.setQueryData(PRICE_KEY, data);
      toast({ title: t("prices.rateSaved", { code: rate.code }), variant: "success" });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, setError, ["perUsd"]) === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
  });
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
        <Button
          size="sm"
          variant="outline"
          disabled={save.isPending}
          onClick={() => void handleSubmit((body) => save.mutate(body))()}
          aria-label={`${t("prices.save")} ${rate.code}`}
        >
          {t("prices.save")}
        </Button>
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
  const sheet = useQuery({
    queryKey: PRICE_KEY,
    queryFn: () => getJson("/api/admin/domains/prices", DomainPriceSheet),
    retry: adminRetry,
  });
  if (sheet.isPending)
    return (
      <Panel>
        <PanelSpinner />
      </Panel>
    );
  if (sheet.isError)
    return (
      <Panel>
        <LoadError error={sheet.error} onRetry={() => void sheet.refetch()} />
      </Panel>
    );
  const rates = sheet.data.rates.filter((r) => r.code !== "USD");
  return (
    <div className="grid gap-6">
      <Panel title={t("tabs.prices")} description={t("prices.lead")} bodyClassName="p-0">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="border-b text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2.5 text-left font-medium">
                  {t("prices.tld")}
                </th>
                {PRICE_FIELDS.map((f) => (
                  <th key={f} scope="col" className="px-2 py-2.5 text-left font-medium">
                    {t(`prices.${f}`)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2.5 text-left font-medium">
                  {t("prices.shown")}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  <span className="sr-only">{t("prices.save")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.data.tlds.map((item) => (
                <TldRow key={`${item.tld}:${JSON.stringify(item.usd)}`} item={item} />
              ))}
            </tbody>
          </table>
        </div>
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
        {tab === "orders" ? <Orders /> : <Prices />}
      </Tabs>
    </div>
  );
}
