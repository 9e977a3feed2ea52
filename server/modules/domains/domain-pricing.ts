import type { DomainCurrency, MoneySet, TldPrice } from "../../../contracts/domains.ts";
import { domainCurrencies, tldOffers, type TldOffer } from "../../../content/domains.ts";

/** A USD amount in every display currency, rounded up to the step people expect (RWF 100s, ...). */
export function moneySet(usd: number): MoneySet {
  const set = {} as Record<DomainCurrency, number>;
  for (const currency of domainCurrencies) {
    const raw = usd * currency.perUsd;
    const rounded = Math.ceil(Math.round((raw / currency.roundTo) * 1e6) / 1e6) * currency.roundTo;
    set[currency.code] = Math.round(rounded * 100) / 100;
  }
  return set;
}

export function tldPrice(offer: TldOffer): TldPrice {
  return {
    tld: offer.tld,
    idn: offer.idn,
    ...(offer.minLength ? { minLength: offer.minLength } : {}),
    ...(offer.maxLength ? { maxLength: offer.maxLength } : {}),
    register: moneySet(offer.register),
    renew: moneySet(offer.renew),
    transfer: moneySet(offer.transfer),
  };
}

/** The TLDs on sale, in display order, priced. Seeds from content/domains.ts. */
export function tldCatalog(offers: readonly TldOffer[] = tldOffers): TldPrice[] {
  return offers.map(tldPrice);
}
