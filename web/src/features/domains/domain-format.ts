import { useCallback, useSyncExternalStore } from "react";
import type { DomainCurrency, MoneySet } from "#contracts/domains.ts";
import { formatMoney as formatLocalMoney } from "../../lib/intl.ts";
import { DOMAIN_CURRENCY_KEY } from "../../lib/tool-storage.ts";

/** A price in one currency, in the page's language: "RWF 20,300", "$12.50"; "20 300 RWF", "12,50 $ US". */
export function formatMoney(set: MoneySet, currency: DomainCurrency, years = 1): string {
  return formatAmount((set[currency] ?? 0) * years, currency);
}

/** One amount in one currency, in the page's language, written like formatMoney's. */
export function formatAmount(amount: number, currency: DomainCurrency): string {
  return formatLocalMoney(amount, currency, currency === "USD" ? { currencyDisplay: "narrowSymbol" } : {});
}

export function readCurrency(): DomainCurrency {
  if (typeof window === "undefined") return "RWF";
  const saved = window.localStorage.getItem(DOMAIN_CURRENCY_KEY);
  return saved === "UGX" || saved === "KES" || saved === "USD" || saved === "RWF" ? saved : "RWF";
}

const currencyListeners = new Set<() => void>();

function subscribeCurrency(listener: () => void): () => void {
  currencyListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    currencyListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/**
 * The visitor's chosen display currency, remembered in this browser. The prerendered page and the
 * first client render show RWF; React then switches to the saved one without a second effect pass.
 */
export function useDomainCurrency(): [DomainCurrency, (currency: DomainCurrency) => void] {
  const currency = useSyncExternalStore(subscribeCurrency, readCurrency, () => "RWF" as const);
  const choose = useCallback((next: DomainCurrency) => {
    window.localStorage.setItem(DOMAIN_CURRENCY_KEY, next);
    for (const listener of currencyListeners) listener();
  }, []);
  return [currency, choose];
}
