import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { VpsCurrency } from "#contracts/vps.ts";
import { useTranslation } from "react-i18next";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { contentCatalog, fetchCatalog } from "./vps-api.ts";
import { VpsComparison } from "./vps-comparison.tsx";
import { VpsConfigurator } from "./vps-configurator.tsx";

/** VPS hosting: configure a server with a live price, compare plans, order and pay by mobile money. */
export function VpsHostingTool() {
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
