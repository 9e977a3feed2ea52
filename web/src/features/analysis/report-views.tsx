import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Check, LabRun, SecurityResult, SeoResult, SpeedResult } from "#contracts/analysis.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/intl.ts";
import { formatBytes, ScoreGauge, TimingBar, WeightChart } from "./charts.tsx";

const statusIcon = {
  pass: <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />,
  warn: <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-warning" />,
  fail: <XCircle aria-hidden="true" className="size-5 shrink-0 text-destructive" />,
  info: <Info aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />,
};

function CheckRow({ check }: { check: Check }) {
  const { t } = useTranslation("analysis");
  return (
    <li className="flex gap-3 py-3" data-check={check.id} data-status={check.status}>
      {statusIcon[check.status]}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{check.title}</span>
          <span className="sr-only">{t(`status.${check.status}`)}</span>
          {check.priority && check.status !== "pass" ? (
            <Badge tone={check.priority === "high" ? "warning" : "neutral"}>{t(`priority.${check.priority}`)}</Badge>
          ) : null}
        </div>
        <p className="mt-1 text-sm break-words text-muted-foreground">{check.detail}</p>
        {check.fix && check.status !== "pass" ? <p className="mt-1 text-sm">{check.fix}</p> : null}
      </div>
    </li>
  );
}

function CheckList({ checks }: { checks: Check[] }) {
  return (
    <ul className="divide-y">
      {checks.map((check) => (
        <CheckRow key={check.id} check={check} />
      ))}
    </ul>
  );
}

function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <Card className={cn("p-5 sm:p-6", className)}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

const ratingTone = { good: "text-success", "needs-improvement": "text-warning", poor: "text-destructive" } as const;

function LabPanel({ run }: { run: LabRun }) {
  const { t } = useTranslation("analysis");
  const formFactor = t(`speed.formFactor.${run.formFactor}`);
  if (run.error) return <p className="text-sm text-destructive">{t("speed.labFailed", { error: run.error })}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <ScoreGauge
        score={Math.round((run.performanceScore ?? 0) * 100)}
        label={t("speed.performance", { formFactor })}
      />
      <ul className="grid gap-2 text-sm">
        {run.metrics.map((metric) => (
          <li key={metric.id} className="flex items-center justify-between gap-3" data-metric={metric.id}>
            <span>{t(`speed.metrics.${metric.id}`)}</span>
            <span className={cn("font-semibold tabular-nums", ratingTone[metric.rating])}>
              {metric.displayValue} <span className="sr-only">{t(`speed.rating.${metric.rating}`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SpeedView({ result }: { result: SpeedResult }) {
  const { t } = useTranslation("analysis");
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <Card className="flex items-center justify-center p-6">
          <ScoreGauge score={result.score} label={t("speed.score")} />
        </Card>
        <Panel title={t("speed.timing")}>
          <TimingBar timing={result.timing} phaseLabel={(p) => t(`speed.phases.${p}` as "speed.phases.dns")} />
          <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">{t("speed.redirects")}</dt>
              <dd className="font-medium">{result.redirects.length - 1}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("speed.http")}</dt>
              <dd className="font-medium">{result.httpVersion}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("speed.compression")}</dt>
              <dd className="font-medium">{result.compression ?? t("speed.none")}</dd>
            </div>
          </dl>
        </Panel>
      </div>
      <Panel title={t("speed.weight")}>
        <p className="mb-3 text-sm text-muted-foreground">
          {t("speed.weightSummary", { size: formatBytes(result.weight.totalBytes), count: result.weight.requests })}
        </p>
        <WeightChart weight={result.weight} typeLabel={(type) => t(`speed.types.${type}` as "speed.types.css")} />
        {result.weight.skipped ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("speed.skipped", { count: result.weight.skipped })}</p>
        ) : null}
      </Panel>
      {result.labStatus !== "not-requested" ? (
        <Panel title={t("speed.labTitle")}>
          {result.labStatus === "unavailable" ? (
            <p className="text-sm text-muted-foreground">{t("speed.labUnavailable")}</p>
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              {result.lab.map((run) => (
                <LabPanel key={run.formFactor} run={run} />
              ))}
            </div>
          )}
          <p className="mt-4 text-xs text-muted-foreground">{t("report.lab")}</p>
        </Panel>
      ) : null}
      <Panel title={t("speed.opportunities")}>
        {result.opportunities.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("speed.noOpportunities")}</p>
        ) : (
          <ul className="divide-y">
            {result.opportunities.map((o) => (
              <li key={o.id} className="py-3" data-opportunity={o.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{o.title}</span>
                  <span className="text-sm font-semibold text-warning tabular-nums">
                    {t("speed.savings")}{" "}
                    {[
                      o.savingsMs
                        ? `${formatNumber(o.savingsMs / 1000, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} s`
                        : null,
                      o.savingsBytes ? formatBytes(o.savingsBytes) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{o.detail}</p>
                {o.items.length ? (
                  <ul className="mt-2 space-y-1 text-xs break-all text-muted-foreground">
                    {o.items.slice(0, 5).map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t("speed.diagnostics")}>
        <CheckList checks={result.checks} />
      </Panel>
    </div>
  );
}

export function SeoView({ result }: { result: SeoResult }) {
  const { t } = useTranslation("analysis");
  const fixes = result.checks.filter((c) => c.status === "fail" || c.status === "warn" || c.status === "info");
  const passed = result.checks.filter((c) => c.status === "pass");
  const s = result.summary;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <Card className="flex items-center justify-center p-6">
          <ScoreGauge score={result.score} label={t("seo.score")} />
        </Card>
        <Card className="p-5 sm:p-6">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">{t("seo.title")}</dt>
              <dd className="font-medium break-words">{s.title ?? t("seo.missing")}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">{t("seo.description")}</dt>
              <dd className="break-words">{s.description ?? t("seo.missing")}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("seo.words")}</dt>
              <dd className="font-medium tabular-nums">{formatNumber(s.wordCount)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("seo.links")}</dt>
              <dd className="font-medium tabular-nums">{t("seo.linksValue", s.links)}</dd>
            </div>
          </dl>
        </Card>
      </div>
      {fixes.length ? (
        <Panel title={t("seo.fixes")}>
          <CheckList checks={fixes} />
        </Panel>
      ) : null}
      <Panel title={t("seo.passed", { count: passed.length })}>
        <CheckList checks={passed} />
      </Panel>
    </div>
  );
}

export function SecurityView({ result }: { result: SecurityResult }) {
  const { t } = useTranslation("analysis");
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <Card className="flex flex-col items-center justify-center gap-2 p-6">
          <ScoreGauge score={result.score} grade={result.grade} label={t("security.grade")} />
          <p className="text-sm font-medium tabular-nums" data-testid="observatory-score">
            {t("security.scoreValue", { score: result.score })}
          </p>
        </Card>
        <Panel title={t("security.tests")}>
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th>{t("security.test")}</th>
                <th>{t("security.modifier")}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {result.tests.map((test) => (
                <tr key={test.id} data-test={test.id} data-pass={test.pass}>
                  <td className="py-2 pr-3 align-top">{test.pass ? statusIcon.pass : statusIcon.fail}</td>
                  <td className="py-2 pr-3 align-top">
                    <div className="font-medium">{t(`security.names.${test.id}`)}</div>
                    <div className="text-muted-foreground">{test.detail}</div>
                  </td>
                  <td
                    className={cn(
                      "py-2 text-right align-top font-semibold tabular-nums",
                      test.modifier < 0 ? "text-destructive" : test.modifier > 0 ? "text-success" : "",
                    )}
                  >
                    {test.modifier > 0 ? `+${test.modifier}` : test.modifier}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      </div>
      <Panel title={t("security.extras")}>
        <CheckList checks={result.extras} />
      </Panel>
      <Panel title={t("security.headers")}>
        <dl className="grid gap-1 font-mono text-xs break-all">
          {result.headers.map(([name, value], index) => (
            <div key={`${name}-${index}`} className="grid grid-cols-[minmax(8rem,14rem)_1fr] gap-3">
              <dt className="font-semibold">{name}</dt>
              <dd className="text-muted-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </div>
  );
}
