import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { StaffAccount, StaffRole } from "#contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";

export type StaffRow = typeof staffUsers.$inferSelect;

export function toAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    disabled: row.disabledAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function findStaffByUsername(db: Database, username: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, username.trim().toLowerCase()));
  return row;
}

export async function findStaffById(db: Database, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

export async function listStaff(db: Database): Promise<StaffRow[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.displayName));
}

export async function countStaff(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUsers);
  return row?.n ?? 0;
}

export async function insertStaff(
  db: Database,
  input: { username: string; displayName: string; role: StaffRole; passwordHash: string },
): Promise<StaffRow> {
  const [row] = await db
    .insert(staffUsers)
    .values({ id: randomUUID(), ...input, username: input.username.toLowerCase() })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateStaff(
  db: Database,
  id: string,
  changes: Partial<
    Pick<StaffRow, "role" | "displayName" | "disabledAt" | "passwordHash" | "passwordChangedAt" | "lastLoginAt">
  >,
): Promise<StaffRow | undefined> {
  const [row] = await db.update(staffUsers).set(changes).where(eq(staffUsers.id, id)).returning();
  return row;
}
