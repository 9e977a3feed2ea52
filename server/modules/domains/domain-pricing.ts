import type { DomainCurrency, MoneySet, TldPrice } from "#contracts/domains.ts";
import { domainCurrencies, tldOffers, type TldOffer } from "#content/domains.ts";

/** How many units one US dollar buys, and the step a price rounds up to, per display currency. */
export type CurrencyRates = readonly { code: DomainCurrency; perUsd: number; roundTo: number }[];

/** A USD amount in every display currency, rounded up to the step people expect (RWF 100s, ...). */
export function moneySet(usd: number, rates: CurrencyRates = domainCurrencies): MoneySet {
  const set = {} as Record<DomainCurrency, number>;
  for (const currency of rates) {
    const raw = usd * currency.perUsd;
    const rounded = Math.ceil(Math.round((raw / currency.roundTo) * 1e6) / 1e6) * currency.roundTo;
    set[currency.code] = Math.round(rounded * 100) / 100;
  }
  return set;
}

export function tldPrice(offer: TldOffer, rates: CurrencyRates = domainCurrencies): TldPrice {
  return {
    tld: offer.tld,
    idn: offer.idn,
    ...(offer.minLength ? { minLength: offer.minLength } : {}),
    ...(offer.maxLength ? { maxLength: offer.maxLength } : {}),
    register: moneySet(offer.register, rates),
    renew: moneySet(offer.renew, rates),
    transfer: moneySet(offer.transfer, rates),
  };
}

/** The TLDs on sale, in display order, priced. Seeds from content/domains.ts. */
export function tldCatalog(
  offers: readonly TldOffer[] = tldOffers,
  rates: CurrencyRates = domainCurrencies,
): TldPrice[] {
  return offers.map((offer) => tldPrice(offer, rates));
}
