import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Download, RefreshCw, Send, X } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { company } from "#content/company.ts";
import {
  AdminTransaction,
  AdminTransactionDetail,
  PaymentCreated,
  PayoutRequest,
  TRANSACTION_STATUSES,
  TransactionList,
  paymentCountries,
  paymentCountry,
  paymentMessageCode,
  paymentMessages as contractMessages,
  providerDisplayName,
} from "#contracts/payments.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import {
  EmptyState,
  LoadError,
  PageHeader,
  PagedList,
  Panel,
  PanelSpinner,
  useListParams,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDateTime, formatNumber, formatRelative } from "../../../features/admin/format.ts";
import { Select } from "../../../features/admin/select.tsx";
import { PaymentStatusBadge } from "../../../features/payments/payment-status.tsx";
import { i18n, registerMessages } from "../../../i18n/index.ts";
import paymentMessages from "../../../i18n/locales/en/payment.json";
import messages from "../../../i18n/locales/en/payments-admin.json";
import { cn } from "../../../lib/cn.ts";
import { applyServerFieldErrors } from "../../../lib/form.ts";
import type { Route } from "./+types/payments";

registerMessages("paymentsAdmin", "en", messages);
registerMessages("payment", "en", paymentMessages);

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "paymentsAdmin" }),
    description: company.name,
    path: location.pathname,
    noindex: true,
  });
}

const PAGE_SIZE = 25;
const FILTERS = ["q", "status", "country", "kind", "from", "to", "minAmount", "maxAmount"] as const;
type FilterName = (typeof FILTERS)[number];

function Detail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("paymentsAdmin");
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ["/api/admin/payments", id],
    queryFn: () => getJson(`/api/admin/payments/${encodeURIComponent(id)}`, AdminTransactionDetail),
    retry: adminRetry,
  });
  const recheck = useMutation({
    mutationFn: () => sendJson("POST", `/api/admin/payments/${encodeURIComponent(id)}/recheck`, {}, AdminTransaction),
    onSuccess: () => {
      toast({ title: t("detail.rechecked"), variant: "success" });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/payments"] });
    },
    onError: (error) =>
      toast({ title: t("detail.recheck"), description: serverMessage(error), variant: "destructive" }),
  });
  const tx = detail.data?.transaction;
  const none = t("detail.none");
  return (
    <Panel
      data-testid="payment-detail"
      title={t("detail.title", { id: id.slice(0, 8) })}
      actions={
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => recheck.mutate()} disabled={recheck.isPending}>
            <RefreshCw aria-hidden="true" className={cn(recheck.isPending && "animate-spin")} />
            {recheck.isPending ? t("detail.rechecking") : t("detail.recheck")}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} aria-label={t("detail.close")}>
            <X aria-hidden="true" />
          </Button>
        </div>
      }
    >
      {detail.isPending ? (
        <PanelSpinner />
      ) : detail.isError || !tx ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="grid gap-5">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {(
              [
                [t("columns.status"), <PaymentStatusBadge key="s" status={tx.status} />],
                [t("detail.providerStatus"), tx.providerStatus ?? none],
                [t("columns.amount"), `${formatNumber(Number(tx.amount))} ${tx.currency}`],
                [t("columns.kind"), t(`kinds.${tx.kind}`)],
                [t("columns.phone"), `+${tx.phoneNumber}`],
                [t("columns.provider"), tx.provider ? `${providerDisplayName(tx.provider)} (${tx.provider})` : none],
                [t("detail.providerTransactionId"), tx.providerTransactionId ?? none],
                [
                  t("detail.failure"),
                  tx.failureCode ? `${tx.failureCode}${tx.failureMessage ? ` — ${tx.failureMessage}` : ""}` : none,
                ],
                [t("detail.description"), tx.description ?? none],
                [t("detail.order"), tx.orderType ? `${tx.orderType} ${tx.orderRef ?? ""}` : none],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3 border-b py-1.5">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-right font-medium break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="text-sm font-semibold">{t("detail.events")}</h3>
            <ol className="mt-2 grid gap-2" data-testid="payment-events">
              {detail.data.events.map((event) => (
                <li key={event.id} className="rounded-lg border p-3 text-xs">
                  <div className="flex flex-wrap items-center gap-2">
                    <time dateTime={event.createdAt} className="text-muted-foreground tabular-nums">
                      {formatDateTime(event.createdAt)}
                    </time>
                    <span className="font-semibold">{event.source}</span>
                    {event.toStatus ? (
                      <span>
                        {event.fromStatus ?? "∅"} → {event.toStatus} (
                        {event.applied ? t("detail.applied") : t("detail.ignored")})
                      </span>
                    ) : null}
                  </div>
                  {event.raw !== null && event.raw !== undefined ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-muted-foreground">{t("detail.raw")}</summary>
                      <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 font-mono text-[11px] leading-snug">
                        {JSON.stringify(event.raw, null, 2)}
                      </pre>
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </Panel>
  );
}

/**
 * What staff type for a payout; the currency is the chosen country's, and the body sent is the
 * contract's PayoutRequest (the phone number as digits, an empty description left out).
 */
const PayoutForm = z
  .object({
    country: PayoutRequest.shape.country,
    // Each field is checked here, so one empty field does not hide the others' problems.
    phoneNumber: z
      .string()
      .transform((phone) => phone.replace(/\D/g, ""))
      .pipe(PayoutRequest.shape.phoneNumber),
    // Said here: an empty amount would otherwise be refused as "not a number" by the contract's union.
    amount: z.string().trim().min(1, contractMessages.amountRequired),
    description: z.string(),
  })
  .transform((form): PayoutRequest => ({
    country: form.country,
    phoneNumber: form.phoneNumber,
    amount: form.amount,
    currency: paymentCountry(form.country)?.currency ?? "",
    ...(form.description ? { description: form.description } : {}),
  }))
  .pipe(PayoutRequest);
type PayoutFormInput = z.input<typeof PayoutForm>;
const payoutFields: Array<keyof PayoutFormInput> = ["country", "phoneNumber", "amount", "description"];

function PayoutPanel() {
  const { t } = useTranslation("paymentsAdmin");
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    resetField,
    setError,
    formState: { errors },
  } = useForm<PayoutFormInput, unknown, z.output<typeof PayoutForm>>({
    resolver: zodResolver(PayoutForm),
    reValidateMode: "onChange",
    defaultValues: { country: "RWA", phoneNumber: "", amount: "", description: "" },
  });
  const country = useWatch({ control, name: "country" });
  /** The payment catalog's words for the contract's message; the server's own message as it came. */
  const errorText = (error: HookFieldError | undefined): string | undefined => {
    const code = paymentMessageCode(error?.message);
    return code ? t(`validation.${code}`, { ns: "payment" }) : error?.message;
  };
  const fieldProps = (name: keyof PayoutFormInput) => {
    const invalid = Boolean(errors[name]);
    return {
      "aria-invalid": invalid,
      "aria-describedby": invalid ? `payout-${name}-error` : undefined,
      ...register(name),
    };
  };
  const payout = useMutation({
    mutationFn: (body: z.output<typeof PayoutForm>) => sendJson("POST", "/api/payouts", body, PaymentCreated),
    onSuccess: (created) => {
      toast({
        title: t("payout.sent", { status: created.status }),
        description: created.transactionId,
        variant: "success",
      });
      resetField("amount");
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/payments"] });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, setError, payoutFields) === 0)
        toast({ title: t("payout.failed"), description: serverMessage(error), variant: "destructive" });
    },
  });
  const submit = (body: z.output<typeof PayoutForm>) => {
    if (!payout.isPending) payout.mutate(body);
  };
  return (
    <Panel title={t("payout.title")} description={t("payout.lead")}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="payout-country">{t("payout.country")}</Label>
          <Select compact id="payout-country" {...fieldProps("country")}>
            {paymentCountries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.code} ({c.currency})
              </option>
            ))}
          </Select>
          <FieldError id="payout-country-error" message={errorText(errors.country)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payout-phone">{t("payout.phone")}</Label>
          <Input
            id="payout-phone"
            className="h-9!"
            inputMode="tel"
            placeholder={`${paymentCountry(country)?.prefix ?? ""}783456789`}
            aria-required="true"
            {...fieldProps("phoneNumber")}
          />
          <FieldError id="payout-phoneNumber-error" message={errorText(errors.phoneNumber)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payout-amount">{t("payout.amount")}</Label>
          <Input
            id="payout-amount"
            className="h-9!"
            inputMode="numeric"
            aria-required="true"
            {...fieldProps("amount")}
          />
          <FieldError id="payout-amount-error" message={errorText(errors.amount)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payout-description">{t("payout.description")}</Label>
          <Input id="payout-description" className="h-9!" maxLength={22} {...fieldProps("description")} />
          <FieldError id="payout-description-error" message={errorText(errors.description)} />
        </div>
        <Button type="submit" size="sm" disabled={payout.isPending}>
          <Send aria-hidden="true" />
          {payout.isPending ? t("payout.sending") : t("payout.submit")}
        </Button>
      </form>
    </Panel>
  );
}

export default function PaymentsAdminPage() {
  const { t } = useTranslation("paymentsAdmin");
  const { searchParams, setFilter, clear } = useListParams<FilterName>();
  const [selected, setSelected] = useState<string | null>(null);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, searchParams.get(name) ?? ""])) as Record<
    FilterName,
    string
  >;
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const filtered = FILTERS.some((name) => filters[name]);
  const list = useQuery({
    queryKey: ["/api/admin/payments", { ...filters, page }],
    queryFn: () =>
      getJson(`/api/admin/payments${queryString({ ...filters, page, pageSize: PAGE_SIZE })}`, TransactionList),
    retry: adminRetry,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
  const testMode = list.data?.items.some((item) => item.testMode);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("title")}
        description={t("lead")}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`/api/admin/payments/export.csv${queryString(filters)}`} download data-testid="export-csv">
              <Download aria-hidden="true" />
              {t("export")}
            </a>
          </Button>
        }
      />
      {testMode ? (
        <p className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white">{t("testMode")}</p>
      ) : null}

      <Panel title={t("totalsTitle")}>
        {list.data && list.data.totals.length > 0 ? (
          <ul className="grid gap-3 sm:grid-cols-3" data-testid="payment-totals">
            {list.data.totals.map((total) => (
              <li key={total.currency} className="rounded-lg border p-4">
                <p className="text-2xl font-semibold tabular-nums">
                  {formatNumber(Number(total.completedAmount))}{" "}
                  <span className="text-base text-muted-foreground">{total.currency}</span>
                </p>
                <p className="text-xs text-muted-foreground">{t("totalCount", { count: total.completedCount })}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("noTotals")}</p>
        )}
      </Panel>

      {selected ? <Detail id={selected} onClose={() => setSelected(null)} /> : null}

      <section className="rounded-xl border bg-card shadow-xs" aria-labelledby="payments-results">
        <h2 id="payments-results" className="sr-only">
          {t("title")}
        </h2>
        <div role="search" className="grid gap-2 border-b p-3 sm:grid-cols-4 sm:p-4">
          <label className="sr-only" htmlFor="payment-search">
            {t("filters.search")}
          </label>
          <Input
            id="payment-search"
            type="search"
            className="h-9! sm:col-span-2"
            placeholder={t("filters.search")}
            defaultValue={filters.q}
            onKeyDown={(e) => e.key === "Enter" && setFilter("q", e.currentTarget.value.trim())}
            onBlur={(e) => setFilter("q", e.currentTarget.value.trim())}
          />
          <label className="sr-only" htmlFor="payment-status">
            {t("filters.status")}
          </label>
          <Select
            compact
            id="payment-status"
            value={filters.status}
            onChange={(e) => setFilter("status", e.target.value)}
          >
            <option value="">{t("filters.allStatuses")}</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor="payment-country">
            {t("filters.country")}
          </label>
          <Select
            compact
            id="payment-country"
            value={filters.country}
            onChange={(e) => setFilter("country", e.target.value)}
          >
            <option value="">{t("filters.allCountries")}</option>
            {paymentCountries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.code}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor="payment-kind">
            {t("filters.kind")}
          </label>
          <Select compact id="payment-kind" value={filters.kind} onChange={(e) => setFilter("kind", e.target.value)}>
            <option value="">{t("filters.allKinds")}</option>
            <option value="deposit">{t("kinds.deposit")}</option>
            <option value="payout">{t("kinds.payout")}</option>
            <option value="refund">{t("kinds.refund")}</option>
          </Select>
          {(["from", "to"] as const).map((name) => (
            <div key={name} className="flex items-center gap-2">
              <label htmlFor={`payment-${name}`} className="text-xs text-muted-foreground">
                {t(`filters.${name}`)}
              </label>
              <Input
                id={`payment-${name}`}
                type="date"
                className="h-9!"
                value={filters[name]}
                onChange={(e) => setFilter(name, e.target.value)}
              />
            </div>
          ))}
          {(["minAmount", "maxAmount"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`payment-${name}`} className="sr-only">
                {t(`filters.${name}`)}
              </label>
              <Input
                id={`payment-${name}`}
                inputMode="numeric"
                className="h-9!"
                placeholder={t(`filters.${name}`)}
                defaultValue={filters[name]}
                onBlur={(e) => setFilter(name, e.currentTarget.value.replace(/[^\d.]/g, ""))}
              />
            </div>
          ))}
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              <X aria-hidden="true" />
              {t("filters.clear")}
            </Button>
          ) : null}
        </div>

        <PagedList
          list={list}
          keepsPrevious
          className="overflow-x-auto"
          noMatch={filtered && { title: t("noMatchTitle"), body: t("noMatchBody") }}
          empty={<EmptyState icon={CreditCard} title={t("emptyTitle")} body={t("emptyBody")} />}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(next) => setFilter("page", String(next))}
        >
          {(items) => (
            <table className="w-full text-sm" data-testid="payment-table">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                    {t("columns.created")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("columns.amount")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("columns.kind")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("columns.country")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("columns.phone")}
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    {t("columns.provider")}
                  </th>
                  <th scope="col" className="py-2.5 pr-5 pl-3 font-medium">
                    {t("columns.status")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {items.map((item) => (
                  <tr
                    key={item.id}
                    className={cn("transition-colors hover:bg-muted/50", selected === item.id && "bg-muted/60")}
                    data-testid="payment-row"
                  >
                    <td className="py-3 pr-3 pl-5 whitespace-nowrap">
                      <button
                        type="button"
                        className="text-left font-medium text-foreground underline-offset-2 hover:underline"
                        onClick={() => setSelected(item.id)}
                      >
                        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                          {formatRelative(item.createdAt)}
                        </time>
                        <span className="ml-2 font-mono text-xs text-muted-foreground">{item.id.slice(0, 8)}</span>
                      </button>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                      {formatNumber(Number(item.amount))} {item.currency}
                    </td>
                    <td className="px-3 py-3">{t(`kinds.${item.kind}`)}</td>
                    <td className="px-3 py-3">
                      {paymentCountry(item.country)?.flag} {item.country}
                    </td>
                    <td className="px-3 py-3 font-mono text-xs">+{item.phoneNumber}</td>
                    <td className="px-3 py-3 text-muted-foreground">{providerDisplayName(item.provider) ?? "—"}</td>
                    <td className="py-3 pr-5 pl-3">
                      <PaymentStatusBadge status={item.status} className="text-xs" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </PagedList>
      </section>

      <PayoutPanel />
    </div>
  );
}
