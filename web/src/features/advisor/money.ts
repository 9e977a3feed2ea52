import { budgetBandsUsd, exchangeRates } from "#content/stack-catalog.ts";
import { formatMoney as formatAmount } from "../../lib/intl.ts";

type CurrencyCode = keyof typeof exchangeRates;

/** A quoted price in the page's language: whole units, millions written short ("RWF 15M", "$3,000"). */
export function formatMoney(amount: number, currency: CurrencyCode): string {
  return formatAmount(amount, currency, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
    notation: amount >= 1e6 ? "compact" : "standard",
    ...(currency === "USD" ? { currencyDisplay: "narrowSymbol" } : {}),
  });
}

/** The budget bands' limits in the visitor's currency, rounded the way prices are quoted. */
export function budgetLimits(currency: CurrencyCode) {
  const rate = exchangeRates[currency];
  const round = (usd: number) => {
    const value = usd * rate;
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
    return Math.round(value / magnitude) * magnitude;
  };
  return {
    low: { max: formatMoney(round(budgetBandsUsd.low.max), currency) },
    medium: {
      min: formatMoney(round(budgetBandsUsd.medium.min), currency),
      max: formatMoney(round(budgetBandsUsd.medium.max), currency),
    },
    high: { min: formatMoney(round(budgetBandsUsd.high.min), currency) },
  };
}
