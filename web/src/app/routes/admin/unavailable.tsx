import { Hammer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { company } from "../../../../../content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { Button } from "../../../components/ui/button.tsx";
import "../../../features/admin/admin-messages.ts";
import { navItems, type UnavailableSection } from "../../../features/admin/nav.ts";
import { i18n } from "../../../i18n/index.ts";
import type { Route } from "./+types/unavailable";

const sectionOf = (routeId: string | undefined) => (routeId ?? "").replace(/^admin-unavailable-/, "") as UnavailableSection;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.unavailable", { ns: "admin" }),
    description: i18n.t("meta.adminDescription", { ns: "admin", company: company.name }),
    path: location.pathname,
    noindex: true,
  });
}

/** A section of the back office whose capability has not been built yet says so, and what it will hold. */
export default function UnavailableSectionPage() {
  const { t } = useTranslation("admin");
  const section = sectionOf(useMatches().at(-1)?.id);
  const Icon = navItems.find((item) => item.key === section)?.icon ?? Hammer;
  const name = t(`unavailable.sections.${section}.name`);
  return (
    <div className="mx-auto max-w-2xl pt-4 sm:pt-10" data-testid="section-unavailable">
      <div className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center sm:px-12">
        <span className="mx-auto grid size-12 place-items-center rounded-xl bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">{t("unavailable.badge")}</p>
        <h1 className="mt-2 text-xl font-semibold tracking-tight text-foreground">{t("unavailable.title", { section: name })}</h1>
        <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">{t("unavailable.body")}</p>
        <div className="mx-auto mt-8 max-w-md rounded-lg border bg-background/60 p-4 text-left">
          <h2 className="text-xs font-semibold text-foreground">{t("unavailable.willShow")}</h2>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(`unavailable.sections.${section}.body`)}</p>
        </div>
        <Button asChild variant="outline" size="sm" className="mt-8">
          <Link to="/admin">{t("unavailable.back")}</Link>
        </Button>
      </div>
    </div>
  );
}
