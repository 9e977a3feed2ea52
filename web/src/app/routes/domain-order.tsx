import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { DOMAIN_YEARS_MAX } from "#contracts/domain-orders.ts";
import { DomainDetails, validateDomainName } from "#contracts/domains.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { domainMessageText, domainSourceText } from "../../features/domains/domain-messages.ts";
import { DomainOrderForm } from "../../features/domains/domain-order-form.tsx";
import { detailsPath } from "../../features/domains/domain-row.tsx";
import { useTldCatalog } from "../../features/domains/use-domain-search.ts";
import { i18n } from "../../i18n/index.ts";
import { Link } from "../../i18n/link.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { formatDate } from "../../lib/intl.ts";
import { paths } from "../../lib/route-table.ts";
import type { Route } from "./+types/domain-order";

// "payment": the mobile-money number field's messages.
export const handle: CatalogHandle = { i18n: ["domains", "payment"] };

export function meta({ params, location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.orderTitle", { ns: "domains", name: params.name ?? "" }),
    description: i18n.t("meta.orderDescription", { ns: "domains" }),
    path: location.pathname,
    noindex: true,
  });
}

/** /domains/order/{name}: who the name is for, how long, which nameservers, then payment. */
export default function DomainOrderPage() {
  // "payment" too: the registrant's phone field speaks it (loaded with the page, not when it shows).
  const { t } = useTranslation(["domains", "payment"]);
  const name = useParams().name ?? "";
  const [params] = useSearchParams();
  const catalog = useTldCatalog();
  const valid = catalog.data ? validateDomainName(name, catalog.data) : null;
  const details = useQuery({
    enabled: valid?.ok === true,
    queryKey: ["domain-details", name],
    queryFn: async () =>
      DomainDetails.parse(await (await apiRequest("GET", `/api/domains/${encodeURIComponent(name)}`)).json()),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const initialYears = Math.min(DOMAIN_YEARS_MAX, Math.max(1, Number.parseInt(params.get("years") ?? "1", 10) || 1));

  const back = (
    <Link
      to={detailsPath(name)}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("order.back", { name: valid?.ok ? valid.unicodeName : name })}
    </Link>
  );

  if (valid && !valid.ok) {
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("details.invalidTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {domainMessageText(t, valid.message)}
        </p>
        <Link to={paths.domains()} className={buttonClasses("primary", "md", "mt-6")}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }
  if (catalog.isError || details.isError) {
    const error = details.error ?? catalog.error;
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("order.notAvailableTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {domainMessageText(t, (error instanceof ApiError && error.serverMessage()) || t("search.error"))}
        </p>
        <Link to={paths.domains()} className={buttonClasses("primary", "md", "mt-6")}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }
  if (!details.data) return <PageSpinner />;
  const domain = details.data;
  // Who said so, and when: the order form sits on what that source said, nothing more.
  const checkedAt = t("details.checkedAt", { time: formatDate(domain.checkedAt, { timeStyle: "short" }) });
  const checked = `${checkedAt} · ${domainSourceText(t, domain)}`;
  if (domain.state !== "available") {
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("order.notAvailableTitle", { name: domain.unicodeName })}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {domain.state === "registered" ? t(`order.takenBody.${domain.source}`) : t("order.unknownBody")}
        </p>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="domain-source">
          {checked}
        </p>
        <Link to={paths.domains()} className={buttonClasses("primary", "md", "mt-6")}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }

  return (
    <Container className="max-w-6xl py-12 sm:py-16">
      {back}
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-all text-foreground sm:text-4xl">
        {t("order.title", { name: domain.unicodeName })}
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">{t("order.lead")}</p>
      <DomainOrderForm domain={domain} checked={checked} initialYears={initialYears} />
    </Container>
  );
}
