import { useTranslation } from "react-i18next";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { LegalPage } from "../../features/marketing/legal-page.tsx";
import { legalContent, useLegalContent } from "../../features/marketing/legal-content.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["content-legal"] };

export function meta() {
  const { termsOfService } = legalContent();
  return pageMeta({ title: termsOfService.title, description: termsOfService.lead, path: paths.terms() });
}

export default function TermsPage() {
  const { t } = useTranslation();
  const { termsOfService, legalUpdated } = useLegalContent();
  return <LegalPage id="terms-title" eyebrow={t("footer.legal")} document={termsOfService} updated={legalUpdated} />;
}
