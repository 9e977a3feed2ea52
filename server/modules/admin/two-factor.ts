import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { credentialCipher, type CredentialCipher } from "../vps/index.ts";
import { staffLoginChallenges, staffRecoveryCodes } from "./admin-schema.ts";
import type { StaffRow } from "./staff-repository.ts";

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side of now is accepted (clock drift between phone and server). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Codes tried against one pending sign-in before it is dropped (the address lockout applies too). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
const ISSUER = "Kigali Tech";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * The cipher for TOTP secrets at rest: the VPS credentials cipher (AES-256-GCM) under a key derived
 * from the same master key for this one purpose (HKDF), each value bound to its staff id.
 */
export function totpCipher(masterKey: Buffer): CredentialCipher {
  const key = Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), "kigalitech staff totp secrets v1", 32));
  return credentialCipher(key);
}

const aad = (userId: string) => `staff-totp:${userId}`;

/** The time step a code belongs to if it is valid now (within the window), else null. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    digits: DIGITS,
    period: PERIOD,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Starts (or restarts) enrolment: a fresh secret, stored encrypted, not yet enabled. */
export async function startEnrolment(db: Database, cipher: CredentialCipher, user: StaffRow) {
  const secret = new Secret({ size: 20 });
  await db
    .update(staffUsers)
    .set({ totpSecret: cipher.encrypt(secret.base32, aad(user.id)), totpLastStep: null })
    .where(and(eq(staffUsers.id, user.id), isNull(staffUsers.totpEnabledAt)));
  const uri = new TOTP({
    issuer: ISSUER,
    label: user.username,
    secret,
    digits: DIGITS,
    period: PERIOD,
  }).toString();
  return { secret: secret.base32, uri };
}

/** Ten random recovery codes (80 bits each), shown once; only their SHA-256 is kept. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = new Secret({ size: 10 }).base32.toLowerCase();
    return raw.match(/.{4}/g)!.join("-");
  });
}

const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/**
 * Accepts a TOTP code for a step later than any accepted before, atomically: the same code (or
 * an older one) is refused even when two requests carry it at once.
 */
async function acceptStep(db: Database, userId: string, step: number, requireEnabled: boolean): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, userId),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
        requireEnabled ? sql`${staffUsers.totpEnabledAt} is not null` : isNull(staffUsers.totpEnabledAt),
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

/** Confirms enrolment with a code from the app; returns the recovery codes, or null for a wrong code. */
export async function confirmEnrolment(
  db: Database,
  cipher: CredentialCipher,
  user: StaffRow,
  code: string,
): Promise<string[] | null> {
  if (!user.totpSecret) return null;
  const step = matchingStep(cipher.decrypt(user.totpSecret, aad(user.id)), code);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const accepted = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await acceptStep(t, user.id, step, false))) return false;
    await t.update(staffUsers).set({ totpEnabledAt: new Date() }).where(eq(staffUsers.id, user.id));
    await t.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    await t
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(c)) })));
    return true;
  });
  return accepted ? codes : null;
}

/** Checks a second factor at sign-in: a TOTP code (never twice) or an unused recovery code (used up now). */
export async function checkSecondFactor(
  db: Database,
  cipher: CredentialCipher,
  user: StaffRow,
  code: string,
): Promise<"totp" | "recovery" | null> {
  if (!user.totpEnabledAt || !user.totpSecret) return null;
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) {
    const step = matchingStep(cipher.decrypt(user.totpSecret, aad(user.id)), compact);
    return step !== null && (await acceptStep(db, user.id, step, true)) ? "totp" : null;
  }
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.userId, user.id),
        eq(staffRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: staffRecoveryCodes.userId });
  return used.length === 1 ? "recovery" : null;
}

/** Removes a staff member's second factor (an admin's reset): they enrol again at next sign-in. */
export async function resetTwoFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(staffUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staffUsers.id, userId));
    await t.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await t.delete(staffLoginChallenges).where(eq(staffLoginChallenges.userId, userId));
  });
}

/** A pending sign-in after a right password: the cookie token; only its hash is stored. */
export async function createChallenge(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db.insert(staffLoginChallenges).values({ tokenHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * Counts one attempt against a pending sign-in, in one statement, and returns whose it is; null
 * when it is unknown, expired or has used up its attempts.
 */
export async function attemptChallenge(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .update(staffLoginChallenges)
    .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
    .where(and(eq(staffLoginChallenges.tokenHash, sha256(token)), gt(staffLoginChallenges.expiresAt, sql`now()`)))
    .returning({ userId: staffLoginChallenges.userId, attempts: staffLoginChallenges.attempts });
  if (!row) return null;
  if (row.attempts > CHALLENGE_MAX_ATTEMPTS) {
    await endChallenge(db, token);
    return null;
  }
  return row.userId;
}

export async function endChallenge(db: Database, token: string): Promise<void> {
  await db.delete(staffLoginChallenges).where(eq(staffLoginChallenges.tokenHash, sha256(token)));
}
