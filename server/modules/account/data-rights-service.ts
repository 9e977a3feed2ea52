import { createHash, randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { ErasureResult, PersonData, PersonMatch } from "#contracts/data-rights.ts";
import type { Language } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { serverT } from "../../lib/i18n.ts";
import { ERASED } from "../../lib/person-match.ts";
import { erasePlans, planRecordsOf } from "../advisor/index.ts";
import { chatRecordsOf, eraseChats } from "../chat/index.ts";
import { enquiryRecordsOf, eraseEnquiries } from "../contact/index.ts";
import { domainOrderRecordsOf, eraseDomainOrders } from "../domains/index.ts";
import { emailRecordsOf, eraseEmails, queueEmail } from "../notifications/index.ts";
import { anonymisePayments, paymentRecordsOf } from "../payments/index.ts";
import { eraseRenewals, renewalRecordsOf } from "../renewals/index.ts";
import { eraseVpsOrders, vpsOrderRecordsOf } from "../vps/index.ts";
import { customerDeletionRequests, customerSessions, customerSignInTokens } from "./account-schema.ts";

/** The audit log names a person by a short one-way digest, never by their address or number. */
export const personDigest = (person: PersonMatch) =>
  createHash("sha256")
    .update(`${person.email ?? ""}|${person.phone ?? ""}`)
    .digest("hex")
    .slice(0, 16);

async function deletionRequestsOf(db: Database, person: PersonMatch) {
  if (!person.email) return [];
  return db
    .select({
      id: customerDeletionRequests.id,
      requestedAt: customerDeletionRequests.requestedAt,
      completedAt: customerDeletionRequests.completedAt,
    })
    .from(customerDeletionRequests)
    .where(eq(customerDeletionRequests.email, person.email))
    .orderBy(asc(customerDeletionRequests.requestedAt));
}

/** Everything held about a person, composed from each capability's own export. */
export async function personDataOf(db: Database, person: PersonMatch, now: Date): Promise<PersonData> {
  const enquiries = await enquiryRecordsOf(db, person);
  const [chats, plans, payments, vpsOrders, domainOrders, renewals, emails, deletionRequests] = await Promise.all([
    chatRecordsOf(
      db,
      person,
      enquiries.map((e) => String(e.id)),
    ),
    planRecordsOf(db, person),
    paymentRecordsOf(db, person),
    vpsOrderRecordsOf(db, person),
    domainOrderRecordsOf(db, person),
    renewalRecordsOf(db, person),
    emailRecordsOf(db, person),
    deletionRequestsOf(db, person),
  ]);
  // Through JSON once, so dates read the same in the API answer and in the downloaded file.
  return JSON.parse(
    JSON.stringify({
      subject: { email: person.email, phone: person.phone },
      generatedAt: now.toISOString(),
      enquiries,
      chats,
      plans,
      payments,
      vpsOrders,
      domainOrders,
      renewals,
      emails,
      deletionRequests,
    }),
  ) as PersonData;
}

/**
 * Erases a person in one transaction: personal data removed or anonymised in every capability,
 * payments kept but anonymised (accounting records), the customer's sign-in links and sessions
 * ended, their deletion requests closed (and the customer told, when they had asked), and the act
 * audit-logged under a digest.
 */
export async function erasePerson(
  db: Database,
  person: PersonMatch,
  context: { actor: AuditActor; ipAddress: string; now: Date },
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Chats are found through the enquiries they became, so they go first.
    const enquiryIds = (await enquiryRecordsOf(t, person)).map((e) => String(e.id));
    const chats = await eraseChats(t, person, enquiryIds);
    const enquiries = (await eraseEnquiries(t, person)).length;
    const plans = await erasePlans(t, person);
    const payments = await anonymisePayments(t, person);
    const vpsOrders = await eraseVpsOrders(t, person);
    const domainOrders = await eraseDomainOrders(t, person);
    const renewals = await eraseRenewals(t, person);
    const emails = await eraseEmails(t, person);
    let sessions = 0;
    let deletionRequests = 0;
    if (person.email) {
      // A customer who asked is told it is done (in their language): the one email kept under their address.
      const [asked] = await t
        .select({ language: customerDeletionRequests.language })
        .from(customerDeletionRequests)
        .where(and(eq(customerDeletionRequests.email, person.email), isNull(customerDeletionRequests.completedAt)))
        .orderBy(desc(customerDeletionRequests.requestedAt));
      if (asked) {
        await queueEmail(t, {
          kind: "data_erased",
          toAddress: person.email,
          subject: serverT("dataErased.subject", { ns: "email", lng: asked.language }),
          textBody: serverT("dataErased.body", { ns: "email", lng: asked.language }),
        });
      }
      await t.delete(customerSignInTokens).where(eq(customerSignInTokens.email, person.email));
      sessions = (
        await t
          .delete(customerSessions)
          .where(eq(customerSessions.email, person.email))
          .returning({ email: customerSessions.email })
      ).length;
      deletionRequests = (
        await t
          .update(customerDeletionRequests)
          .set({ email: ERASED, completedAt: context.now })
          .where(eq(customerDeletionRequests.email, person.email))
          .returning({ id: customerDeletionRequests.id })
      ).length;
    }
    const counts = {
      enquiries,
      chats,
      plans,
      payments,
      vpsOrders,
      domainOrders,
      renewals,
      emails,
      deletionRequests,
      sessions,
    };
    await recordAudit(t, {
      actor: context.actor,
      action: "person.erased",
      targetType: "person",
      targetId: personDigest(person),
      details: counts,
      ipAddress: context.ipAddress,
    });
    return { counts };
  });
}

/**
 * A signed-in customer asks for deletion: one open request per address (asking again answers the
 * same one), staff are told by email, and the customer gets a written acknowledgement.
 */
export async function requestDeletion(
  db: Database,
  input: { email: string; language: Language; notifyTo: string; adminUrl: string; now: Date },
): Promise<{ requestedAt: Date }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [open] = await t
      .select({ requestedAt: customerDeletionRequests.requestedAt })
      .from(customerDeletionRequests)
      .where(and(eq(customerDeletionRequests.email, input.email), isNull(customerDeletionRequests.completedAt)));
    if (open) return open;
    const requestedAt = input.now;
    await t
      .insert(customerDeletionRequests)
      .values({ id: randomUUID(), email: input.email, language: input.language, requestedAt });
    await queueEmail(t, {
      kind: "data_deletion_request",
      toAddress: input.notifyTo,
      subject: serverT("dataDeletionStaff.subject", { ns: "email", lng: "en" }),
      textBody: serverT("dataDeletionStaff.body", {
        ns: "email",
        lng: "en",
        email: input.email,
        url: input.adminUrl,
        date: requestedAt.toISOString().slice(0, 10),
      }),
    });
    await queueEmail(t, {
      kind: "data_deletion_received",
      toAddress: input.email,
      subject: serverT("dataDeletionReceived.subject", { ns: "email", lng: input.language }),
      textBody: serverT("dataDeletionReceived.body", { ns: "email", lng: input.language }),
    });
    return { requestedAt };
  });
}

/** Deletion requests staff have not acted on yet, oldest first. */
export async function openDeletionRequests(db: Database) {
  const rows = await db
    .select()
    .from(customerDeletionRequests)
    .where(isNull(customerDeletionRequests.completedAt))
    .orderBy(asc(customerDeletionRequests.requestedAt));
  return rows.map((r) => ({ id: r.id, email: r.email, requestedAt: r.requestedAt.toISOString() }));
}
