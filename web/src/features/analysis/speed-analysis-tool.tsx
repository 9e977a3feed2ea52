import { zodResolver } from "@hookform/resolvers/zod";
import { Gauge, LifeBuoy, Link2, Search, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Link, useLocalize } from "../../i18n/link.tsx";
import {
  AnalyzeRequest,
  analysisMessageCode,
  type AnalysisHistoryItem,
  type AnalysisKind,
  type AnalysisReport,
} from "#contracts/analysis.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { SecurityView, SeoView, SpeedView } from "./report-views.tsx";
import { loadReport, type RunState, useAnalysis } from "./use-analysis.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/intl.ts";
import { paths } from "../../lib/route-table.ts";
import { Tabs } from "../../components/ui/tabs.tsx";

const KINDS: { kind: AnalysisKind; icon: typeof Gauge }[] = [
  { kind: "speed", icon: Gauge },
  { kind: "seo", icon: Search },
  { kind: "security", icon: ShieldCheck },
];

/** People type "example.com"; the API wants a full URL. */
function normalise(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function Progress({ state }: { state: Extract<RunState, { phase: "running" }> }) {
  const { t } = useTranslation("analysis");
  const percent = Math.round(state.progress * 100);
  return (
    <Card className="p-6" aria-live="polite">
      <p className="font-medium" data-testid="analysis-stage">
        {t(`stages.${state.stage}` as "stages.fetching", { defaultValue: state.stage })}
      </p>
      {/* The bar itself, drawn by the browser: no inline style for the CSP to refuse. */}
      <progress
        className={cn(
          "mt-3 block h-2 w-full appearance-none overflow-hidden rounded-full bg-muted",
          "[&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted",
          "[&::-webkit-progress-value]:bg-primary",
        )}
        max={100}
        value={percent}
        aria-label={t("progress", { percent })}
      >
        {percent}%
      </progress>
      <p className="mt-2 text-sm text-muted-foreground">{t("progress", { percent })}</p>
    </Card>
  );
}

function ReportHeader({ report, onRerun }: { report: AnalysisReport; onRerun: () => void }) {
  const { t } = useTranslation("analysis");
  const [copied, setCopied] = useState(false);
  const localize = useLocalize();
  const shareUrl =
    typeof window === "undefined"
      ? ""
      : `${window.location.origin}${localize(paths.speedAnalysis())}?report=${report.id}`;
  // The report's age when it is shown (read once, not on every render).
  const [shownAt] = useState(() => Date.now());
  const minutes = Math.max(1, Math.round((shownAt - Date.parse(report.createdAt)) / 60_000));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-xl font-semibold break-all">{t("report.for", { url: report.finalUrl })}</h2>
        <p className="text-sm text-muted-foreground">
          {report.cached ? t("report.cached", { count: minutes }) : t("report.fresh")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(shareUrl).catch(() => undefined);
            setCopied(true);
          }}
        >
          <Link2 aria-hidden="true" className="size-4" />
          {copied ? t("report.copied") : t("report.share")}
        </Button>
        <Button variant="outline" size="sm" onClick={onRerun}>
          {t("report.rerun")}
        </Button>
      </div>
      <a
        href={shareUrl}
        className="w-full truncate text-sm text-primary underline-offset-4 hover:underline"
        data-testid="share-link"
      >
        {shareUrl}
      </a>
    </div>
  );
}

function History({ items, current }: { items: AnalysisHistoryItem[]; current: string }) {
  const { t } = useTranslation("analysis");
  if (items.length < 2) return null;
  return (
    <Card className="p-5">
      <h3 className="font-semibold">{t("history.title")}</h3>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={`${paths.speedAnalysis()}?report=${item.id}`}
              className={cn(
                "inline-block rounded-full border px-3 py-1 hover:bg-muted",
                item.id === current && "border-primary bg-primary/10",
              )}
              title={formatDate(item.createdAt, { dateStyle: "medium", timeStyle: "short" })}
            >
              {t("history.item", { kind: t(`tabs.${item.kind}`), score: item.grade ?? item.score })}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function SpeedAnalysisTool() {
  const { t } = useTranslation("analysis");
  const [params, setParams] = useSearchParams();
  const { runs, run, show, reset } = useAnalysis();
  const [url, setUrl] = useState<string | null>(null);
  const [active, setActive] = useState<AnalysisKind>("speed");
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = useForm<AnalyzeRequest, unknown, AnalyzeRequest>({
    resolver: zodResolver(AnalyzeRequest),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { url: "", lab: false },
  });
  const urlError = errors.url?.message;
  const urlCode = urlError ? analysisMessageCode(urlError) : undefined;
  // The contract's English message in the page's language; the server's message as it came.
  const urlErrorText = urlCode === "urlRequired" || urlCode === "urlTooLong" ? t(`form.${urlCode}`) : urlError;
  const [history, setHistory] = useState<AnalysisHistoryItem[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);

  const state: RunState = runs[active] ?? { phase: "idle" };
  const report = state.phase === "done" ? state.report : null;
  const reportParam = params.get("report");

  // A shared link: show the stored report and its tab.
  useEffect(() => {
    if (!reportParam || Object.values(runs).some((r) => r?.phase === "done" && r.report.id === reportParam)) return;
    loadReport(reportParam)
      .then(({ report: shared, history: items }) => {
        show(shared);
        setActive(shared.kind);
        setUrl(shared.url);
        setValue("url", shared.url);
        setHistory(items);
      })
      .catch(() => setLoadError(t("error.generic")));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reportParam]);

  // A finished run becomes the page's address, so it can be shared or bookmarked.
  useEffect(() => {
    if (!report) return;
    if (report.id !== reportParam) setParams({ report: report.id }, { replace: true, preventScrollReset: true });
    loadReport(report.id)
      .then(({ history: items }) => setHistory(items))
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report?.id]);

  const start = (kind: AnalysisKind, target: string) => {
    setLoadError(null);
    void run(kind, target, { lab: getValues("lab") ?? false }).then((refusal) =>
      applyServerFieldErrors(refusal, setError, ["url"]),
    );
  };

  // An empty address is said, not silently ignored: the visitor sees why nothing started.
  const onSubmit = (values: AnalyzeRequest) => {
    const target = normalise(values.url);
    reset();
    setUrl(target);
    setValue("url", target);
    start(active, target);
  };

  const selectTab = (kind: AnalysisKind) => {
    setActive(kind);
    if (url && !runs[kind]) start(kind, url);
  };

  const running = Object.values(runs).some((r) => r?.phase === "running");

  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <SectionHeading
          as="h1"
          id="analysis-title"
          eyebrow={t("hero.eyebrow")}
          title={t("hero.title")}
          lead={t("hero.lead")}
        />
        <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-8 grid gap-3" noValidate>
          <Label htmlFor="analysis-url">{t("form.label")}</Label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id="analysis-url"
              inputMode="url"
              autoComplete="url"
              placeholder={t("form.placeholder")}
              className="flex-1"
              required
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? "analysis-url-error" : undefined}
              {...register("url")}
            />
            <Button type="submit" size="lg" disabled={running}>
              {running ? t("form.running") : t("form.submit")}
            </Button>
          </div>
          <FieldError id="analysis-url-error" message={urlErrorText} />
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            <input type="checkbox" className="size-4 accent-primary" {...register("lab")} />
            {t("form.lab")}
          </label>
        </form>
      </div>

      <div className="mx-auto mt-10 max-w-5xl">
        <Tabs
          items={KINDS.map(({ kind, icon }) => ({ value: kind, label: t(`tabs.${kind}`), icon }))}
          value={active}
          onValueChange={selectTab}
          label={t("tabs.label")}
          panelClassName="mt-6 grid gap-6"
        >
          {loadError ? <p className="text-destructive">{loadError}</p> : null}
          {state.phase === "idle" && !loadError ? (
            <p className="text-center text-muted-foreground">{t("idle")}</p>
          ) : null}
          {state.phase === "running" ? <Progress state={state} /> : null}
          {state.phase === "error" ? (
            <Card className="border-destructive/40 p-6" role="alert">
              <h2 className="font-semibold text-destructive">{t("error.title")}</h2>
              <p className="mt-1">{state.message || t("error.generic")}</p>
              {url ? (
                <Button variant="outline" className="mt-4" onClick={() => start(active, url)}>
                  {t("error.retry")}
                </Button>
              ) : null}
            </Card>
          ) : null}
          {report ? (
            <>
              <ReportHeader report={report} onRerun={() => url && start(active, url)} />
              {report.warnings.map((warning) => (
                <p key={warning} className="rounded-lg bg-warning/15 p-3 text-sm">
                  <strong>{t("report.warnings")}:</strong> {warning}
                </p>
              ))}
              {report.result.kind === "speed" ? <SpeedView result={report.result} /> : null}
              {report.result.kind === "seo" ? <SeoView result={report.result} /> : null}
              {report.result.kind === "security" ? <SecurityView result={report.result} /> : null}
              <History items={history} current={report.id} />
              <Card className="flex flex-col items-start gap-4 bg-accent p-6 sm:flex-row sm:items-center">
                <LifeBuoy aria-hidden="true" className="size-10 shrink-0 text-primary" />
                <div className="flex-1">
                  <h2 className="text-lg font-semibold">{t("cta.title")}</h2>
                  <p className="text-sm text-muted-foreground">{t("cta.body")}</p>
                </div>
                <Link className={buttonClasses("primary", "lg")} to={`${paths.contact()}?report=${report.id}`}>
                  {t("cta.button")}
                </Link>
              </Card>
            </>
          ) : null}
        </Tabs>
      </div>
    </Container>
  );
}
