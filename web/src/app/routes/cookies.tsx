import { useTranslation } from "react-i18next";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { LegalPage } from "../../features/marketing/legal-page.tsx";
import { legalContent, useLegalContent } from "../../features/marketing/legal-content.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["content-legal"] };

export function meta() {
  const { cookieStatement } = legalContent();
  return pageMeta({ title: cookieStatement.title, description: cookieStatement.lead, path: paths.cookies() });
}

export default function CookiesPage() {
  const { t } = useTranslation();
  const { cookieStatement, legalUpdated } = useLegalContent();
  const { columns } = cookieStatement;
  const table = (
    <div className="overflow-x-auto rounded-xl border" data-testid="cookie-table">
      <table className="w-full min-w-[34rem] text-left text-sm">
        <thead className="bg-muted/60 text-foreground">
          <tr>
            {[columns.name, columns.kind, columns.purpose, columns.duration].map((label) => (
              <th key={label} scope="col" className="px-4 py-3 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y text-muted-foreground">
          {cookieStatement.cookies.map((cookie) => (
            <tr key={cookie.id}>
              <th scope="row" className="px-4 py-3 font-mono text-xs font-medium text-foreground">
                {cookie.id}
              </th>
              <td className="px-4 py-3">{cookie.kind}</td>
              <td className="px-4 py-3">{cookie.purpose}</td>
              <td className="px-4 py-3">{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <LegalPage
      id="cookies-title"
      eyebrow={t("footer.legal")}
      document={cookieStatement}
      updated={legalUpdated}
      before={table}
    />
  );
}
