import { pageMeta } from "../../components/seo/page-meta.ts";
import { PaymentTool } from "../../features/payments/payment-tool.tsx";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { Island } from "../../islands/island.tsx";
import { paths } from "../../lib/route-table.ts";

// A page of its own island (decision 0036): the prerendered page hydrates without the router.
export const handle: CatalogHandle = { islands: true, i18n: ["payment"] };

export function meta() {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "payment" }),
    description: i18n.t("meta.description", { ns: "payment" }),
    path: paths.payment(),
  });
}

export default function PaymentPage() {
  return <Island name="payment" component={PaymentTool} props={{}} load="interaction" />;
}
