import { pageMeta } from "../../components/seo/page-meta.ts";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { Island } from "../../islands/island.tsx";
import { VpsHostingTool } from "../../features/vps/vps-hosting-tool.tsx";

// A page of its own island (decision 0036): the prerendered page hydrates without the router.
// "payment": the mobile-money number field's messages.
export const handle: CatalogHandle = { islands: true, i18n: ["vps", "content-vps", "payment"] };

export function meta() {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "vps" }),
    description: i18n.t("meta.description", { ns: "vps" }),
    path: paths.vpsHosting(),
  });
}

export default function VpsHosting() {
  return <Island name="vps-hosting" component={VpsHostingTool} props={{}} load="interaction" numbers="first-render" />;
}
