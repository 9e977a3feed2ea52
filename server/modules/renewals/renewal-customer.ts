import { asc } from "drizzle-orm";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { ERASED, personWhere } from "../../lib/person-match.ts";
import { renewalOrders } from "./renewals-schema.ts";

/** A person's renewals (by email or paying phone): for a data export. */
export async function renewalRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: renewalOrders.email, phone: renewalOrders.phoneNumber });
  if (!where) return [];
  const rows = await db.select().from(renewalOrders).where(where).orderBy(asc(renewalOrders.createdAt));
  return rows.map(({ leaseUntil: _lease, attempts: _attempts, failure: _failure, ...row }) => row);
}

/**
 * Anonymises a person's renewals: address and phone go; what was renewed, for how long, the amount,
 * status and dates stay (a renewal backs a payment record).
 */
export async function eraseRenewals(db: Database, person: PersonMatch): Promise<number> {
  const where = personWhere(person, { email: renewalOrders.email, phone: renewalOrders.phoneNumber });
  if (!where) return 0;
  const rows = await db
    .update(renewalOrders)
    .set({ email: ERASED, phoneNumber: ERASED })
    .where(where)
    .returning({ id: renewalOrders.id });
  return rows.length;
}
