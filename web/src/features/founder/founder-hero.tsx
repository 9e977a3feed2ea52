import { Briefcase, CodeXml, ExternalLink, MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "#content/company.ts";
import { founder as englishFounder } from "#content/founder.ts";
import { Button } from "../../components/ui/button.tsx";
import { useContent } from "../../i18n/content.ts";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";
import { ContactCeoDialog } from "./contact-ceo-dialog.tsx";
import { formatSince, useElapsedWords, useNowAfterMount, yearOf } from "./use-elapsed.ts";
import { cn } from "../../lib/cn.ts";

const initials = (name: string) => {
  const words = name.split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`;
};

/** The portrait, with a monogram behind it that shows if the image cannot load. */
function FounderPhoto() {
  const { founder } = useContent("founder", { founder: englishFounder });
  const { photo } = founder;
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // The prerendered image may have failed before React attached onError.
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className="relative mx-auto w-full max-w-60 sm:max-w-72 lg:mx-0 lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-3 -z-10 rotate-3 rounded-[2rem] bg-gradient-to-br from-primary/30 to-primary/5"
      />
      <div className="relative aspect-square overflow-hidden rounded-3xl border bg-gradient-to-br from-accent to-muted shadow-xl">
        <span
          aria-hidden="true"
          className="absolute inset-0 grid place-items-center text-6xl font-bold tracking-tight text-accent-foreground/70"
        >
          {initials(founder.name)}
        </span>
        <img
          ref={ref}
          src={photo.src}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          loading="eager"
          decoding="async"
          onError={() => setFailed(true)}
          className={failed ? "hidden" : "relative size-full rounded-3xl object-cover"}
        />
      </div>
    </div>
  );
}

function ExternalButton({ href, label, icon: Icon }: { href: string; label: string; icon: typeof Briefcase }) {
  const { t } = useTranslation("founder");
  return (
    <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" />
        {label}
        <ExternalLink aria-hidden="true" className="text-muted-foreground" />
        <span className="sr-only">{t("hero.externalLink")}</span>
      </a>
    </Button>
  );
}

export function FounderHero() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  const { company } = useContent("company", { company: englishCompany });
  const now = useNowAfterMount();
  const leadership = formatSince(founder.careerStart, now, useElapsedWords());
  return (
    <section aria-labelledby="founder-name" className="relative isolate -mt-16 overflow-hidden pt-16">
      <GridBackdrop />
      <div
        className={cn(
          "mx-auto grid w-full max-w-7xl items-center gap-12 px-4 pt-14 pb-24",
          "sm:px-6 sm:pt-20 sm:pb-28 lg:pb-32 lg:grid-cols-[18rem_minmax(0,1fr)]",
          "lg:gap-16 xl:grid-cols-[20rem_minmax(0,1fr)] lg:px-8",
        )}
      >
        <FounderPhoto />
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

          <div className="mx-auto mt-6 flex w-fit items-center gap-3 rounded-2xl border bg-card/80 px-4 py-3 shadow-xs lg:mx-0">
            <span className="text-sm text-muted-foreground">{t("hero.leadershipLabel")}</span>
            <span aria-hidden="true" className="h-5 w-px bg-border" />
            <span
              className={cn(
                "h-6 min-w-40 text-center text-base lg:min-w-0 lg:text-left leading-6",
                "font-semibold whitespace-nowrap text-foreground tabular-nums",
              )}
            >
              {leadership ?? t("hero.since", { year: yearOf(founder.careerStart) })}
            </span>
          </div>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            <ContactCeoDialog />
            <ExternalButton href={founder.linkedin} label={t("hero.linkedin")} icon={Briefcase} />
            <ExternalButton href={founder.github} label={t("hero.github")} icon={CodeXml} />
          </div>
        </div>
      </div>
    </section>
  );
}
