import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useMemo, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { company } from "#content/company.ts";
import { paymentCountry, paymentStatusDisplay, providerDisplayName } from "#contracts/payments.ts";
import {
  ChatReport,
  EnquiryReport,
  OrderReport,
  PaymentReport,
  ReportRange,
  type ReportKind,
} from "#contracts/reports.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import "../../../features/admin/admin-messages.ts";
import { LoadError, NoAccess, PageHeader, Panel, PanelSpinner } from "../../../features/admin/admin-ui.tsx";
import { adminRetry, getJson, isStatus, queryString } from "../../../features/admin/api.ts";
import { formatNumber } from "../../../features/admin/format.ts";
import { BarChart } from "../../../features/admin/report-chart.tsx";
import {
  defaultReportRange,
  durationParts,
  presetRange,
  rangeProblem,
  wonPercent,
} from "../../../features/admin/report-helpers.ts";
import { serviceLabel } from "../../../features/admin/services.ts";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/reports";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.reports", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

type Range = { from: string; to: string };

function useReport<S extends z.ZodType>(kind: ReportKind, schema: S, range: Range | null) {
  return useQuery({
    queryKey: [`/api/admin/reports/${kind}`, range],
    queryFn: () => getJson(`/api/admin/reports/${kind}${queryString(range ?? {})}`, schema),
    enabled: range !== null,
    retry: adminRetry,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

function CsvLink({ kind, range }: { kind: ReportKind; range: Range }) {
  const { t } = useTranslation("admin");
  return (
    <a
      className={buttonClasses("outline", "sm")}
      href={`/api/admin/reports/${kind}.csv${queryString(range)}`}
      download
      data-testid={`report-csv-${kind}`}
    >
      <Download aria-hidden="true" />
      {t("reports.csv")}
    </a>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border p-3" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-1 text-xl font-semibold tracking-tight tabular-nums">{value}</p>
    </div>
  );
}

function ReportPanel({
  kind,
  range,
  title,
  description,
  query,
  children,
}: {
  kind: ReportKind;
  range: Range;
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; data?: unknown; error: unknown; refetch: () => unknown };
  children: () => ReactNode;
}) {
  return (
    <Panel
      title={title}
      description={description}
      actions={<CsvLink kind={kind} range={range} />}
      data-testid={`report-${kind}`}
    >
      {query.isPending ? (
        <PanelSpinner />
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children()
      )}
    </Panel>
  );
}

function monthLabel(month: string): string {
  return new Intl.DateTimeFormat(i18n.language || "en", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

function useDuration() {
  const { t } = useTranslation("admin");
  return (seconds: number | null) => {
    if (seconds === null) return t("reports.none");
    const parts = durationParts(seconds);
    if (parts.hours > 0) return t("reports.duration.hours", parts);
    if (parts.minutes > 0) return t("reports.duration.minutes", parts);
    return t("reports.duration.seconds", parts);
  };
}

function EnquiriesSection({ range }: { range: Range }) {
  const { t } = useTranslation("admin");
  const report = useReport("enquiries", EnquiryReport, range);
  const share = (won: number, total: number) => {
    const percent = wonPercent(won, total);
    return percent === null ? "" : t("reports.percent", { value: percent });
  };
  const rows = (items: EnquiryReport["byService"], label: (key: string) => string) =>
    items.map((row) => ({
      key: row.key,
      label: label(row.key),
      value: row.total,
      part: row.won,
      note: share(row.won, row.total),
    }));
  return (
    <ReportPanel
      kind="enquiries"
      range={range}
      title={t("reports.enquiries.title")}
      description={t("reports.enquiries.description")}
      query={report}
    >
      {() => {
        const data = report.data!;
        const chart = {
          valueLabel: t("reports.enquiries.received"),
          partLabel: t("reports.enquiries.won"),
          noteLabel: t("reports.enquiries.share"),
          empty: t("reports.empty"),
        };
        return (
          <div className="grid gap-6">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure
                label={t("reports.enquiries.received")}
                value={formatNumber(data.total)}
                testId="enquiries-total"
              />
              <Figure label={t("reports.enquiries.won")} value={formatNumber(data.won)} />
              <Figure label={t("reports.enquiries.share")} value={share(data.won, data.total) || t("reports.none")} />
            </div>
            <BarChart
              caption={t("reports.enquiries.byMonth")}
              rows={rows(data.byMonth, monthLabel)}
              {...chart}
              testId="enquiries-by-month"
            />
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                caption={t("reports.enquiries.byService")}
                rows={rows(data.byService, serviceLabel)}
                {...chart}
                testId="enquiries-by-service"
              />
              <BarChart
                caption={t("reports.enquiries.bySource")}
                rows={rows(data.bySource, (key) => t(`reports.sources.${key}`, { defaultValue: key }))}
                {...chart}
                testId="enquiries-by-source"
              />
            </div>
          </div>
        );
      }}
    </ReportPanel>
  );
}

function ChatsSection({ range }: { range: Range }) {
  const { t } = useTranslation("admin");
  const report = useReport("chats", ChatReport, range);
  const duration = useDuration();
  return (
    <ReportPanel
      kind="chats"
      range={range}
      title={t("reports.chats.title")}
      description={t("reports.chats.description")}
      query={report}
    >
      {() => {
        const data = report.data!;
        return (
          <div className="grid gap-6">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label={t("reports.chats.chats")} value={formatNumber(data.chats)} testId="chats-total" />
              <Figure label={t("reports.chats.messages")} value={formatNumber(data.messages)} />
              <Figure
                label={t("reports.chats.medianResponse")}
                value={duration(data.firstResponse.medianSeconds)}
                testId="chats-median"
              />
              <Figure label={t("reports.chats.p90Response")} value={duration(data.firstResponse.p90Seconds)} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                caption={t("reports.chats.byMonth")}
                rows={data.byMonth.map((row) => ({ key: row.month, label: monthLabel(row.month), value: row.chats }))}
                valueLabel={t("reports.chats.chats")}
                empty={t("reports.empty")}
                testId="chats-by-month"
              />
              <BarChart
                caption={t("reports.chats.outcomes", { count: data.handovers })}
                rows={data.outcomes.map((row) => ({
                  key: row.outcome,
                  label: t(`reports.outcomes.${row.outcome}`),
                  value: row.count,
                }))}
                valueLabel={t("reports.chats.handovers")}
                empty={t("reports.chats.noHandovers")}
                testId="chats-outcomes"
              />
            </div>
          </div>
        );
      }}
    </ReportPanel>
  );
}

const money = (amount: string, currency: string) => `${formatNumber(Number(amount))} ${currency}`;

function PaymentsSection({ range }: { range: Range }) {
  const { t } = useTranslation("admin");
  const report = useReport("payments", PaymentReport, range);
  const rows = (items: PaymentReport["byCountry"], label: (key: string) => string) =>
    items.map((row) => ({
      key: `${row.key}-${row.currency}`,
      label: `${label(row.key)} · ${row.currency}`,
      value: row.count,
      part: row.completed,
      note: money(row.amount, row.currency),
    }));
  return (
    <ReportPanel
      kind="payments"
      range={range}
      title={t("reports.payments.title")}
      description={t("reports.payments.description")}
      query={report}
    >
      {() => {
        const data = report.data!;
        const chart = {
          valueLabel: t("reports.payments.count"),
          partLabel: t("reports.payments.completed"),
          noteLabel: t("reports.payments.amount"),
          empty: t("reports.empty"),
        };
        return (
          <div className="grid gap-6">
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                caption={t("reports.payments.byCountry")}
                rows={rows(data.byCountry, (key) => paymentCountry(key)?.name ?? key)}
                {...chart}
                testId="payments-by-country"
              />
              <BarChart
                caption={t("reports.payments.byProvider")}
                rows={rows(data.byProvider, (key) => providerDisplayName(key) ?? t("reports.payments.noProvider"))}
                {...chart}
                testId="payments-by-provider"
              />
            </div>
            <BarChart
              caption={t("reports.payments.byStatus")}
              rows={rows(data.byStatus, (key) => paymentStatusDisplay(key)?.label ?? key)}
              {...chart}
              testId="payments-by-status"
            />
          </div>
        );
      }}
    </ReportPanel>
  );
}

function OrdersSection({ range }: { range: Range }) {
  const { t } = useTranslation("admin");
  const report = useReport("orders", OrderReport, range);
  return (
    <ReportPanel
      kind="orders"
      range={range}
      title={t("reports.orders.title")}
      description={t("reports.orders.description")}
      query={report}
    >
      {() => {
        const data = report.data!;
        return (
          <div className="grid gap-6">
            {data.byCurrency.length > 0 ? (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="orders-revenue">
                {data.byCurrency.map((row) => (
                  <li key={row.currency}>
                    <Figure
                      label={t("reports.orders.revenueIn", { currency: row.currency })}
                      value={money(row.revenue, row.currency)}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <BarChart
              caption={t("reports.orders.byKind")}
              rows={data.rows.map((row) => ({
                key: `${row.kind}-${row.currency}`,
                label: `${t(`reports.orders.kinds.${row.kind}`)} · ${row.currency}`,
                value: row.orders,
                part: row.paid,
                note: money(row.revenue, row.currency),
              }))}
              valueLabel={t("reports.orders.orders")}
              partLabel={t("reports.orders.paid")}
              noteLabel={t("reports.orders.revenue")}
              empty={t("reports.orders.none")}
              testId="orders-by-kind"
            />
          </div>
        );
      }}
    </ReportPanel>
  );
}

/**
 * The report dates. Every change that the contract takes shows the reports for it at once (there is
 * nothing to press); one it refuses stays in the fields with what is wrong, and the reports keep their dates.
 */
function RangeForm({ asked, onApply }: { asked: Range; onApply: (range: Range) => void }) {
  const { t } = useTranslation("admin");
  const {
    register,
    handleSubmit,
    reset,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<ReportRange>({ resolver: zodResolver(ReportRange), values: asked, reValidateMode: "onChange" });
  // A range from the address that the contract refuses (typed or shared by hand) says so at once.
  useEffect(() => {
    if (rangeProblem(asked)) void trigger();
  }, [asked, trigger]);
  const apply = handleSubmit(onApply);
  const problem = errors.from || errors.to ? (rangeProblem(getValues()) ?? "order") : null;
  return (
    // A group of fields, not a <form>: with nothing to submit it would need a button that does nothing.
    <fieldset className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <legend className="sr-only">{t("reports.rangeLabel")}</legend>
      {(["from", "to"] as const).map((name) => (
        <div key={name} className="grid gap-1">
          <label htmlFor={`report-${name}`} className="text-xs font-medium text-muted-foreground">
            {t(`reports.${name}`)}
          </label>
          <Input
            id={`report-${name}`}
            type="date"
            className="h-9! w-40"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "report-range-problem" : undefined}
            {...register(name, { onChange: () => void apply() })}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {(["30d", "year", "12m"] as const).map((preset) => (
          <Button
            key={preset}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              const range = presetRange(preset, new Date());
              reset(range);
              onApply(range);
            }}
          >
            {t(`reports.presets.${preset}`)}
          </Button>
        ))}
      </div>
      {problem ? (
        <p id="report-range-problem" role="alert" className="w-full text-sm text-destructive">
          {t(`reports.rangeProblems.${problem}`)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Reports: enquiries, chats, payments and orders over one date range, each with a chart and a CSV file. */
export default function ReportsPage() {
  const { t } = useTranslation("admin");
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = defaultReportRange(new Date());
  const from = searchParams.get("from") ?? fallback.from;
  const to = searchParams.get("to") ?? fallback.to;
  const asked = useMemo(() => ({ from, to }), [from, to]);
  const parsed = ReportRange.safeParse(asked);
  const range = parsed.success ? parsed.data : null;
  const setRange = (next: Range) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const [name, value] of Object.entries(next)) params.set(name, value);
      return params;
    });
  const probe = useReport("payments", PaymentReport, range);

  if (isStatus(probe.error, 403)) return <NoAccess />;
  return (
    <div className="grid gap-6">
      <PageHeader title={t("reports.title")} description={t("reports.lead")} />
      <RangeForm asked={asked} onApply={setRange} />
      {range ? (
        <>
          <EnquiriesSection range={range} />
          <ChatsSection range={range} />
          <PaymentsSection range={range} />
          <OrdersSection range={range} />
        </>
      ) : null}
    </div>
  );
}
