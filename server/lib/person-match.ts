import { type AnyColumn, type SQL, or, sql } from "drizzle-orm";
import type { PersonMatch } from "#contracts/data-rights.ts";

/**
 * The rows that belong to a person: the email column equal to theirs (any case), or the phone column
 * equal to theirs once both are reduced to digits. Null when the person gives nothing this table holds,
 * so the caller matches nothing rather than everything.
 */
export function personWhere(person: PersonMatch, columns: { email?: AnyColumn; phone?: AnyColumn }): SQL | undefined {
  const parts: SQL[] = [];
  if (person.email && columns.email) parts.push(sql`lower(${columns.email}) = ${person.email}`);
  if (person.phone && columns.phone) {
    parts.push(sql`regexp_replace(${columns.phone}, '[^0-9]', '', 'g') = ${person.phone}`);
  }
  return parts.length ? or(...parts) : undefined;
}

/** What erased text fields hold: says what happened, means nothing about anyone. */
export const ERASED = "[erased]";
