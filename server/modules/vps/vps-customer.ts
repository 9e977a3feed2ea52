import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { AccountServer } from "#contracts/account.ts";
import type { VpsOrderStatus } from "#contracts/vps.ts";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { eraseOrderNotes, orderHistoriesOf } from "../../lib/order-history.ts";
import { ERASED, personWhere } from "../../lib/person-match.ts";
import { vpsOrderEvents, vpsOrders } from "./vps-schema.ts";

/** The VPS servers ordered under an email address (any case), newest first: for the customer's account. */
export async function vpsServersOf(db: Database, email: string): Promise<AccountServer[]> {
  const rows = await db
    .select()
    .from(vpsOrders)
    .where(sql`lower(${vpsOrders.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(vpsOrders.createdAt));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    hostname: row.hostname,
    planName: (row.plan as { name?: string }).name ?? row.planId,
    status: row.status as VpsOrderStatus,
    periodMonths: row.periodMonths,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    orderToken: row.accessToken,
  }));
}

/** A running service whose paid period ends by a given time: for renewal reminders and expiry. */
export interface ExpiringVps {
  id: string;
  reference: string;
  hostname: string;
  customerName: string;
  email: string;
  language: string;
  expiresAt: Date;
}

/** Active services whose paid period ends on or before `until` (already ended included), soonest first. */
export async function vpsExpiringBy(db: Database, until: Date): Promise<ExpiringVps[]> {
  const rows = await db
    .select()
    .from(vpsOrders)
    .where(and(eq(vpsOrders.status, "active"), lte(vpsOrders.expiresAt, until)))
    .orderBy(asc(vpsOrders.expiresAt));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    hostname: row.hostname,
    customerName: row.customerName,
    email: row.email,
    language: row.language,
    expiresAt: row.expiresAt!,
  }));
}

/** A person's VPS orders (by email or phone) with their history: for a data export. Secrets stay out. */
export async function vpsOrderRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: vpsOrders.email, phone: vpsOrders.phoneNumber });
  if (!where) return [];
  const rows = await db.select().from(vpsOrders).where(where).orderBy(vpsOrders.createdAt);
  const histories = await orderHistoriesOf(
    db,
    vpsOrderEvents,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    plan: row.plan,
    locationId: row.locationId,
    imageId: row.imageId,
    periodMonths: row.periodMonths,
    currency: row.currency,
    amount: row.amount,
    hostname: row.hostname,
    accessMethod: row.accessMethod,
    sshPublicKey: row.sshPublicKey,
    customerName: row.customerName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    serverIp: row.serverIp,
    language: row.language,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    activatedAt: row.activatedAt,
    expiresAt: row.expiresAt,
    history: histories.get(row.id) ?? [],
  }));
}

/**
 * Anonymises a person's VPS orders: name, addresses, phone, SSH key, sealed login details and staff
 * notes go; the plan, period, amount, status and dates stay (the order backs a payment record).
 */
export async function eraseVpsOrders(db: Database, person: PersonMatch): Promise<number> {
  const where = personWhere(person, { email: vpsOrders.email, phone: vpsOrders.phoneNumber });
  if (!where) return 0;
  const rows = await db
    .update(vpsOrders)
    .set({
      customerName: ERASED,
      email: ERASED,
      phoneNumber: ERASED,
      sshPublicKey: null,
      credentialsCiphertext: null,
      ipAddress: null,
    })
    .where(where)
    .returning({ id: vpsOrders.id });
  await eraseOrderNotes(
    db,
    vpsOrderEvents,
    rows.map((r) => r.id),
  );
  return rows.length;
}
