import type { DomainPriceSheet, UpdateTldPrice } from "#contracts/domain-orders-admin.ts";
import type { TldPrice } from "#contracts/domains.ts";
import { domainCurrencies, tldOffers, type TldOffer } from "#content/domains.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { notifyChange } from "../../lib/change-notified-cache.ts";
import { currencyRateRows, saveCurrencyRate, saveTldPrice, tldPriceRows } from "./domain-order-repository.ts";
import { tldCatalog, tldPrice, type CurrencyRates } from "./domain-pricing.ts";

export type DomainPriceService = ReturnType<typeof domainPriceService>;

/** The NOTIFY channel of a price or rate change (the public price list is kept until one). */
export const PRICE_CHANGES = "domain_prices";

/**
 * The TLD price table: content/domains.ts seeds it, staff changes (US dollars per year, and the
 * exchange rates to RWF, UGX and KES) are stored and win. Read from the database on every call, so
 * a change applies to the next order on every instance at once; a change is also announced on
 * PRICE_CHANGES for the public price list that searches read (domains-module.ts).
 */
export function domainPriceService(db: Database) {
  async function current(database: Database = db) {
    const [prices, rates] = await Promise.all([tldPriceRows(database), currencyRateRows(database)]);
    const byTld = new Map(prices.map((row) => [row.tld, row]));
    const byCode = new Map(rates.map((row) => [row.code, row]));
    const offers: TldOffer[] = tldOffers.map((offer) => {
      const row = byTld.get(offer.tld);
      return row
        ? { ...offer, register: Number(row.register), renew: Number(row.renew), transfer: Number(row.transfer) }
        : offer;
    });
    const currencyRates: CurrencyRates = domainCurrencies.map((currency) => {
      const row = byCode.get(currency.code);
      return { code: currency.code, roundTo: currency.roundTo, perUsd: row ? Number(row.perUsd) : currency.perUsd };
    });
    return { offers, currencyRates, byTld, byCode };
  }

  return {
    /** What search, details and orders price with. */
    async catalog(database: Database = db): Promise<TldPrice[]> {
      const { offers, currencyRates } = await current(database);
      return tldCatalog(offers, currencyRates);
    },

    async sheet(): Promise<DomainPriceSheet> {
      const { offers, currencyRates, byTld, byCode } = await current();
      return {
        tlds: offers.map((offer) => {
          const priced = tldPrice(offer, currencyRates);
          const row = byTld.get(offer.tld);
          return {
            tld: offer.tld,
            usd: { register: offer.register, renew: offer.renew, transfer: offer.transfer },
            register: priced.register,
            renew: priced.renew,
            transfer: priced.transfer,
            changed: Boolean(row),
            updatedBy: row?.updatedBy ?? null,
            updatedAt: row?.updatedAt.toISOString() ?? null,
          };
        }),
        rates: currencyRates.map((rate) => ({ ...rate, changed: byCode.has(rate.code) })),
      };
    },

    async updateTld(
      tld: string,
      update: UpdateTldPrice,
      actor: AuditActor,
      ipAddress?: string,
    ): Promise<DomainPriceSheet> {
      const offer = tldOffers.find((o) => o.tld === tld);
      if (!offer) throw new AppError("not_found", serverT("tldNotFound", { ns: "domains", tld }), 404);
      await db.transaction(async (tx) => {
        const before = (await current(tx)).offers.find((o) => o.tld === tld)!;
        await saveTldPrice(tx, {
          tld,
          register: String(update.register),
          renew: String(update.renew),
          transfer: String(update.transfer),
          updatedBy: actor.username,
        });
        await notifyChange(tx, PRICE_CHANGES);
        await recordAudit(tx, {
          actor,
          action: "domain.price.update",
          targetType: "domain_tld",
          targetId: tld,
          details: {
            before: { register: before.register, renew: before.renew, transfer: before.transfer },
            after: update,
            currency: "USD",
          },
          ...(ipAddress ? { ipAddress } : {}),
        });
      });
      return this.sheet();
    },

    async updateRate(code: string, perUsd: number, actor: AuditActor, ipAddress?: string): Promise<DomainPriceSheet> {
      const currency = domainCurrencies.find((c) => c.code === code);
      if (!currency) throw new AppError("not_found", serverT("currencyNotEditable", { ns: "domains" }), 404);
      if (currency.code === "USD") throw fieldError("code", serverT("currencyNotEditable", { ns: "domains" }));
      await db.transaction(async (tx) => {
        const before = (await current(tx)).currencyRates.find((c) => c.code === currency.code)!.perUsd;
        await saveCurrencyRate(tx, { code: currency.code, perUsd: String(perUsd), updatedBy: actor.username });
        await notifyChange(tx, PRICE_CHANGES);
        await recordAudit(tx, {
          actor,
          action: "domain.rate.update",
          targetType: "domain_currency",
          targetId: currency.code,
          details: { before, after: perUsd },
          ...(ipAddress ? { ipAddress } : {}),
        });
      });
      return this.sheet();
    },
  };
}
