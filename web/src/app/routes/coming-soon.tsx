import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Container } from "../../components/ui/section.tsx";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/coming-soon";

const screenKey = (routeId: string | undefined) => (routeId ?? "").replace(/^coming-soon-/, "");

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.comingSoonTitle"),
    description: i18n.t("comingSoon.body"),
    path: location.pathname,
    noindex: true,
  });
}

/** Holds the place of a screen whose capability has not landed yet, so no link leads to a 404. */
export default function ComingSoon() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = screenKey(matches.at(-1)?.id);
  const screen = t(`comingSoon.screens.${key}` as "comingSoon.screens.domains", { defaultValue: t("comingSoon.screens.admin") });
  return (
    <Container className="flex min-h-[70vh] flex-col items-center justify-center py-20 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <Construction aria-hidden="true" className="size-8" />
      </span>
      <Badge className="mt-6">{t("comingSoon.badge")}</Badge>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t("comingSoon.title", { screen })}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted-foreground">{t("comingSoon.body")}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/contact">{t("comingSoon.contactCta")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">{t("comingSoon.homeCta")}</Link>
        </Button>
      </div>
    </Container>
  );
}
