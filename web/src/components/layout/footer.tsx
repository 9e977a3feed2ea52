import { Mail, MapPin, Phone } from "lucide-react";
import { keepTogether } from "../../lib/intl.ts";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { company } from "#content/company.ts";
import { LanguageList } from "./language-switcher.tsx";
import { founderHandle } from "#content/founder-handle.ts";
import { Logo } from "./logo.tsx";
import { paths } from "../../lib/route-table.ts";
import { cn } from "../../lib/cn.ts";
import { Island } from "../../islands/island.tsx";

export function Footer() {
  const { t } = useTranslation();
  const columns = [
    {
      title: t("footer.company"),
      links: [
        { to: paths.about(), label: t("footer.about") },
        { to: `/${founderHandle}`, label: t("footer.founder") },
        { to: paths.contact(), label: t("footer.contactUs") },
        { to: paths.faq(), label: t("footer.faq") },
        { to: paths.account(), label: t("footer.account") },
      ],
    },
    {
      title: t("footer.services"),
      links: [
        { to: paths.services(), label: t("footer.allServices") },
        { to: paths.vpsHosting(), label: t("footer.vpsHosting") },
        { to: paths.payment(), label: t("footer.payment") },
      ],
    },
    {
      title: t("footer.tools"),
      links: [
        { to: paths.techStackAdvisor(), label: t("footer.techStackAdvisor") },
        { to: paths.domains(), label: t("footer.domainSearch") },
        { to: paths.speedAnalysis(), label: t("footer.speedAnalysis") },
      ],
    },
  ];

  return (
    <footer id="footer" className="border-t bg-muted/40 print:hidden">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <Link
            to={paths.home()}
            className="inline-flex items-center gap-2.5 rounded-md"
            aria-label={t("nav.homeLink", { company: company.name })}
          >
            <Logo />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted-foreground">{t("footer.tagline")}</p>
          <ul className="mt-6 space-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 text-primary" />
              <a href={`tel:${company.phone.href}`} className="hover:text-foreground">
                {keepTogether(company.phone.display)}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-primary" />
              <a href={`mailto:${company.email}`} className="hover:text-foreground">
                {company.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              <span>{company.headquarters.address}</span>
            </li>
          </ul>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground transition-colors hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t">
        <div
          className={cn(
            "mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm",
            "text-muted-foreground sm:flex-row sm:items-center sm:justify-between",
            "sm:px-6 lg:px-8",
          )}
        >
          <p>{t("footer.copyright", { year: company.copyrightYear, company: company.name })}</p>
          <nav aria-label={t("footer.legal")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {[
                { to: paths.privacy(), label: t("footer.privacy") },
                { to: paths.terms(), label: t("footer.terms") },
                { to: paths.cookies(), label: t("footer.cookies") },
              ].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="transition-colors hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Island name="languages" component={LanguageList} props={{ className: "-mx-3" }} />
          <p>{t("footer.madeIn")}</p>
        </div>
      </div>
    </footer>
  );
}
