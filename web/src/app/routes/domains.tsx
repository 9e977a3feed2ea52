import { pageMeta } from "../../components/seo/page-meta.ts";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/domains";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { Island } from "../../islands/island.tsx";
import { DomainSearchTool } from "../../features/domains/domain-search-tool.tsx";

// A page of its own island (decision 0036): the prerendered page hydrates without the router.
export const handle: CatalogHandle = { islands: true, i18n: ["domains"] };

export function meta(_args: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "domains" }),
    description: i18n.t("meta.description", { ns: "domains" }),
    path: paths.domains(),
  });
}

export default function DomainsPage() {
  return <Island name="domains" component={DomainSearchTool} props={{}} load="interaction" numbers="first-use" />;
}
