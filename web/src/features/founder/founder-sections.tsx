import {
  Award,
  BadgeCheck,
  CalendarDays,
  CircleCheck,
  FlaskConical,
  GraduationCap,
  Mail,
  Target,
  TrendingUp,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { founder as englishFounder } from "#content/founder.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Container, ContentSection, Section, SectionHeading } from "../../components/ui/section.tsx";
import { useContent } from "../../i18n/content.ts";
import { cn } from "../../lib/cn.ts";
import { ContactCeoDialog } from "./contact-ceo-dialog.tsx";
import { Island } from "../../islands/island.tsx";
import { Since, sinceProps } from "./since.tsx";
import { useElapsedWords, yearOf } from "./use-elapsed.ts";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { paths } from "../../lib/route-table.ts";

/** The five headline figures, overlapping the bottom of the hero. */
export function HeadlineFigures() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <Container className="relative -mt-14 sm:-mt-16">
      <section aria-labelledby="founder-figures-title">
        <h2 id="founder-figures-title" className="sr-only">
          {t("figures.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border bg-border shadow-lg md:grid-cols-4">
          {founder.headlineFigures.map((figure) => (
            <div key={figure.label} className="flex flex-col items-center gap-1 bg-card px-3 py-6 text-center">
              <dt className="text-sm text-muted-foreground">{figure.label}</dt>
              <dd className="order-first text-3xl font-bold tracking-tight text-primary tabular-nums sm:text-4xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </Container>
  );
}

/** About text, key competencies and mission. */
export function FounderAbout() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <Section aria-labelledby="founder-about-title">
      <Container className="grid gap-12 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:gap-16">
        <div>
          <SectionHeading
            align="left"
            id="founder-about-title"
            eyebrow={t("about.eyebrow")}
            title={t("about.title", { name: founder.name })}
          />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-pretty text-muted-foreground">
            {founder.about.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </div>
        <div className="grid content-start gap-6">
          <Card className="p-6 sm:p-8">
            <h3 className="text-lg font-semibold tracking-tight text-foreground">{t("about.competencies")}</h3>
            <ul className="mt-5 space-y-3.5">
              {founder.competencies.map((competency) => (
                <li key={competency} className="flex items-start gap-3 text-foreground">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span>{competency}</span>
                </li>
              ))}
            </ul>
          </Card>
          <div className="relative overflow-hidden rounded-2xl bg-primary p-6 text-primary-foreground shadow-lg sm:p-8">
            <Target aria-hidden="true" className="absolute -right-8 -bottom-8 size-36 opacity-10" />
            <h3 className="text-sm font-semibold tracking-wide uppercase">{t("about.mission")}</h3>
            <p className="relative mt-3 text-lg leading-relaxed font-medium text-pretty sm:text-xl">
              {founder.mission}
            </p>
          </div>
        </div>
      </Container>
    </Section>
  );
}

/** Six skills: category, computed experience and proficiency bar. */
export function CoreExpertise() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  const words = useElapsedWords();
  return (
    <ContentSection
      name="founder-expertise"
      tinted
      eyebrow={t("expertise.eyebrow")}
      title={t("expertise.title")}
      lead={t("expertise.lead")}
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {founder.skills.map((skill) => {
          return (
            <li key={skill.name}>
              <Card className="flex h-full flex-col p-5 sm:p-6">
                <div className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-foreground">{skill.name}</h3>
                    <Badge tone="primary" className="mt-2">
                      {skill.category}
                    </Badge>
                  </div>
                  <span aria-hidden="true" className="text-2xl font-bold tracking-tight text-primary tabular-nums">
                    {t("expertise.percent", { value: skill.percentage })}
                  </span>
                </div>
                <progress
                  max={100}
                  value={skill.percentage}
                  aria-label={t("expertise.proficiency", { skill: skill.name })}
                  className={cn(
                    "mt-5 h-2 w-full appearance-none overflow-hidden rounded-full bg-muted",
                    "[&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:rounded-full",
                    "[&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-primary",
                  )}
                />
                {/* Wraps at 320 px: the label and the running figure do not fit one line in a narrow card. */}
                <div className="mt-5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t pt-4 text-sm">
                  <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                    <CalendarDays aria-hidden="true" className="size-4" />
                    {t("expertise.experienceLabel")}
                  </span>
                  <span
                    className={cn(
                      "ml-auto h-5 text-right leading-5 font-semibold whitespace-nowrap",
                      "text-foreground tabular-nums sm:min-w-36",
                    )}
                  >
                    <Island
                      name="since"
                      inline
                      component={Since}
                      props={sinceProps(skill.since, t("expertise.since", { year: yearOf(skill.since) }), words)}
                    />
                  </span>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </ContentSection>
  );
}

/** The four achievements as a timeline; the current one is highlighted. */
export function Achievements() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <ContentSection
      name="founder-achievements"
      eyebrow={t("achievements.eyebrow")}
      title={t("achievements.title")}
      lead={t("achievements.lead")}
    >
      <ol className="relative mx-auto mt-12 max-w-3xl">
        {founder.achievements.map((achievement, index) => {
          const last = index === founder.achievements.length - 1;
          return (
            <li
              key={achievement.year}
              className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-x-3 sm:grid-cols-[2.5rem_minmax(0,1fr)] sm:gap-x-6"
            >
              <div className="flex flex-col items-center">
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-8 place-items-center rounded-full border-2 bg-card sm:size-10",
                    achievement.current
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-primary/40 text-primary",
                  )}
                >
                  <Award className="size-4 sm:size-5" />
                </span>
                {last ? null : <span aria-hidden="true" className="w-px flex-1 bg-border" />}
              </div>
              <Card
                className={cn(
                  "p-5 sm:p-6",
                  !last && "mb-8",
                  achievement.current && "border-primary/50 ring-1 ring-primary/30",
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-bold text-primary tabular-nums">{achievement.year}</span>
                  {achievement.current ? <Badge tone="solid">{t("achievements.current")}</Badge> : null}
                </div>
                <h3 className="mt-2 text-lg font-semibold tracking-tight text-foreground">{achievement.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{achievement.description}</p>
                <p className="mt-4 flex items-start gap-2.5 rounded-xl bg-accent px-4 py-3 text-sm text-accent-foreground">
                  <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <span className="font-semibold">{t("achievements.impact")}</span>
                    {": "}
                    {achievement.impact}
                  </span>
                </p>
              </Card>
            </li>
          );
        })}
      </ol>
    </ContentSection>
  );
}

/** The two academic research projects. */
export function Research() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <ContentSection
      name="founder-research"
      tinted
      eyebrow={t("research.eyebrow")}
      title={t("research.title")}
      lead={t("research.lead")}
    >
      <ul className="mt-12 grid gap-6 lg:grid-cols-2">
        {founder.research.map((project) => (
          <li key={project.title}>
            <Card className="flex h-full flex-col p-6 sm:p-8">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Badge tone="primary">
                  <FlaskConical aria-hidden="true" className="size-3.5" />
                  {project.category}
                </Badge>
                <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  {project.period}
                </span>
              </div>
              <h3 className="mt-4 text-xl font-semibold tracking-tight text-balance text-foreground">
                {project.title}
              </h3>
              <p className="mt-3 flex-1 leading-relaxed text-muted-foreground">{project.description}</p>
              <p className="sr-only">{t("research.technologies")}</p>
              <ul className="mt-6 flex flex-wrap gap-2">
                {project.technologies.map((technology) => (
                  <li
                    key={technology}
                    className="rounded-lg border bg-muted/60 px-2.5 py-1 text-xs font-medium text-foreground"
                  >
                    {technology}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

/** The five degrees. */
export function Education() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <ContentSection
      name="founder-education"
      eyebrow={t("education.eyebrow")}
      title={t("education.title")}
      lead={t("education.lead")}
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
        {founder.degrees.map((degree, index) => (
          <li key={degree.degree} className={cn("sm:last:col-span-2", index < 2 ? "lg:col-span-3" : "lg:col-span-2")}>
            <Card className="flex h-full flex-col p-6">
              <div className="flex items-start justify-between gap-3">
                <IconTile>
                  <GraduationCap aria-hidden="true" />
                </IconTile>
                <Badge tone="neutral">{degree.level}</Badge>
              </div>
              <h3 className="mt-5 font-semibold text-balance text-foreground">{degree.degree}</h3>
              <p className="mt-1 text-sm font-medium text-primary">{degree.institution}</p>
              <p className="mt-3 text-sm text-muted-foreground">
                {t("education.field")}
                {": "}
                {degree.field}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

/** The nine certifications. */
export function Certifications() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <ContentSection
      name="founder-certifications"
      tinted
      eyebrow={t("certifications.eyebrow")}
      title={t("certifications.title")}
      lead={t("certifications.lead")}
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {founder.certifications.map((certification) => (
          <li key={certification.name}>
            <Card className="flex h-full items-start gap-4 p-5">
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <h3 className="text-sm leading-snug font-semibold text-foreground">{certification.name}</h3>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
                  <span className="text-sm text-muted-foreground">{certification.provider}</span>
                  <Badge tone="neutral">{certification.category}</Badge>
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

/** Closing call to action. */
export function FounderCta() {
  const { t } = useTranslation("founder");
  const { founder } = useContent("founder", { founder: englishFounder });
  return (
    <Section>
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl border bg-card px-6 py-12 text-center shadow-sm sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-br from-accent/80 via-transparent to-primary/10"
          />
          <h2 className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">
            {t("cta.body", { name: founder.name })}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Island name="founder-contact" component={ContactCeoDialog} props={{}} load="interaction" />
            <Link className={buttonClasses("outline", "lg")} to={paths.contact()}>
              <Mail aria-hidden="true" />
              {t("cta.contact")}
            </Link>
          </div>
        </div>
      </Container>
    </Section>
  );
}
