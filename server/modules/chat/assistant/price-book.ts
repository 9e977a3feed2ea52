import { domainCurrencies, tldOffers } from "#content/domains.ts";
import { vpsAddons, vpsPeriods, vpsPlans } from "#content/vps.ts";
import type { VpsAddon, VpsPlan } from "#contracts/vps.ts";
import type { Language } from "#contracts/languages.ts";
import { formatMoneyIn } from "#contracts/money.ts";

export const CURRENCIES = ["RWF", "UGX", "KES", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export type Money = Record<Currency, number>;

export interface PricedTld {
  /** Without the dot: "co.rw". */
  tld: string;
  register: Money;
  renew: Money;
}

/**
 * The prices the site publishes, as the assistant quotes them: VPS plans and add-ons per month,
 * billing-period discounts, and domain registration and renewal per year, in every currency.
 * The server hands the assistant the live book (staff price changes included); without one it
 * quotes the content's seed prices, which a fresh install starts from.
 */
export interface PriceBook {
  vpsPlans: readonly Pick<VpsPlan, "id" | "vcpu" | "ramGb" | "ssdGb" | "bandwidthTb" | "monthly">[];
  vpsAddons: readonly Pick<VpsAddon, "id" | "monthly">[];
  vpsPeriods: readonly { months: number; discountPercent: number }[];
  tlds: readonly PricedTld[];
}

/** US dollars in each currency, rounded up to the step prices are shown in (the domain table's rule). */
function fromUsd(usd: number): Money {
  const money = {} as Money;
  for (const currency of domainCurrencies) {
    const steps = Math.ceil(Math.round(((usd * currency.perUsd) / currency.roundTo) * 1e6) / 1e6);
    money[currency.code] = Math.round(steps * currency.roundTo * 100) / 100;
  }
  return money;
}

/** The seed prices from content/vps.ts and content/domains.ts. */
export function contentPriceBook(): PriceBook {
  return {
    vpsPlans,
    vpsAddons,
    vpsPeriods,
    tlds: tldOffers.map((offer) => ({
      tld: offer.tld,
      register: fromUsd(offer.register),
      renew: fromUsd(offer.renew),
    })),
  };
}

/**
 * "RWF 8,000", "8 000 RWF", "USD 11.50": an amount as the site writes it in that language
 * (contracts/money.ts), dollars with cents only when there are any.
 */
export function formatMoney(amount: number, currency: Currency, language: Language): string {
  const cents = currency === "USD" && !Number.isInteger(amount);
  return formatMoneyIn(language, amount, currency, {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
}

/** Several currencies of one price: "RWF 8,000 · UGX 22,000 · KES 800 · USD 6". */
export function formatPrices(money: Money, currencies: readonly Currency[], language: Language): string {
  return currencies.map((currency) => formatMoney(money[currency], currency, language)).join(" · ");
}
