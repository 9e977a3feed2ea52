import { CalendarClock, CircleAlert, CircleCheck, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Explanation, Recommendation } from "#contracts/advisor.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { formatMoney } from "./money.ts";

/** The text of an engine explanation: its code is a key in the advisor catalog. */
export function useExplain() {
  const { t } = useTranslation("advisor");
  return (explanation: Explanation) =>
    (t as (key: string, options: object) => string)(explanation.code, explanation.params);
}

function FitGauge({ score, label }: { score: number; label: string }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className="relative grid size-16 shrink-0 place-items-center" role="img" aria-label={label}>
      <svg viewBox="0 0 64 64" className="absolute inset-0 -rotate-90" aria-hidden="true">
        <circle cx="32" cy="32" r={radius} fill="none" strokeWidth="6" className="stroke-muted" />
        <circle
          cx="32"
          cy="32"
          r={radius}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          className={cn(score >= 75 ? "stroke-success" : score >= 55 ? "stroke-primary" : "stroke-warning")}
          strokeDasharray={`${(score / 100) * circumference} ${circumference}`}
        />
      </svg>
      <span aria-hidden="true" className="text-lg font-bold text-foreground tabular-nums">
        {score}
      </span>
    </div>
  );
}

export function PlanCard({ plan, best }: { plan: Recommendation; best: boolean }) {
  const { t } = useTranslation("advisor");
  const explain = useExplain();
  return (
    <Card
      className={cn(
        "flex flex-col p-6 sm:p-8 print:break-inside-avoid print:shadow-none",
        best && "border-primary ring-1 ring-primary",
      )}
    >
      <div className="flex items-start gap-4">
        <FitGauge
          score={plan.fitScore}
          label={`${t("results.fit")}: ${t("results.fitValue", { score: plan.fitScore })}`}
        />
        <div className="min-w-0 flex-1">
          {best ? <Badge tone="solid">{t("results.best")}</Badge> : null}
          <h3 className="mt-1 text-xl font-bold tracking-tight text-foreground">{plan.name}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{plan.summary}</p>
        </div>
      </div>

      <dl className="mt-6 divide-y rounded-xl border">
        {plan.choices.map((choice) => (
          <div key={choice.layer} className="grid gap-1 p-4 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-muted-foreground">{t(`results.layers.${choice.layer}`)}</dt>
            <dd>
              <ul className="flex flex-wrap gap-1.5">
                {choice.technologies.map((tech) => (
                  <li key={tech} className="rounded-md bg-muted px-2 py-0.5 text-sm font-medium text-foreground">
                    {tech}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm text-muted-foreground">{explain(choice.reason)}</p>
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-foreground">{t("results.why")}</h4>
          <ul className="mt-2 space-y-2 text-sm">
            {plan.reasons.map((reason) => (
              <li key={reason.code} className="flex gap-2 text-muted-foreground">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {explain(reason)}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-foreground">{t("results.tradeOffs")}</h4>
          <ul className="mt-2 space-y-2 text-sm">
            {plan.tradeOffs.length === 0 ? <li className="text-muted-foreground">{t("results.noTradeOffs")}</li> : null}
            {plan.tradeOffs.map((tradeOff) => (
              <li key={tradeOff.code} className="flex gap-2 text-muted-foreground">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
                {explain(tradeOff)}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-6 grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-2">
        <div className="flex gap-3">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-5 text-primary" />
          <div>
            <p className="text-sm text-muted-foreground">{t("results.delivery")}</p>
            <p className="font-semibold text-foreground">
              {t("results.weeks", { min: plan.delivery.minWeeks, max: plan.delivery.maxWeeks })}
            </p>
          </div>
        </div>
        <div className="flex gap-3">
          <Wallet aria-hidden="true" className="mt-0.5 size-5 text-primary" />
          <div>
            <p className="text-sm text-muted-foreground">{t("results.cost")}</p>
            <p className="font-semibold text-foreground">
              {formatMoney(plan.cost.min, plan.cost.currency)} – {formatMoney(plan.cost.max, plan.cost.currency)}
            </p>
          </div>
        </div>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("results.costNote")}</p>
      </div>

      <div className="mt-6">
        <h4 className="text-sm font-semibold text-foreground">{t("results.services")}</h4>
        <ul className="mt-2 flex flex-wrap gap-2">
          {plan.services.map((service) => (
            <li key={service.name}>
              <Badge tone="neutral" title={service.category}>
                {service.name}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
