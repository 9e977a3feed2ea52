import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { hashPassword } from "./passwords.ts";
import { countStaff, insertStaff } from "./staff-repository.ts";

/** Where a fresh installation's generated admin password is written, inside DATA_DIR. */
export const FIRST_ADMIN_PASSWORD_FILE = "first-admin-password";

/**
 * A fresh installation has no one who can sign in. Create the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or "admin" with a random password written to a file that only
 * this user can read. The log names the file, never the password: logs travel further than the
 * data directory (journald, log shippers), and a password there is readable by whoever reads logs.
 */
export async function ensureFirstAdmin(
  db: Database,
  configured: { username: string; password: string } | undefined,
  log: FastifyBaseLogger,
  dataDir: string,
): Promise<void> {
  if ((await countStaff(db)) > 0) return;
  const username = configured?.username ?? "admin";
  const password = configured?.password ?? randomBytes(18).toString("base64url");
  const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  if (!configured) {
    try {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      await writeFile(file, `${password}\n`, { mode: 0o600 });
    } catch (error) {
      // Nowhere to put it: no account nobody can sign in to. Say how to make one instead.
      log.error(
        { err: error },
        `No staff accounts exist and ${file} could not be written: set ADMIN_USERNAME and ADMIN_PASSWORD, ` +
          `or run "npm run admin -- create-user NAME --role admin --password PASSWORD".`,
      );
      return;
    }
  }
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
    log.warn(
      `No staff accounts existed, so one was created. Sign in at /admin/login as "${username}" with the ` +
        `password in ${file}, change it, then delete that file.`,
    );
  }
}
