import { useSearchParams } from "react-router";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Container } from "../../components/ui/section.tsx";
import { PaymentDetails } from "../../features/payments/payment-details.tsx";
import { i18n } from "../../i18n/index.ts";
import type { Route } from "./+types/payment-receipt";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";

export const handle: CatalogHandle = { i18n: ["payment"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.receiptTitle", { ns: "payment" }),
    description: i18n.t("meta.description", { ns: "payment" }),
    path: location.pathname,
    noindex: true,
  });
}

export default function PaymentReceiptPage() {
  const [searchParams] = useSearchParams();
  return (
    <Container className="py-12 sm:py-16">
      <PaymentDetails transactionId={searchParams.get("transactionId")} variant="receipt" />
    </Container>
  );
}
