import { Briefcase, CodeXml, ExternalLink, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "#content/company.ts";
import { founder as englishFounder } from "#content/founder.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useContent } from "../../i18n/content.ts";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";
import { ContactCeoDialog } from "./contact-ceo-dialog.tsx";
import { Island } from "../../islands/island.tsx";
import { FounderPhoto } from "./founder-photo.tsx";
import { Since, sinceProps } from "./since.tsx";
import { useElapsedWords, yearOf } from "./use-elapsed.ts";
import { cn } from "../../lib/cn.ts";

function ExternalButton({ href, label, icon: Icon }: { href: string; label: string; icon: typeof Briefcase }) {
  const { t } = useTranslation("founder");
  return (
    <a
      className={buttonClasses("outline", "lg", "w-full sm:w-auto")}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      <Icon aria-hidden="true" />
      {label}
      <ExternalLink aria-hidden="true" className="text-muted-foreground" />
      <span className="sr-only">{t("hero.externalLink")}</span>
    </a>
  );
}

export function FounderHero() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  const { company } = useContent("company", { company: englishCompany });
  const words = useElapsedWords();
  return (
    <section aria-labelledby="founder-name" className="relative isolate -mt-16 overflow-hidden pt-16">
      <GridBackdrop />
      <div
        className={cn(
          // One column that never grows past the page: an auto column took the width of its widest
          // line, so on a 375 px phone the hero sat off-centre and, while the page was still arriving,
          // the portrait moved when that line came in (a layout shift).
          "mx-auto grid w-full max-w-7xl grid-cols-1 items-center gap-12 px-4 pt-14 pb-24",
          "sm:px-6 sm:pt-20 sm:pb-28 lg:pb-32 lg:grid-cols-[18rem_minmax(0,1fr)]",
          "lg:gap-16 xl:grid-cols-[20rem_minmax(0,1fr)] lg:px-8",
        )}
      >
        <FounderPhoto photo={founder.photo} name={founder.name} />
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t("hero.eyebrow")}</p>
          <h1
            id="founder-name"
            className="mt-3 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl xl:text-6xl"
          >
            {founder.name}
          </h1>
          <p className="mt-3 text-xl font-medium text-foreground/90 sm:text-2xl">
            {founder.title}
            <span className="text-muted-foreground">{" · "}</span>
            <span className="text-muted-foreground">{company.name}</span>
          </p>
          <p className="mt-3 inline-flex items-center gap-1.5 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            {founder.location}
          </p>

          {/* Label over figure on a phone, where the two side by side are wider than the screen in some languages. */}
          <div
            className={cn(
              "mx-auto mt-6 flex w-fit flex-col items-center gap-1 rounded-2xl border bg-card/80 px-4 py-3 shadow-xs",
              "sm:flex-row sm:gap-3 lg:mx-0",
            )}
          >
            <span className="text-sm text-muted-foreground">{t("hero.leadershipLabel")}</span>
            <span aria-hidden="true" className="hidden h-5 w-px bg-border sm:block" />
            <span
              className={cn(
                "h-6 min-w-40 text-center text-base lg:min-w-0 lg:text-left leading-6",
                "font-semibold whitespace-nowrap text-foreground tabular-nums",
              )}
            >
              <Island
                name="since"
                inline
                component={Since}
                props={sinceProps(founder.careerStart, t("hero.since", { year: yearOf(founder.careerStart) }), words)}
              />
            </span>
          </div>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            <Island name="founder-contact" component={ContactCeoDialog} props={{}} load="interaction" />
            <ExternalButton href={founder.linkedin} label={t("hero.linkedin")} icon={Briefcase} />
            <ExternalButton href={founder.github} label={t("hero.github")} icon={CodeXml} />
          </div>
        </div>
      </div>
    </section>
  );
}
