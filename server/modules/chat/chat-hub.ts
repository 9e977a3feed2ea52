import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  CHAT_CHANNEL,
  eventsAfter,
  latestEventId,
  sessionsWithEventsAfter,
  type ChatEventRow,
} from "./chat-repository.ts";

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

/**
 * How far before the newest event heard the catch-up after a reconnect looks: event ids are taken in
 * one order and committed in another, by at most as many transactions as run at once.
 */
const RESUME_MARGIN_IDS = 1000;

/** A stored event (with the event when it fits: `p` the session's previous id) or a passing one. */
type Notification =
  | { s: string; id: number; p?: number; e?: string; d?: unknown; t?: string }
  | { s: string; id?: undefined; e: string; d: unknown };

/**
 * This instance's end of the fan-out: one LISTEN for the whole process. A NOTIFY (from any
 * instance) that carries its event goes straight to the streams that have sent everything before
 * it; any other stream of that session (one still replaying, or one that missed a notification
 * while the listener reconnected) reads the log past what it last sent, and once the listener is
 * back, every session stored to meanwhile is announced again (`resumed`). So an event is neither lost
 * nor sent twice, whatever order notifications and reconnects arrive in.
 */
export function chatHub(database: DatabaseHandle, log: FastifyBaseLogger) {
  const bySession = new Map<string, Set<SubscriberState>>();
  const consoles = new Set<SubscriberState>();
  let stopListening: (() => Promise<void>) | null = null;
  /** The newest event id any notification here carried (or the log's newest when the hub started). */
  let heard = 0;
  /** The newest event id this stream has sent for the session (its start, until it sends one). */
  const lastSent = (state: SubscriberState, sessionId: string) => state.last.get(sessionId) ?? state.baseline;

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
          rows = await eventsAfter(database.db, sessionId, lastSent(state, sessionId));
          for (const row of rows) {
            if (state.closed) return;
            if (row.id <= lastSent(state, sessionId)) continue;
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
    if (note.id !== undefined && note.id > heard) heard = note.id;
    dispatch(note);
  }

  function dispatch(note: Notification): void {
    const targets = [...(bySession.get(note.s) ?? []), ...consoles];
    if (note.id === undefined) {
      for (const state of targets) state.sub.passing(note.s, note.e, note.d);
      return;
    }
    const { p: previous, e: event, t: createdAt } = note;
    const carried =
      previous !== undefined && event !== undefined && createdAt !== undefined
        ? {
            previous,
            row: { id: note.id, sessionId: note.s, event, data: note.d, createdAt: new Date(createdAt) },
          }
        : null;
    for (const state of targets) {
      const last = lastSent(state, note.s);
      if (note.id <= last || state.closed) continue;
      if (carried && carried.previous <= last && !state.pulling.has(note.s)) {
        state.last.set(note.s, note.id);
        state.sub.deliver(carried.row);
      } else void pull(state, note.s);
    }
  }

  /**
   * The listener was lost and listens again: what was stored meanwhile was announced to nobody here.
   * Each session with an event past the newest one heard (less a margin for a transaction that took
   * its id before that one and committed after it) is announced as if by id alone, so each of its
   * streams that is behind reads the log.
   */
  async function resumed(): Promise<void> {
    const since = Math.max(0, heard - RESUME_MARGIN_IDS);
    try {
      for (const { sessionId, id } of await sessionsWithEventsAfter(database.db, since)) {
        if (id > heard) heard = id;
        dispatch({ s: sessionId, id });
      }
    } catch (error: unknown) {
      log.warn({ err: error }, "chat streams' catch-up after the listener reconnected failed");
    }
  }

  return {
    async start(): Promise<void> {
      if (stopListening) return;
      heard = await latestEventId(database.db);
      stopListening = await database.listen(CHAT_CHANNEL, onNotify, () => void resumed());
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
