import { Clock, Globe, Headphones, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from "lucide-react";
import { keepTogether } from "../../lib/intl.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "#content/company.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useContent } from "../../i18n/content.ts";
import { IconTile } from "../../components/ui/icon-tile.tsx";

const linkClass =
  "rounded-sm font-semibold break-words text-foreground underline-offset-4 transition-colors hover:text-primary hover:underline";

function InfoCard({
  icon: Icon,
  label,
  hint,
  children,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex items-start gap-4 p-5">
      <IconTile>
        <Icon aria-hidden="true" />
      </IconTile>
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <div className="mt-1 text-base">{children}</div>
        <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
      </div>
    </Card>
  );
}

/** Phone, WhatsApp, email, office and website cards. */
export function ContactInfoCards() {
  const { t } = useTranslation("contact");
  const { company } = useContent("company", { company: englishCompany });
  return (
    <section aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="text-lg font-semibold tracking-tight text-foreground">
        {t("info.title")}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <InfoCard icon={Phone} label={t("info.phone")} hint={t("info.phoneHint")}>
          <a href={`tel:${company.phone.href}`} className={linkClass}>
            {keepTogether(company.phone.display)}
          </a>
        </InfoCard>
        <InfoCard icon={MessageCircle} label={t("info.whatsapp")} hint={t("info.whatsappHint")}>
          <a
            href={company.whatsapp.href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            data-testid="whatsapp-link"
          >
            {keepTogether(company.whatsapp.display)}
            <span className="sr-only"> {t("info.externalLink")}</span>
          </a>
        </InfoCard>
        <InfoCard icon={Mail} label={t("info.email")} hint={t("info.emailHint")}>
          <a href={`mailto:${company.email}`} className={linkClass}>
            {company.email}
          </a>
        </InfoCard>
        <InfoCard icon={MapPin} label={t("info.location")} hint={t("info.locationHint")}>
          <address className="font-semibold text-foreground not-italic">{company.headquarters.address}</address>
        </InfoCard>
        <InfoCard icon={Globe} label={t("info.website")} hint={t("info.websiteHint")}>
          <a href={company.website.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {company.website.display}
            <span className="sr-only"> {t("info.externalLink")}</span>
          </a>
        </InfoCard>
      </div>
    </section>
  );
}

/** Office hours from content, then the round-the-clock support promise. */
export function BusinessHoursCard() {
  const { t } = useTranslation("contact");
  const { company } = useContent("company", { company: englishCompany });
  return (
    <Card className="overflow-hidden">
      <div className="p-6">
        <div className="flex items-center gap-3">
          <IconTile>
            <Clock aria-hidden="true" />
          </IconTile>
          <h2 className="text-lg font-semibold tracking-tight text-foreground">{t("hours.title")}</h2>
        </div>
        <dl className="mt-5 divide-y text-sm">
          {company.businessHours.map((entry) => (
            <div key={entry.days} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
              <dt className="text-muted-foreground">{entry.days}</dt>
              <dd className="font-medium text-foreground tabular-nums">{entry.hours}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="border-t bg-muted/50 p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="primary">
            <Headphones aria-hidden="true" className="size-3.5" />
            {t("hours.support", { available: company.support.available })}
          </Badge>
          <Badge tone="neutral">
            <Clock aria-hidden="true" className="size-3.5" />
            {t("hours.response", { responseTime: company.support.responseTime })}
          </Badge>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{company.support.note}</p>
      </div>
    </Card>
  );
}
