import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { VpsCurrency } from "#contracts/vps.ts";
import { useTranslation } from "react-i18next";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { contentCatalog, fetchCatalog } from "../../features/vps/vps-api.ts";
import { VpsComparison } from "../../features/vps/vps-comparison.tsx";
import { VpsConfigurator } from "../../features/vps/vps-configurator.tsx";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

// "payment": the mobile-money number field's messages.
export const handle: CatalogHandle = { i18n: ["vps", "content-vps", "payment"] };

export function meta() {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "vps" }),
    description: i18n.t("meta.description", { ns: "vps" }),
    path: paths.vpsHosting(),
  });
}

/** VPS hosting: configure a server with a live price, compare plans, order and pay by mobile money. */
export default function VpsHosting() {
  const { t } = useTranslation("vps");
  const live = useQuery({
    queryKey: ["/api/vps/catalog"],
    queryFn: fetchCatalog,
    placeholderData: contentCatalog,
    staleTime: 60_000,
  });
  const [currency, setCurrency] = useState<VpsCurrency>("RWF");
  return (
    <>
      <Container className="pt-28 pb-10 sm:pt-32">
        <SectionHeading as="h1" eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      </Container>
      <Container className="pb-16">
        <VpsConfigurator currency={currency} onCurrencyChange={setCurrency} />
      </Container>
      <Container className="pb-20">
        <h2 id="vps-compare" className="mb-6 text-2xl font-bold text-foreground">
          {t("compare.title")}
        </h2>
        <VpsComparison catalog={live.data ?? contentCatalog} currency={currency} />
      </Container>
    </>
  );
}
