import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatHandovers } from "./chat-schema.ts";

export type HandoverEnd = "accepted" | "timed_out" | "cancelled";

/** A visitor asked for a person: queued (`waiting`) or nobody to queue for (`unavailable`). */
export async function recordHandover(
  tx: Database,
  sessionId: string,
  at: Date,
  outcome: "waiting" | "unavailable",
): Promise<void> {
  await tx.insert(chatHandovers).values({
    id: randomUUID(),
    sessionId,
    outcome,
    requestedAt: at,
    resolvedAt: outcome === "unavailable" ? at : null,
  });
}

/** The session's open hand-over ends (each ends once: only a `waiting` one moves). */
export async function endHandover(
  tx: Database,
  sessionId: string,
  outcome: HandoverEnd,
  at: Date,
  agentId?: string,
): Promise<void> {
  await tx
    .update(chatHandovers)
    .set({ outcome, resolvedAt: at, agentId: agentId ?? null })
    .where(and(eq(chatHandovers.sessionId, sessionId), eq(chatHandovers.outcome, "waiting")));
}

/** The accepting agent's first message answers the hand-over; later messages change nothing. */
export async function markFirstResponse(tx: Database, sessionId: string, agentId: string, at: Date): Promise<void> {
  await tx
    .update(chatHandovers)
    .set({ firstResponseAt: at })
    .where(
      and(
        eq(chatHandovers.sessionId, sessionId),
        eq(chatHandovers.outcome, "accepted"),
        eq(chatHandovers.agentId, agentId),
        isNull(chatHandovers.firstResponseAt),
      ),
    );
}
