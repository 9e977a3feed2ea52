import { ArrowRight, Briefcase, Cpu, Globe, House, LifeBuoy, Mail, Rocket, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Container } from "../../components/ui/section.tsx";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/not-found";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { LinkButtons } from "../../features/marketing/link-buttons.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { cn } from "../../lib/cn.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["notFound"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "notFound" }),
    description: i18n.t("meta.description", { ns: "notFound" }),
    path: location.pathname,
    noindex: true,
  });
}

type DestinationKey = "home" | "techStackAdvisor" | "domains" | "services" | "contact";

const destinations: ReadonlyArray<{ key: DestinationKey; to: string; icon: LucideIcon }> = [
  { key: "home", to: "/", icon: House },
  { key: "techStackAdvisor", to: paths.techStackAdvisor(), icon: Cpu },
  { key: "domains", to: paths.domains(), icon: Globe },
  { key: "services", to: paths.services(), icon: Briefcase },
  { key: "contact", to: paths.contact(), icon: Mail },
];

export default function NotFoundPage() {
  const { t } = useTranslation("notFound");
  return (
    <div className="relative isolate -mt-16 overflow-hidden pt-16">
      <GridBackdrop className="h-[40rem]" />

      <Container className="py-16 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p
            aria-hidden="true"
            className={cn(
              "bg-gradient-to-b from-primary to-primary/30 bg-clip-text text-[7.5rem]",
              "leading-none font-black tracking-tighter text-transparent select-none",
              "sm:text-[11rem]",
            )}
          >
            {t("code")}
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
            {t("title")}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">{t("body")}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButtons
              primary={{ to: "/", label: t("home"), icon: House }}
              secondary={{ to: paths.techStackAdvisor(), label: t("start"), icon: Rocket }}
            />
          </div>
        </div>

        <section aria-labelledby="not-found-popular" className="mt-20 sm:mt-24">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="not-found-popular" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
              {t("popular.title")}
            </h2>
            <p className="mt-3 text-muted-foreground">{t("popular.lead")}</p>
          </div>
          <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {destinations.map(({ key, to, icon: Icon }) => (
              <li key={key} className="sm:last:col-span-2 lg:last:col-span-1">
                <Link
                  to={to}
                  className={cn(
                    "group flex h-full items-start gap-4 rounded-2xl border bg-card p-5",
                    "text-card-foreground shadow-sm transition hover:-translate-y-0.5",
                    "hover:border-primary/40 hover:shadow-md sm:flex-col sm:gap-0",
                  )}
                >
                  <IconTile>
                    <Icon aria-hidden="true" />
                  </IconTile>
                  <span className="min-w-0 flex-1 sm:mt-4 sm:w-full">
                    <span className="flex items-center justify-between gap-2 font-semibold text-foreground">
                      {t(`popular.${key}.title`)}
                      <ArrowRight
                        aria-hidden="true"
                        className={cn(
                          "size-4 shrink-0 text-muted-foreground transition-transform",
                          "group-hover:translate-x-0.5 group-hover:text-primary",
                        )}
                      />
                    </span>
                    <span className="mt-1.5 block text-sm leading-relaxed text-muted-foreground">
                      {t(`popular.${key}.description`)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <Card className="mx-auto mt-16 flex max-w-3xl flex-col items-center gap-5 p-6 text-center sm:flex-row sm:p-8 sm:text-left">
          <IconTile>
            <LifeBuoy aria-hidden="true" />
          </IconTile>
          <div className="flex-1">
            <h2 className="text-lg font-semibold tracking-tight text-foreground">{t("help.title")}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t("help.body")}</p>
          </div>
          <Link className={buttonClasses("secondary", "md", "w-full sm:w-auto")} to={paths.contact()}>
            <Mail aria-hidden="true" />
            {t("help.cta")}
          </Link>
        </Card>
      </Container>
    </div>
  );
}
