import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { parsePaymentResult, type PaymentResult } from "#contracts/payments.ts";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { PaymentForm } from "./payment-form.tsx";
import { paymentErrorText, PaymentResultCard } from "./payment-result-card.tsx";

/** /payment: pay by mobile money, and the answer of a payment that came back here. */
export function PaymentTool() {
  const { t } = useTranslation("payment");
  const [searchParams, setSearchParams] = useSearchParams();
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [shownRaw, setShownRaw] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  // The payment flow comes back with ?paymentResult=<encoded JSON>: show it once, then clean the address.
  // Read once hydrated: the prerendered page knows no address's query, and hydration must match it.
  const hydrated = useHydrated();
  const raw = hydrated ? searchParams.get("paymentResult") : null;
  if (raw && raw !== shownRaw) {
    setShownRaw(raw);
    setResult(parsePaymentResult(raw));
  }
  useEffect(() => {
    if (!raw || handled.current === raw) return;
    handled.current = raw;
    const parsed = parsePaymentResult(raw);
    if (!parsed) return;
    if (parsed.success) {
      toast({
        title: t("toast.completedTitle"),
        description: parsed.transactionId ? t("toast.transactionId", { id: parsed.transactionId }) : undefined,
        variant: "success",
      });
    } else {
      toast({ title: t("toast.failedTitle"), description: paymentErrorText(t, parsed.error), variant: "destructive" });
    }
    const next = new URLSearchParams(searchParams);
    next.delete("paymentResult");
    setSearchParams(next, { replace: true });
  }, [raw, searchParams, setSearchParams, t]);

  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <SectionHeading as="h1" eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
          {t("form.subtitle")}
        </p>
        <div className="mt-10 grid gap-6">
          {result ? <PaymentResultCard result={result} onDismiss={() => setResult(null)} /> : null}
          <PaymentForm />
        </div>
      </div>
    </Container>
  );
}
