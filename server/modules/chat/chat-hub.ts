import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import { CHAT_CHANNEL, eventsAfter, latestEventId, type ChatEventRow } from "./chat-repository.ts";

/** One open stream: a visitor's (one session) or an agent console's (every session). */
export interface ChatSubscriber {
  /** null: the console, which hears every session. */
  sessionId: string | null;
  deliver(row: ChatEventRow): void;
  /** Events that are announced but not stored (typing). */
  passing(sessionId: string, event: string, data: unknown): void;
}

interface SubscriberState {
  sub: ChatSubscriber;
  baseline: number;
  last: Map<string, number>;
  pulling: Map<string, { again: boolean; done: Promise<void> }>;
  closed: boolean;
}

type Notification = { s: string; id: number } | { s: string; e: string; d: unknown };

/**
 * This instance's end of the fan-out: one LISTEN for the whole process; every NOTIFY (from any
 * instance) makes the streams of that session read the log past what they last sent, so an event
 * is neither lost nor sent twice, whatever order notifications and reconnects arrive in.
 */
export function chatHub(database: DatabaseHandle, log: FastifyBaseLogger) {
  const bySession = new Map<string, Set<SubscriberState>>();
  const consoles = new Set<SubscriberState>();
  let stopListening: (() => Promise<void>) | null = null;

  function pull(state: SubscriberState, sessionId: string): Promise<void> {
    const running = state.pulling.get(sessionId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      do {
        entry.again = false;
        let rows: ChatEventRow[];
        do {
          if (state.closed) return;
          const after = state.last.get(sessionId) ?? state.baseline;
          rows = await eventsAfter(database.db, sessionId, after);
          for (const row of rows) {
            if (state.closed) return;
            if (row.id <= (state.last.get(sessionId) ?? state.baseline)) continue;
            state.last.set(sessionId, row.id);
            state.sub.deliver(row);
          }
        } while (rows.length === 500);
      } while (entry.again);
    })()
      .catch((error: unknown) => log.warn({ err: error, sessionId }, "chat stream catch-up failed"))
      .finally(() => state.pulling.delete(sessionId));
    state.pulling.set(sessionId, entry);
    return entry.done;
  }

  function onNotify(payload: string): void {
    let note: Notification;
    try {
      note = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    const targets = [...(bySession.get(note.s) ?? []), ...consoles];
    for (const state of targets) {
      if ("e" in note) state.sub.passing(note.s, note.e, note.d);
      else if (note.id > (state.last.get(note.s) ?? state.baseline)) void pull(state, note.s);
    }
  }

  return {
    async start(): Promise<void> {
      stopListening ??= await database.listen(CHAT_CHANNEL, onNotify);
    },
    async stop(): Promise<void> {
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },

    /**
     * Registers a stream. A visitor's stream starts after `lastEventId` (0 replays the whole
     * session); a console starts at the newest event. Resolves once the replay is written.
     */
    async subscribe(sub: ChatSubscriber, lastEventId: number): Promise<{ close(): void }> {
      const state: SubscriberState = {
        sub,
        baseline: sub.sessionId === null ? await latestEventId(database.db) : lastEventId,
        last: new Map(),
        pulling: new Map(),
        closed: false,
      };
      if (sub.sessionId === null) consoles.add(state);
      else {
        const set = bySession.get(sub.sessionId) ?? new Set();
        set.add(state);
        bySession.set(sub.sessionId, set);
        await pull(state, sub.sessionId);
      }
      return {
        close() {
          state.closed = true;
          if (sub.sessionId === null) consoles.delete(state);
          else {
            const set = bySession.get(sub.sessionId);
            set?.delete(state);
            if (set?.size === 0) bySession.delete(sub.sessionId);
          }
        },
      };
    },

    streams(): number {
      let n = consoles.size;
      for (const set of bySession.values()) n += set.size;
      return n;
    },
  };
}

export type ChatHub = ReturnType<typeof chatHub>;
