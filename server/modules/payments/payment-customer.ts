import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AccountPayment } from "#contracts/account.ts";
import { providerDisplayName, type TransactionStatus } from "#contracts/payments.ts";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { ERASED, personWhere } from "../../lib/person-match.ts";
import { paymentEvents, paymentTransactions } from "./payments-schema.ts";

/** The payments made under an email address (any case), newest first: for the customer's account. */
export async function paymentsOf(db: Database, email: string): Promise<AccountPayment[]> {
  const rows = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(sql`lower(${paymentTransactions.email}) = ${email.toLowerCase()}`, eq(paymentTransactions.kind, "deposit")),
    )
    .orderBy(desc(paymentTransactions.createdAt));
  return rows.map((row) => ({
    transactionId: row.id,
    status: row.status as TransactionStatus,
    amount: row.amount,
    currency: row.currency,
    providerName: providerDisplayName(row.provider),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    testMode: row.mode === "test",
  }));
}

/** A person's payments (by receipt email or paying phone), refunds included: for a data export. */
export async function paymentRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: paymentTransactions.email, phone: paymentTransactions.phoneNumber });
  if (!where) return [];
  const rows = await db.select().from(paymentTransactions).where(where).orderBy(paymentTransactions.createdAt);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    country: row.country,
    phoneNumber: row.phoneNumber,
    provider: providerDisplayName(row.provider),
    description: row.description,
    email: row.email,
    orderType: row.orderType,
    orderRef: row.orderRef,
    ipAddress: row.ipAddress,
    testMode: row.mode === "test",
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  }));
}

/**
 * Anonymises a person's payments. They are accounting records the law has us keep, so the row stays
 * (amount, currency, country, provider, status, dates, order reference); the phone number, receipt
 * address and network address go, and so do the provider's raw answers, which repeat the phone.
 */
export async function anonymisePayments(db: Database, person: PersonMatch): Promise<number> {
  const where = personWhere(person, { email: paymentTransactions.email, phone: paymentTransactions.phoneNumber });
  if (!where) return 0;
  const rows = await db
    .update(paymentTransactions)
    .set({ phoneNumber: ERASED, email: null, ipAddress: null })
    .where(where)
    .returning({ id: paymentTransactions.id });
  if (rows.length) {
    await db
      .update(paymentEvents)
      .set({ raw: null })
      .where(
        inArray(
          paymentEvents.transactionId,
          rows.map((r) => r.id),
        ),
      );
  }
  return rows.length;
}
