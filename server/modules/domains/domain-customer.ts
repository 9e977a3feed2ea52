import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { AccountDomain } from "#contracts/account.ts";
import type { DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { eraseOrderNotes, orderHistoriesOf } from "../../lib/order-history.ts";
import { ERASED, personWhere } from "../../lib/person-match.ts";
import { domainOrderEvents, domainOrders } from "./domains-schema.ts";

/** The domain names ordered under an email address (any case), newest first: for the customer's account. */
export async function domainsOf(db: Database, email: string): Promise<AccountDomain[]> {
  const rows = await db
    .select()
    .from(domainOrders)
    .where(sql`lower(${domainOrders.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(domainOrders.createdAt));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    domain: row.unicodeName,
    status: row.status as DomainOrderStatus,
    years: row.years,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    orderToken: row.accessToken,
  }));
}

/** A registered name whose registration ends by a given time: for renewal reminders and expiry warnings. */
export interface ExpiringDomain {
  id: string;
  reference: string;
  domain: string;
  customerName: string;
  email: string;
  language: string;
  expiresAt: Date;
}

/** Registered names whose registration ends on or before `until` (already ended included), soonest first. */
export async function domainsExpiringBy(db: Database, until: Date): Promise<ExpiringDomain[]> {
  const rows = await db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.status, "registered"), lte(domainOrders.expiresAt, until)))
    .orderBy(asc(domainOrders.expiresAt));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    domain: row.unicodeName,
    customerName: row.customerName,
    email: row.email,
    language: row.language,
    expiresAt: row.expiresAt!,
  }));
}

/** A person's domain orders (by email or phone) with their history: for a data export. */
export async function domainOrderRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: domainOrders.email, phone: domainOrders.phoneNumber });
  if (!where) return [];
  const rows = await db.select().from(domainOrders).where(where).orderBy(domainOrders.createdAt);
  const histories = await orderHistoriesOf(
    db,
    domainOrderEvents,
    rows.map((r) => r.id),
  );
  return rows.map(
    ({ accessToken: _token, nextAttemptAt: _next, attempts: _attempts, registryWait: _wait, ...row }) => ({
      ...row,
      history: histories.get(row.id) ?? [],
    }),
  );
}

/**
 * Anonymises a person's domain orders here: registrant name, organisation, contact and postal details
 * and staff notes go; the name, period, amount, status and dates stay (the order backs a payment
 * record). The registry's own WHOIS record is changed through the registrar, not here.
 */
export async function eraseDomainOrders(db: Database, person: PersonMatch): Promise<number> {
  const where = personWhere(person, { email: domainOrders.email, phone: domainOrders.phoneNumber });
  if (!where) return 0;
  const rows = await db
    .update(domainOrders)
    .set({
      customerName: ERASED,
      organisation: null,
      email: ERASED,
      phoneNumber: ERASED,
      address: ERASED,
      city: ERASED,
      ipAddress: null,
    })
    .where(where)
    .returning({ id: domainOrders.id });
  await eraseOrderNotes(
    db,
    domainOrderEvents,
    rows.map((r) => r.id),
  );
  return rows.length;
}
