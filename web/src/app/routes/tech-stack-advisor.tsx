import { pageMeta } from "../../components/seo/page-meta.ts";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { Island } from "../../islands/island.tsx";
import { TechStackAdvisorTool } from "../../features/advisor/advisor-tool.tsx";

// A page of its own island (decision 0036): the prerendered page hydrates without the router.
export const handle: CatalogHandle = { islands: true, i18n: ["advisor", "content-stack-catalog", "content-services"] };

export function meta() {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "advisor" }),
    description: i18n.t("meta.description", { ns: "advisor" }),
    path: paths.techStackAdvisor(),
  });
}

export default function TechStackAdvisor() {
  return (
    <Island
      name="tech-stack-advisor"
      component={TechStackAdvisorTool}
      props={{}}
      load="interaction"
      numbers="first-use"
    />
  );
}
