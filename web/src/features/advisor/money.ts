import { budgetBandsUsd, exchangeRates } from "../../../../content/stack-catalog.ts";

type CurrencyCode = keyof typeof exchangeRates;

export function formatMoney(amount: number, currency: CurrencyCode, language = "en"): string {
  return new Intl.NumberFormat(language, { style: "currency", currency, maximumFractionDigits: 0, notation: amount >= 1e6 ? "compact" : "standard" }).format(amount);
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
    medium: { min: formatMoney(round(budgetBandsUsd.medium.min), currency), max: formatMoney(round(budgetBandsUsd.medium.max), currency) },
    high: { min: formatMoney(round(budgetBandsUsd.high.min), currency) },
  };
}
