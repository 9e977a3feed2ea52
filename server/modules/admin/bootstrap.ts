import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { hashPassword } from "./passwords.ts";
import { countStaff, insertStaff } from "./staff-repository.ts";

/**
 * A fresh installation has no one who can sign in. Create the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or "admin" with a random password printed once to the log.
 */
export async function ensureFirstAdmin(
  db: Database,
  configured: { username: string; password: string } | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await countStaff(db)) > 0) return;
  const username = configured?.username ?? "admin";
  const password = configured?.password ?? randomBytes(18).toString("base64url");
  const row = await insertStaff(db, {
    username,
    displayName: "Administrator",
    role: "admin",
    passwordHash: await hashPassword(password),
  });
  await recordAudit(db, {
    actor: { id: null, username: "system" },
    action: "staff.created",
    targetType: "staff",
    targetId: row.id,
    details: { username, role: "admin", bootstrap: true },
  });
  if (configured) {
    log.info({ username }, "created the first admin account from ADMIN_USERNAME");
  } else {
    // Printed once, on purpose: this is the only way into a fresh installation.
    log.warn(
      `No staff accounts existed, so one was created. Sign in at /admin/login as "${username}" with ` +
        `password "${password}" and change it (this is shown only once).`,
    );
  }
}
