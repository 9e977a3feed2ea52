import { randomBytes } from "node:crypto";
import type { OrderEvent } from "../../contracts/orders.ts";

/** What VPS and domain orders share on the server: references, links, history rows. */

/** No 0/O or 1/I: a reference people read out on the phone. */
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The six characters of an order reference (`VPS-XXXXXX`, `DOM-XXXXXX`). */
export function newReferenceCode(): string {
  return Array.from(randomBytes(6), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/** The secret in an order page's link: 24 random bytes, base64url. */
export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/** A history row of any order table (VPS, domain) as the API shows it. */
export function toOrderEvent(row: {
  id: number | string;
  kind: OrderEvent["kind"];
  fromStatus: string | null;
  toStatus: string | null;
  body: string | null;
  actorUsername: string | null;
  createdAt: Date;
}): OrderEvent {
  return { id: String(row.id), kind: row.kind, fromStatus: row.fromStatus, toStatus: row.toStatus, body: row.body, actor: row.actorUsername, createdAt: row.createdAt.toISOString() };
}
