import type { DomainCurrency, MoneySet } from "../../../../contracts/domains.ts";

export const CURRENCY_STORAGE_KEY = "domains.currency";

/** A price in one currency, the way people there write it: "RWF 20,300", "$12.50". */
export function formatMoney(set: MoneySet, currency: DomainCurrency, years = 1): string {
  return formatAmount((set[currency] ?? 0) * years, currency);
}

/** One amount in one currency, written like formatMoney's. */
export function formatAmount(amount: number, currency: DomainCurrency): string {
  if (currency === "USD") return new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(amount);
  return `${currency} ${new Intl.NumberFormat("en", { maximumFractionDigits: 0 }).format(amount)}`;
}

export function readCurrency(): DomainCurrency {
  if (typeof window === "undefined") return "RWF";
  const saved = window.localStorage.getItem(CURRENCY_STORAGE_KEY);
  return saved === "UGX" || saved === "KES" || saved === "USD" || saved === "RWF" ? saved : "RWF";
}
