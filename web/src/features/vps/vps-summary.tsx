import { useTranslation } from "react-i18next";
import type { VpsCatalog, VpsCurrency, VpsPayableCurrency, VpsQuote } from "#contracts/vps.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatPrice } from "./vps-format.ts";

/** The configured server's price, line by line, in the display currency; and the button that opens the order form. */
export function VpsSummary({
  catalog,
  planName,
  quote,
  currency,
  payCurrency,
  onOrder,
}: {
  catalog: VpsCatalog;
  planName: string;
  quote: VpsQuote;
  currency: VpsCurrency;
  payCurrency: VpsPayableCurrency;
  /** Opens the order form; none once it is open. */
  onOrder?: () => void;
}) {
  const { t } = useTranslation("vps");
  return (
    <aside aria-label={t("summary.title")} className="lg:sticky lg:top-24 lg:self-start">
      <Card className="p-5 sm:p-6" data-testid="vps-summary">
        <h2 className="text-lg font-bold text-foreground">{t("summary.title")}</h2>
        <dl className="mt-4 grid gap-2 text-sm">
          {quote.lines.map((line) => {
            const addon = catalog.addons.find((a) => a.id === line.id);
            const name = addon
              ? line.quantity > 1
                ? `${line.quantity} × ${addon.name}`
                : addon.name
              : t("summary.plan", { name: planName });
            return (
              <div key={line.id} className="flex justify-between gap-3">
                <dt className="text-muted-foreground">
                  {name}
                  <span className="block text-xs">
                    {t("summary.lineMonths", {
                      price: formatPrice(line.monthly * line.quantity, currency),
                      months: quote.months,
                    })}
                  </span>
                </dt>
                <dd className="font-medium text-foreground tabular-nums">{formatPrice(line.amount, currency)}</dd>
              </div>
            );
          })}
          <div className="flex justify-between gap-3 border-t border-border pt-2">
            <dt className="text-muted-foreground">{t("summary.subtotal")}</dt>
            <dd className="tabular-nums">{formatPrice(quote.subtotal, currency)}</dd>
          </div>
          {quote.discountPercent > 0 ? (
            <div className="flex justify-between gap-3 text-success">
              <dt>{t("summary.discount", { percent: quote.discountPercent, count: quote.months })}</dt>
              <dd className="tabular-nums">−{formatPrice(quote.discount, currency)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-base font-bold text-foreground">
            <dt>{t("summary.total", { count: quote.months })}</dt>
            <dd className="tabular-nums" data-testid="vps-total">
              {formatPrice(quote.total, currency)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-muted-foreground">
          {t("summary.perMonth", { price: formatPrice(quote.perMonth, currency) })}
        </p>
        <p className="mt-3 text-xs text-muted-foreground">
          {currency === "USD" ? t("summary.usdNote", { currency: payCurrency }) : t("currency.payNote", { currency })}
        </p>
        {onOrder ? (
          // Its label wraps on the narrowest phones rather than run past the button in a longer language.
          <Button type="button" size="lg" className="mt-5 h-auto min-h-12 w-full py-2" onClick={onOrder}>
            <span className="whitespace-normal">{t("summary.order")}</span>
          </Button>
        ) : null}
      </Card>
    </aside>
  );
}
