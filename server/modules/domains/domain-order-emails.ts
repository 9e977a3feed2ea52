import { isLanguage, localizePath } from "#contracts/languages.ts";
import { countryName, type DomainQuote } from "#contracts/domain-orders.ts";
import { ourNameservers } from "#content/domains.ts";
import type { Database } from "../../db/client.ts";
import { serverT } from "../../lib/i18n.ts";
import { queueEmail } from "../notifications/index.ts";
import type { DomainOrderRow } from "./domain-order-repository.ts";

/** What a domain order says to its customer and to staff: its links and its emails. */

export const dt = (key: string, options: Record<string, unknown> = {}) => serverT(key, { ns: "domains", ...options });
/** Words only staff read (history lines of fulfilment, staff emails): English. */
export const st = (key: string, options: Record<string, unknown> = {}) =>
  serverT(key, { ns: "domains-admin", lng: "en", ...options });
export const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (amount: number) => amount.toLocaleString("en-US");

/** The order page in the language the customer ordered in. */
export const orderUrl = (token: string, language: string) =>
  localizePath(`/domains/order-status/${token}`, isLanguage(language) ? language : "en");

/** The nameservers an order is registered with: the customer's, or ours when they chose ours. */
export function nameserversOf(row: DomainOrderRow): string[] {
  const own = row.nameservers as string[];
  return own.length ? own : [...ourNameservers];
}

export type DomainOrderEmails = ReturnType<typeof domainOrderEmails>;

export function domainOrderEmails({ publicUrl, notifyTo }: { publicUrl: string; notifyTo: string }) {
  const adminUrl = (id: string) => `${publicUrl}/admin/domains/orders/${id}`;

  function emailValues(row: DomainOrderRow, extra: Record<string, unknown> = {}) {
    const quote = row.quote as DomainQuote;
    return {
      name: row.customerName,
      reference: row.reference,
      domain: row.unicodeName,
      years: row.years,
      total: money(quote.total),
      currency: row.currency,
      orderUrl: `${publicUrl}${orderUrl(row.accessToken, row.language)}`,
      nameservers: nameserversOf(row).join(", "),
      reason: "",
      ...extra,
    };
  }

  return {
    adminUrl,

    /** The customer's email for a change, written in the language they ordered in. */
    async notify(database: Database, row: DomainOrderRow, kind: string, extra: Record<string, unknown> = {}) {
      const period = dt("email.period", { count: row.years, lng: row.language });
      const values = { ...emailValues(row, extra), period, lng: row.language };
      await queueEmail(database, {
        kind: `domains.${kind}`,
        toAddress: row.email,
        replyTo: notifyTo,
        subject: dt(`email.${kind}.subject`, values),
        textBody: dt(`email.${kind}.body`, values) + dt("email.footer", values),
      });
    },

    /** Staff are written to in English: the back office is. */
    async notifyStaff(
      database: Database,
      row: DomainOrderRow,
      kind: "staffRegister" | "staffRefund",
      extra: Record<string, unknown>,
    ) {
      const values = {
        ...emailValues(row),
        email: row.email,
        phone: row.phoneNumber,
        organisation: row.organisation ? ` (${row.organisation})` : "",
        address: row.address,
        city: row.city,
        country: countryName(row.country) ?? row.country,
        transactionId: row.paymentTransactionId ?? "",
        adminUrl: adminUrl(row.id),
        period: dt("email.period", { count: row.years, lng: "en" }),
        ...extra,
        lng: "en",
      };
      await queueEmail(database, {
        kind: `domains.${kind}`,
        toAddress: notifyTo,
        subject: dt(`email.${kind}.subject`, values),
        textBody: dt(`email.${kind}.body`, values),
      });
    },

    /** Staff are asked to renew a name by hand at its registry. */
    async askStaffToRenew(database: Database, order: DomainOrderRow, years: number) {
      const values = {
        domain: order.unicodeName,
        reference: order.reference,
        name: order.customerName,
        email: order.email,
        years,
        expiresAt: day(order.expiresAt!),
        adminUrl: adminUrl(order.id),
      };
      await queueEmail(database, {
        kind: "domains.staffRenew",
        toAddress: notifyTo,
        subject: st("email.staffRenew.subject", values),
        textBody: st("email.staffRenew.body", values),
      });
    },
  };
}
