import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AccountRenewals,
  RenewalCreated,
  type RenewableItem,
  type RenewalKind,
  type RenewalSummary,
} from "#contracts/renewals.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label, NativeSelect } from "../../components/ui/field.tsx";
import { ApiError, apiRequest, serverFieldErrors } from "../../lib/api-client.ts";
import { formatDate, formatMoney } from "../../lib/intl.ts";

async function fetchRenewals(): Promise<AccountRenewals> {
  return AccountRenewals.parse(await (await apiRequest("GET", "/api/account/renewals")).json());
}

async function startRenewal(kind: RenewalKind, id: string, period: number): Promise<RenewalCreated> {
  return RenewalCreated.parse(await (await apiRequest("POST", "/api/account/renewals", { kind, id, period })).json());
}

const longDate = (iso: string) => formatDate(iso, { dateStyle: "long" });

/** One service: its expiry, a period to choose (priced), and the Renew button that opens the payment page. */
function RenewRow({ item, now }: { item: RenewableItem; now: number }) {
  const { t } = useTranslation("account");
  const [period, setPeriod] = useState(item.options[0]?.period ?? 1);
  const [state, setState] = useState<"idle" | "sending">("idle");
  const [error, setError] = useState<string | null>(null);
  const selectId = `renew-${item.id}`;
  const expired = Date.parse(item.expiresAt) <= now;

  async function renew() {
    setState("sending");
    setError(null);
    try {
      const created = await startRenewal(item.kind, item.id, period);
      window.location.assign(created.redirectUrl);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setError(
        fields.period ??
          fields.id ??
          (failure instanceof ApiError ? failure.serverMessage() : undefined) ??
          t("renewals.failed"),
      );
      setState("idle");
    }
  }

  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="renewable">
      <div className="min-w-0">
        <p className="font-medium break-all text-foreground">{item.label}</p>
        <p className={expired ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}>
          {t(expired ? "renewals.expiredOn" : "renewals.expiresOn", { date: longDate(item.expiresAt) })}
        </p>
        <div className="mt-3 grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>{t("renewals.period")}</Label>
          <NativeSelect
            id={selectId}
            value={period}
            onChange={(event) => setPeriod(Number(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
          >
            {item.options.map((option) => (
              <option key={option.period} value={option.period}>
                {t(item.unit === "years" ? "renewals.years" : "renewals.months", { count: option.period })} ·{" "}
                {formatMoney(option.amount, option.currency)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {error ? (
          <p id={`${selectId}-error`} className="mt-2 text-sm font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Button disabled={state === "sending"} onClick={() => void renew()}>
        {state === "sending" ? t("renewals.opening") : t("renewals.renew")}
      </Button>
    </li>
  );
}

function RenewalLine({ renewal, highlighted }: { renewal: RenewalSummary; highlighted: boolean }) {
  const { t } = useTranslation("account");
  return (
    <li
      className={`flex flex-wrap items-start justify-between gap-3 py-3 ${highlighted ? "rounded-lg bg-muted/50 px-3" : ""}`}
      data-testid="renewal"
    >
      <div className="min-w-0">
        <p className="font-medium break-all text-foreground">{renewal.label}</p>
        <p className="text-sm text-muted-foreground">
          {renewal.reference} ·{" "}
          {t(renewal.kind === "domain" ? "renewals.years" : "renewals.months", { count: renewal.period })} ·{" "}
          {formatMoney(Number(renewal.amount), renewal.currency)}
          {renewal.newExpiresAt ? (
            <>
              <br />
              {t("renewals.renewedUntil", { date: longDate(renewal.newExpiresAt) })}
            </>
          ) : null}
        </p>
      </div>
      <Badge tone={renewal.status === "completed" ? "success" : renewal.status === "failed" ? "warning" : "neutral"}>
        {t(`renewalStatus.${renewal.status}`)}
      </Badge>
    </li>
  );
}

/**
 * Renewals in the customer's account: what expires when, a Renew action with a period choice,
 * the renewals paid so far, and what happens at expiry (the figures the renewal schedule uses).
 */
export function RenewalsPanel({ returnedFrom }: { returnedFrom: string | null }) {
  const { t } = useTranslation("account");
  const renewals = useQuery({ queryKey: ["account", "renewals"], queryFn: fetchRenewals, staleTime: 0 });
  const [now] = useState(() => Date.now());

  if (renewals.isPending) return null;
  if (renewals.isError)
    return (
      <Card className="p-5 sm:p-6">
        <p className="text-sm text-muted-foreground">{t("renewals.loadError")}</p>
      </Card>
    );
  const { items, policy } = renewals.data;
  const returned = returnedFrom ? renewals.data.renewals.find((r) => r.reference === returnedFrom) : undefined;

  return (
    <Card className="p-5 sm:p-6" data-testid="account-renewals">
      <h2 className="text-lg font-bold text-foreground">{t("renewals.title")}</h2>
      {returned ? (
        <p className="mt-3 text-sm font-medium text-foreground" role="status" data-testid="renewal-returned">
          {t(`renewals.returned.${returned.status}`, { reference: returned.reference, service: returned.label })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("renewals.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {items.map((item) => (
            <RenewRow key={`${item.kind}-${item.id}`} item={item} now={now} />
          ))}
        </ul>
      )}
      <div className="mt-4 grid gap-2 rounded-lg border border-border p-4 text-sm text-muted-foreground">
        <h3 className="font-semibold text-foreground">{t("renewals.policyTitle")}</h3>
        <p>{t("renewals.policyReminders", { days: policy.reminderDays.join(", ") })}</p>
        <p>{t("renewals.policyVps", { count: policy.vpsGraceDays })}</p>
        <p>{t("renewals.policyDomain", { count: policy.domainGraceDays })}</p>
        <p>{t("renewals.policyPayment")}</p>
      </div>
      {renewals.data.renewals.length ? (
        <>
          <h3 className="mt-5 font-semibold text-foreground">{t("renewals.historyTitle")}</h3>
          <ul className="mt-1 divide-y divide-border">
            {renewals.data.renewals.map((renewal) => (
              <RenewalLine key={renewal.reference} renewal={renewal} highlighted={renewal === returned} />
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
