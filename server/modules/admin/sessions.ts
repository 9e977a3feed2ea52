import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { staffSessions } from "./admin-schema.ts";

import { SESSION_COOKIE, type ActiveSession } from "../../lib/admin-guard.ts";

export { SESSION_COOKIE, type ActiveSession };
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  /** Admins without a second factor may reach only the enrolment routes. */
  requireAdminTotp?: boolean;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new session: 256 random bits in the cookie, only their hash in the database. `now` is the
 * server's clock (tests move it), which every expiry of the session is measured by.
 */
export async function createSession(
  db: Database,
  userId: string,
  policy: SessionPolicy,
  context: { ipAddress?: string; userAgent?: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + policy.maxMs);
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ipAddress: context.ipAddress ?? null,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The live session for a cookie token at `now` (the server's clock): not revoked, within its
 * absolute lifetime, used within the idle window, and its user neither disabled nor changed
 * password since it began.
 */
export async function findActiveSession(
  db: Database,
  token: string,
  policy: SessionPolicy,
  now: Date,
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const idleCutoff = new Date(now.getTime() - policy.idleMs);
  const [row] = await db
    .select({
      tokenHash: staffSessions.tokenHash,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staffUsers.id,
      username: staffUsers.username,
      displayName: staffUsers.displayName,
      role: staffUsers.role,
      totpEnabledAt: staffUsers.totpEnabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleCutoff),
        isNull(staffUsers.disabledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  const enabled = row.totpEnabledAt !== null;
  return {
    tokenHash,
    user: { id: row.id, username: row.username, displayName: row.displayName, role: row.role },
    twoFactor: { enabled, enrolmentRequired: !enabled && row.role === "admin" && policy.requireAdminTotp === true },
  };
}

export async function revokeSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a user (password change, disabling), except one when given. */
export async function revokeUserSessions(db: Database, userId: string, exceptTokenHash?: string): Promise<void> {
  const conditions = [eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)];
  if (exceptTokenHash) conditions.push(ne(staffSessions.tokenHash, exceptTokenHash));
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}
