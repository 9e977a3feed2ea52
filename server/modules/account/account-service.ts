import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { CUSTOMER_SESSION_DAYS, SIGN_IN_LINK_MINUTES, type AccountOverview } from "#contracts/account.ts";
import { localizePath, type Language } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { serverT } from "../../lib/i18n.ts";
import { plansOf } from "../advisor/index.ts";
import { enquiriesOf } from "../contact/index.ts";
import { domainsOf } from "../domains/index.ts";
import { queueEmail } from "../notifications/index.ts";
import { paymentsOf } from "../payments/index.ts";
import { vpsServersOf } from "../vps/index.ts";
import { customerSessions, customerSignInTokens } from "./account-schema.ts";
import { personDataOf, requestDeletion } from "./data-rights-service.ts";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

const LINK_MS = SIGN_IN_LINK_MINUTES * 60 * 1000;
const SESSION_MS = CUSTOMER_SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface AccountDeps {
  db: Database;
  publicUrl: string;
  clock: () => Date;
  /** Where staff notifications go (a customer asking for deletion). */
  notifyTo: string;
  /** Email was queued: the outbox sends it now rather than at its next round. */
  onQueued?: () => void;
}

export type AccountService = ReturnType<typeof accountService>;

/** Everything the site holds under one email address, composed from each capability's own function. */
export async function overviewOf(db: Database, email: string): Promise<AccountOverview> {
  const [servers, domains, payments, plans, enquiries] = await Promise.all([
    vpsServersOf(db, email),
    domainsOf(db, email),
    paymentsOf(db, email),
    plansOf(db, email),
    enquiriesOf(db, email),
  ]);
  return { email, servers, domains, payments, plans, enquiries };
}

const isEmpty = (o: AccountOverview) =>
  o.servers.length + o.domains.length + o.payments.length + o.plans.length + o.enquiries.length === 0;

export function accountService({ db, publicUrl, clock, notifyTo, onQueued }: AccountDeps) {
  return {
    /**
     * Emails a single-use sign-in link when something belongs to the address, and otherwise a note
     * that nothing does: either way one email is queued, so neither the answer nor its timing tells
     * a stranger whether the address is known.
     */
    async requestSignIn(rawEmail: string, language: Language): Promise<void> {
      const email = rawEmail.toLowerCase();
      const known = !isEmpty(await overviewOf(db, email));
      const accountUrl = `${publicUrl}${localizePath("/account", language)}`;
      await db.transaction(async (tx) => {
        if (!known) {
          await queueEmail(tx, {
            kind: "account_unknown",
            toAddress: email,
            subject: serverT("accountUnknown.subject", { ns: "email", lng: language }),
            textBody: serverT("accountUnknown.body", { ns: "email", lng: language, url: accountUrl }),
          });
          return;
        }
        const token = newToken();
        await tx.insert(customerSignInTokens).values({
          tokenHash: hashToken(token),
          email,
          expiresAt: new Date(clock().getTime() + LINK_MS),
        });
        await queueEmail(tx, {
          kind: "account_sign_in",
          toAddress: email,
          subject: serverT("accountSignIn.subject", { ns: "email", lng: language }),
          // The token travels in the fragment: browsers never send it, so no server log can hold it.
          textBody: serverT("accountSignIn.body", {
            ns: "email",
            lng: language,
            url: `${accountUrl}#token=${token}`,
            count: SIGN_IN_LINK_MINUTES,
          }),
        });
      });
      onQueued?.();
    },

    /** Spends a sign-in link (once, within its 15 minutes) for a new session; null if it cannot be. */
    async openSession(token: string): Promise<{ token: string; email: string; expiresAt: Date } | null> {
      const now = clock();
      const [used] = await db
        .update(customerSignInTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(customerSignInTokens.tokenHash, hashToken(token)),
            isNull(customerSignInTokens.usedAt),
            gt(customerSignInTokens.expiresAt, now),
          ),
        )
        .returning({ email: customerSignInTokens.email });
      if (!used) return null;
      const sessionToken = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_MS);
      await db.insert(customerSessions).values({ tokenHash: hashToken(sessionToken), email: used.email, expiresAt });
      return { token: sessionToken, email: used.email, expiresAt };
    },

    /** The email a live session cookie stands for, or null. */
    async sessionEmail(token: string): Promise<string | null> {
      const [row] = await db
        .select({ email: customerSessions.email })
        .from(customerSessions)
        .where(
          and(
            eq(customerSessions.tokenHash, hashToken(token)),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, clock()),
          ),
        );
      return row?.email ?? null;
    },

    async closeSession(token: string): Promise<void> {
      await db
        .update(customerSessions)
        .set({ revokedAt: clock() })
        .where(eq(customerSessions.tokenHash, hashToken(token)));
    },

    overview: (email: string) => overviewOf(db, email),

    /** The signed-in customer's data export: the same composition staff export, under their address only. */
    dataOf: (email: string) => personDataOf(db, { email, phone: null }, clock()),

    async requestDeletion(email: string, language: Language): Promise<{ requestedAt: Date }> {
      const result = await requestDeletion(db, {
        email,
        language,
        notifyTo,
        adminUrl: `${publicUrl}/admin/people`,
        now: clock(),
      });
      onQueued?.();
      return result;
    },
  };
}
