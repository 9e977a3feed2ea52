import { vpsAddons } from "#content/vps.ts";
import { defaultLanguage, languageLocales, localizePath } from "#contracts/languages.ts";
import type { VpsQuote } from "#contracts/vps.ts";
import type { Database } from "../../db/client.ts";
import { asLanguage, serverT } from "../../lib/i18n.ts";
import { queueEmail } from "../notifications/index.ts";
import type { VpsOrderRow } from "./vps-repository.ts";

/** The plan as it was when the order was placed (kept on the order). */
export interface PlanSnapshot {
  id: string;
  name: string;
  vcpu: number;
  ramGb: number;
  ssdGb: number;
  bandwidthTb: number;
}

/** A message of the vps namespace, in the language the options say (or the request's). */
export const vt = (key: string, options: Record<string, unknown> = {}) => serverT(key, { ns: "vps", ...options });

/** The customer's order page, in the language they ordered in. */
export const orderUrl = (token: string, language: string = defaultLanguage) =>
  localizePath(`/vps-hosting/order/${token}`, asLanguage(language));

/** The add-ons an order includes, in staff's words (English). */
export function describeAddons(row: VpsOrderRow): string {
  const chosen = row.addons as { backups: boolean; extraIpv4: number; managedSupport: boolean };
  const names = vpsAddons.flatMap((addon) => {
    const value = chosen[addon.id];
    if (!value) return [];
    return [typeof value === "number" ? `${value} × ${addon.name}` : addon.name];
  });
  return names.length ? names.join(", ") : "none";
}

export type VpsOrderEmails = ReturnType<typeof vpsOrderEmails>;

/** The emails of a VPS order: to its customer (in the language they ordered in) and to staff (in English). */
export function vpsOrderEmails(deps: {
  publicUrl: string;
  notifyTo: string;
  /** The provisioner's name, for staff. */
  provisioner: string;
}) {
  const { publicUrl, notifyTo } = deps;

  /**
   * The customer's emails are in the language they ordered in, whoever's request (a payment
   * callback, a member of staff) or none sends them.
   */
  function customerEmail(row: VpsOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    const lng = asLanguage(row.language);
    const quote = row.quote as VpsQuote;
    const values = {
      name: row.customerName,
      reference: row.reference,
      hostname: row.hostname,
      plan: (row.plan as PlanSnapshot).name,
      months: row.periodMonths,
      period: vt("email.period", { count: row.periodMonths, lng }),
      total: quote.total.toLocaleString(lng === defaultLanguage ? "en-US" : languageLocales[lng].intl),
      currency: row.currency,
      orderUrl: `${publicUrl}${orderUrl(row.accessToken, lng)}`,
      ...extra,
      lng,
    };
    return {
      kind: `vps.${kind}`,
      toAddress: row.email,
      replyTo: notifyTo,
      subject: vt(`email.${kind}.subject`, values),
      textBody: vt(`email.${kind}.body`, values) + vt("email.footer", values),
    };
  }

  async function notify(database: Database, row: VpsOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    await queueEmail(database, customerEmail(row, kind, extra));
  }

  /** Staff read English, like the rest of the admin area. */
  async function notifyStaff(database: Database, row: VpsOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    const values = {
      reference: row.reference,
      hostname: row.hostname,
      location: row.locationId,
      serverIp: row.serverIp ?? "-",
      provisioner: deps.provisioner,
      adminUrl: `${publicUrl}/admin/vps/orders/${row.id}`,
      ...extra,
      lng: "en",
    };
    await queueEmail(database, {
      kind: `vps.${kind}`,
      toAddress: notifyTo,
      subject: vt(`email.${kind}.subject`, values),
      textBody: vt(`email.${kind}.body`, values),
    });
  }

  return { notify, notifyStaff };
}
