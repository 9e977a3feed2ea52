import { pageMeta } from "../../components/seo/page-meta.ts";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/speed-analysis";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { Island } from "../../islands/island.tsx";
import { SpeedAnalysisTool } from "../../features/analysis/speed-analysis-tool.tsx";

// A page of its own island (decision 0036): the prerendered page hydrates without the router.
export const handle: CatalogHandle = { islands: true, i18n: ["analysis"] };

export function meta(_args: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "analysis" }),
    description: i18n.t("meta.description", { ns: "analysis" }),
    path: paths.speedAnalysis(),
  });
}

export default function SpeedAnalysisPage() {
  return (
    <Island name="speed-analysis" component={SpeedAnalysisTool} props={{}} load="interaction" numbers="first-use" />
  );
}
