import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { CreateStaff, ResetStaffPassword } from "#contracts/admin.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { recordAudit } from "../lib/audit.ts";
import { hashPassword } from "../modules/admin/passwords.ts";
import { revokeUserSessions } from "../modules/admin/sessions.ts";
import { resetTwoFactor } from "../modules/admin/two-factor.ts";
import { findStaffByUsername, insertStaff, listStaff, updateStaff } from "../modules/admin/staff-repository.ts";

const USAGE = `Manage staff accounts from the command line.

  npm run admin -- list
  npm run admin -- create-user <username> --name "<display name>" --role admin|agent --password <password>
  npm run admin -- reset-password <username> --password <password>
  npm run admin -- reset-two-factor <username>      (a lost phone when no other admin can reset it)

Uses the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR).
With the embedded database, stop the server first: only one process may open it.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, username] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const actor = { id: null, username: "cli" };
  try {
    await database.migrate();
    const db = database.db;
    switch (command) {
      case "list": {
        const rows = await listStaff(db);
        console.table(
          rows.map((r) => ({
            username: r.username,
            name: r.displayName,
            role: r.role,
            disabled: Boolean(r.disabledAt),
            lastLogin: r.lastLoginAt?.toISOString() ?? "never",
          })),
        );
        return 0;
      }
      case "create-user": {
        const input = CreateStaff.parse({
          username,
          displayName: values.name ?? username,
          role: values.role ?? "agent",
          password: values.password,
        });
        if (await findStaffByUsername(db, input.username)) {
          console.error(`The username ${input.username} is already taken.`);
          return 1;
        }
        const row = await insertStaff(db, {
          username: input.username,
          displayName: input.displayName,
          role: input.role,
          passwordHash: await hashPassword(input.password),
        });
        await recordAudit(db, {
          actor,
          action: "staff.created",
          targetType: "staff",
          targetId: row.id,
          details: { username: row.username, role: row.role },
        });
        console.log(`Created ${row.role} ${row.username}.`);
        return 0;
      }
      case "reset-password": {
        const { newPassword } = ResetStaffPassword.parse({ newPassword: values.password });
        const row = username ? await findStaffByUsername(db, username) : undefined;
        if (!row) {
          console.error(`No staff member named ${username ?? "(missing username)"}.`);
          return 1;
        }
        await updateStaff(db, row.id, { passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date() });
        await revokeUserSessions(db, row.id);
        await recordAudit(db, { actor, action: "staff.password_reset", targetType: "staff", targetId: row.id });
        console.log(`Password reset for ${row.username}; their sessions have ended.`);
        return 0;
      }
      case "reset-two-factor": {
        const row = username ? await findStaffByUsername(db, username) : undefined;
        if (!row) {
          console.error(`No staff member named ${username ?? "(missing username)"}.`);
          return 1;
        }
        await resetTwoFactor(db, row.id);
        await revokeUserSessions(db, row.id);
        await recordAudit(db, { actor, action: "staff.two_factor_reset", targetType: "staff", targetId: row.id });
        console.log(`Two-factor sign-in reset for ${row.username}; they set it up again at their next sign-in.`);
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ZodError)
      console.error(error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("\n"));
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
