import { useTranslation } from "react-i18next";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { LegalPage } from "../../features/marketing/legal-page.tsx";
import { legalContent, useLegalContent } from "../../features/marketing/legal-content.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["content-legal"] };

export function meta() {
  const { privacyPolicy } = legalContent();
  return pageMeta({ title: privacyPolicy.title, description: privacyPolicy.lead, path: paths.privacy() });
}

export default function PrivacyPage() {
  const { t } = useTranslation();
  const { privacyPolicy, dataProtection, legalUpdated } = useLegalContent();
  return (
    <LegalPage id="privacy-title" eyebrow={t("footer.legal")} document={privacyPolicy} updated={legalUpdated}>
      <section aria-labelledby="privacy-contact" className="rounded-xl border bg-card p-6" data-testid="dpo-contact">
        <h2 id="privacy-contact" className="text-lg font-semibold text-foreground">
          {dataProtection.label}
        </h2>
        <p className="mt-2 text-muted-foreground">{dataProtection.role}</p>
        <p className="mt-1">
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`mailto:${dataProtection.email}`}
          >
            {dataProtection.email}
          </a>
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{dataProtection.postal}</p>
      </section>
    </LegalPage>
  );
}
