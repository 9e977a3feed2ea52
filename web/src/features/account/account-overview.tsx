import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AccountOverview } from "#contracts/account.ts";
import { serviceCategories as englishServiceCategories } from "#content/services.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useContent } from "../../i18n/content.ts";
import { Link } from "../../i18n/link.tsx";
import { formatDate, formatMoney } from "../../lib/intl.ts";
import { paths } from "../../lib/route-table.ts";

const longDate = (iso: string) => formatDate(iso, { dateStyle: "long" });

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{title}</h2>
      {count === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">{children}</ul>
      )}
    </Card>
  );
}

function Row({
  title,
  detail,
  badge,
  action,
}: {
  title: ReactNode;
  detail: ReactNode;
  badge: string;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-foreground">{title}</p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
      <div className="flex items-center gap-3">
        <Badge tone="neutral">{badge}</Badge>
        {action}
      </div>
    </li>
  );
}

/** Everything under the signed-in address, one section per kind. */
export function AccountOverviewView({ account }: { account: AccountOverview }) {
  const { t } = useTranslation("account");
  const { serviceCategories } = useContent("services", { serviceCategories: englishServiceCategories });
  const serviceName = (id: string) => serviceCategories.find((c) => c.id === id)?.title ?? t("enquiries.otherService");
  const expiry = (iso: string | null) =>
    iso ? t("overview.expires", { date: longDate(iso) }) : t("overview.noExpiry");
  const open = (to: string) => (
    <Link to={to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      {t("overview.open")}
    </Link>
  );

  return (
    <div className="grid gap-6" data-testid="account-overview">
      <Section title={t("servers.title")} empty={t("servers.empty")} count={account.servers.length}>
        {account.servers.map((s) => (
          <Row
            key={s.id}
            title={s.hostname}
            detail={
              <>
                {t("servers.plan", { plan: s.planName, reference: s.reference })}
                <br />
                {t("servers.period", { count: s.periodMonths })} · {expiry(s.expiresAt)}
              </>
            }
            badge={t(`serverStatus.${s.status}`)}
            action={open(paths.vpsOrder({ token: s.orderToken }))}
          />
        ))}
      </Section>
      <Section title={t("domains.title")} empty={t("domains.empty")} count={account.domains.length}>
        {account.domains.map((d) => (
          <Row
            key={d.id}
            title={d.domain}
            detail={
              <>
                {d.reference} · {t("domains.years", { count: d.years })}
                <br />
                {expiry(d.expiresAt)}
              </>
            }
            badge={t(`domainStatus.${d.status}`)}
            action={open(paths.domainOrderStatus({ token: d.orderToken }))}
          />
        ))}
      </Section>
      <Section title={t("payments.title")} empty={t("payments.empty")} count={account.payments.length}>
        {account.payments.map((p) => (
          <Row
            key={p.transactionId}
            title={formatMoney(Number(p.amount), p.currency)}
            detail={[
              p.description,
              p.providerName,
              longDate(p.completedAt ?? p.createdAt),
              p.testMode ? t("payments.testMode") : null,
            ]
              .filter(Boolean)
              .join(" · ")}
            badge={t(`paymentStatus.${p.status}`)}
            action={
              p.status === "COMPLETED" ? (
                <Link
                  to={`${paths.paymentReceipt()}?transactionId=${p.transactionId}`}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t("payments.receipt")}
                </Link>
              ) : null
            }
          />
        ))}
      </Section>
      <Section title={t("plans.title")} empty={t("plans.empty")} count={account.plans.length}>
        {account.plans.map((p) => (
          <Row
            key={p.id}
            title={t(`projectType.${p.projectType}`)}
            detail={t("plans.savedOn", { date: longDate(p.createdAt) })}
            badge={t(`planStatus.${p.status}`)}
            action={open(paths.projectDetails({ id: p.id }))}
          />
        ))}
      </Section>
      <Section title={t("enquiries.title")} empty={t("enquiries.empty")} count={account.enquiries.length}>
        {account.enquiries.map((e) => (
          <Row
            key={e.id}
            title={serviceName(e.service)}
            detail={t("enquiries.sentOn", { date: longDate(e.createdAt) })}
            badge={t(`enquiryStatus.${e.status}`)}
          />
        ))}
      </Section>
    </div>
  );
}
