import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Download, RefreshCw, Send, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { company } from "#content/company.ts";
import {
  AdminTransaction,
  AdminTransactionDetail,
  PaymentCreated,
  PayoutRequest,
  TransactionList,
} from "#contracts/payment-api.ts";
import {
  TRANSACTION_STATUSES,
  paymentCountries,
  paymentCountry,
  paymentMessageCode,
  paymentMessages as contractMessages,
  providerDisplayName,
} from "#contracts/payments.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import "../../../features/admin/admin-messages.ts";
import {
  describedBy,
  EmptyState,
  FormField,
  LoadError,
  PageHeader,
  Panel,
  PanelSpinner,
  useListPage,
  useListParams,
} from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, queryString, sendJson, serverMessage } from "../../../features/admin/api.ts";
import { formatDateTime, formatNumber, formatRelative } from "../../../features/admin/format.ts";
import { Cell, ListRow, ListTable } from "../../../features/admin/order-list.tsx";
import { FilterSelect, ListSection } from "../../../features/admin/record-list.tsx";
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
  /** A field's label, control and error; `render` draws the control with the props that tie it to them. */
  const field = (
    word: "country" | "phone" | "amount" | "description",
    name: keyof PayoutFormInput,
    render: (props: { id: string } & ReturnType<typeof describedBy> & ReturnType<typeof register>) => ReactNode,
  ) => {
    const id = `payout-${word}`;
    const error = errorText(errors[name]);
    return (
      <FormField id={id} label={t(`payout.${word}`)} error={error}>
        {render({ id, ...describedBy(id, { error }), ...register(name) })}
      </FormField>
    );
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
        {field("country", "country", (props) => (
          <Select compact {...props}>
            {paymentCountries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.code} ({c.currency})
              </option>
            ))}
          </Select>
        ))}
        {field("phone", "phoneNumber", (props) => (
          <Input
            className="h-9!"
            inputMode="tel"
            placeholder={`${paymentCountry(country)?.prefix ?? ""}783456789`}
            aria-required="true"
            {...props}
          />
        ))}
        {field("amount", "amount", (props) => (
          <Input className="h-9!" inputMode="numeric" aria-required="true" {...props} />
        ))}
        {field("description", "description", (props) => (
          <Input className="h-9!" maxLength={22} {...props} />
        ))}
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
  const { searchParams, setFilter, clear, page, setPage } = useListParams<FilterName>();
  const [selected, setSelected] = useState<string | null>(null);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, searchParams.get(name) ?? ""])) as Record<
    FilterName,
    string
  >;
  const filtered = FILTERS.some((name) => filters[name]);
  const list = useListPage("/api/admin/payments", { ...filters, page }, TransactionList, {
    staleTime: 10_000,
    pageSize: PAGE_SIZE,
  });
  const testMode = list.data?.items.some((item) => item.testMode);
  const selects = [
    ["status", "allStatuses", TRANSACTION_STATUSES.map((status) => ({ value: status, label: status }))],
    ["country", "allCountries", paymentCountries.map((c) => ({ value: c.code, label: `${c.flag} ${c.code}` }))],
    [
      "kind",
      "allKinds",
      AdminTransaction.shape.kind.options.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
    ],
  ] as const;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("title")}
        description={t("lead")}
        actions={
          <a
            className={buttonClasses("outline", "sm")}
            href={`/api/admin/payments/export.csv${queryString(filters)}`}
            download
            data-testid="export-csv"
          >
            <Download aria-hidden="true" />
            {t("export")}
          </a>
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

      <ListSection
        name="payments"
        title={t("title")}
        toolbarClassName="grid gap-2 border-b p-3 sm:grid-cols-4 sm:p-4"
        filters={
          <>
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
            {selects.map(([name, all, options]) => (
              <FilterSelect
                key={name}
                id={`payment-${name}`}
                label={t(`filters.${name}`)}
                all={t(`filters.${all}`)}
                value={filters[name]}
                onChange={(value) => setFilter(name, value)}
                options={options}
              />
            ))}
            {(["from", "to", "minAmount", "maxAmount"] as const).map((name) => {
              // The dates keep their label in sight and apply at once; an amount applies when left.
              const date = name === "from" || name === "to";
              return (
                <div key={name} className={date ? "flex items-center gap-2" : undefined}>
                  <label htmlFor={`payment-${name}`} className={date ? "text-xs text-muted-foreground" : "sr-only"}>
                    {t(`filters.${name}`)}
                  </label>
                  <Input
                    id={`payment-${name}`}
                    className="h-9!"
                    {...(date
                      ? { type: "date", value: filters[name], onChange: (e) => setFilter(name, e.target.value) }
                      : {
                          inputMode: "numeric",
                          placeholder: t(`filters.${name}`),
                          defaultValue: filters[name],
                          onBlur: (e) => setFilter(name, e.currentTarget.value.replace(/[^\d.]/g, "")),
                        })}
                  />
                </div>
              );
            })}
          </>
        }
        filtered={filtered}
        onClear={clear}
        clearLabel={t("filters.clear")}
        list={list}
        noMatch={{ title: t("noMatchTitle"), body: t("noMatchBody") }}
        empty={<EmptyState icon={CreditCard} title={t("emptyTitle")} body={t("emptyBody")} />}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      >
        {(items) => (
          <ListTable
            testId="payment-table"
            headings={(["created", "amount", "kind", "country", "phone", "provider", "status"] as const).map((key) =>
              t(`columns.${key}`),
            )}
          >
            {items.map((item) => (
              <ListRow key={item.id} testId="payment-row" className={cn(selected === item.id && "bg-muted/60")}>
                <Cell className="whitespace-nowrap">
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
                </Cell>
                <Cell className="whitespace-nowrap tabular-nums">
                  {formatNumber(Number(item.amount))} {item.currency}
                </Cell>
                <Cell>{t(`kinds.${item.kind}`)}</Cell>
                <Cell>
                  {paymentCountry(item.country)?.flag} {item.country}
                </Cell>
                <Cell className="font-mono text-xs">+{item.phoneNumber}</Cell>
                <Cell className="text-muted-foreground">{providerDisplayName(item.provider) ?? "—"}</Cell>
                <Cell>
                  <PaymentStatusBadge status={item.status} className="text-xs" />
                </Cell>
              </ListRow>
            ))}
          </ListTable>
        )}
      </ListSection>

      <PayoutPanel />
    </div>
  );
}
