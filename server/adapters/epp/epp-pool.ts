import { randomBytes } from "node:crypto";
import { EppCommandError, EppConnectionError, EppSession, type EppEndpoint, type EppResponse } from "./epp-session.ts";

export interface EppPoolOptions {
  /** Most sessions this instance opens to the server (registries cap sessions per registrar). */
  maxSessions: number;
  /** A session unused this long is sent a <hello> so the server does not drop it. */
  keepAliveMs: number;
  /** Waits between attempts to open a session when the server refuses (2502, connection errors). */
  openBackoffMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/** What the admin dashboard shows for one server, as this instance last saw it. */
export interface EppPoolHealth {
  sessions: number;
  maxSessions: number;
  serverId: string | null;
  lastOkAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  /** The last keep-alive's or probe's round trip. */
  latencyMs: number | null;
}

/** The server cannot be used now (down, in maintenance, session limit): try again later. */
export class EppUnavailableError extends Error {
  override name = "EppUnavailableError";
  constructor(
    message: string,
    readonly reason: "session_limit" | "unreachable" | "login_failed",
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

const serverClTRID = (what: string) => `KTS-${what}-${randomBytes(4).toString("hex")}`;

/**
 * One pool per EPP server: long-lived logged-in sessions, reused across orders, kept alive with
 * <hello>, dropped and reopened when the server closes them. A 2502 (session limit) at login lowers
 * this instance's ceiling to the sessions it already holds, so it stops knocking.
 */
export class EppPool {
  private readonly idle: EppSession[] = [];
  private readonly busy = new Set<EppSession>();
  private readonly waiters: ((session: EppSession | Error) => void)[] = [];
  private opening = 0;
  private ceiling: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closing = false;
  readonly health: EppPoolHealth;

  constructor(
    readonly endpoint: EppEndpoint,
    private readonly options: EppPoolOptions,
  ) {
    this.ceiling = options.maxSessions;
    this.health = {
      sessions: 0,
      maxSessions: options.maxSessions,
      serverId: null,
      lastOkAt: null,
      lastErrorAt: null,
      lastError: null,
      latencyMs: null,
    };
    if (options.keepAliveMs > 0) {
      this.timer = setInterval(() => void this.keepAlive(), Math.max(1000, Math.floor(options.keepAliveMs / 2)));
      this.timer.unref();
    }
  }

  /** Runs one command on a free session. A dropped connection surfaces as EppConnectionError. */
  async execute(xml: string): Promise<EppResponse> {
    const session = await this.acquire();
    try {
      const response = await session.execute(xml);
      this.ok();
      return response;
    } catch (error) {
      this.problem(error);
      throw error;
    } finally {
      this.release(session);
    }
  }

  /** A <hello> on a session (opening one if needed): is the server there, and how fast. */
  async probe(): Promise<EppPoolHealth> {
    try {
      const session = await this.acquire();
      try {
        const started = performance.now();
        const greeting = await session.hello();
        this.health.latencyMs = Math.round(performance.now() - started);
        this.health.serverId = greeting.svID;
        this.ok();
      } finally {
        this.release(session);
      }
    } catch (error) {
      this.problem(error);
    }
    return { ...this.health, sessions: this.count() };
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    for (const waiter of this.waiters.splice(0)) waiter(new EppUnavailableError("closing", "unreachable"));
    const sessions = [...this.idle.splice(0), ...this.busy];
    await Promise.all(sessions.map((s) => s.close(serverClTRID("logout"))));
  }

  private count() {
    return this.idle.length + this.busy.size + this.opening;
  }

  private ok() {
    this.health.lastOkAt = new Date();
  }

  private problem(error: unknown) {
    if (error instanceof EppCommandError && error.code < 2400) return; // an answer about an object, not the server
    this.health.lastErrorAt = new Date();
    this.health.lastError = error instanceof Error ? error.message : String(error);
  }

  private async acquire(): Promise<EppSession> {
    if (this.closing) throw new EppUnavailableError("the pool is closed", "unreachable");
    while (this.idle.length) {
      const session = this.idle.pop()!;
      if (session.isOpen) {
        this.busy.add(session);
        return session;
      }
    }
    if (this.count() < this.ceiling || this.count() === 0) {
      try {
        return await this.open();
      } catch (error) {
        // The registry allows fewer sessions than we asked for: share the ones we have.
        const shared = error instanceof EppUnavailableError && error.reason === "session_limit";
        if (!shared || this.idle.length + this.busy.size === 0) throw error;
      }
    }
    return this.waitForSession();
  }

  private async waitForSession(): Promise<EppSession> {
    const next = await new Promise<EppSession | Error>((resolve) => this.waiters.push(resolve));
    if (next instanceof Error) throw next;
    return next;
  }

  private release(session: EppSession) {
    this.busy.delete(session);
    this.health.sessions = this.count();
    const waiter = this.waiters.shift();
    if (!session.isOpen) {
      // Its place is free again: the waiter opens a fresh session.
      if (waiter) this.open().then(waiter, waiter);
      return;
    }
    if (waiter) {
      this.busy.add(session);
      waiter(session);
    } else this.idle.push(session);
  }

  private async open(): Promise<EppSession> {
    const backoff = this.options.openBackoffMs ?? [200, 1000];
    const sleep = this.options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    this.opening++;
    try {
      for (let attempt = 0; ; attempt++) {
        const session = new EppSession(this.endpoint);
        try {
          await session.open(serverClTRID("login"));
          this.health.serverId = session.greeting?.svID ?? null;
          this.ok();
          this.busy.add(session);
          void session.closed.then(() => {
            const index = this.idle.indexOf(session);
            if (index >= 0) this.idle.splice(index, 1);
            this.health.sessions = this.count();
          });
          return session;
        } catch (error) {
          this.problem(error);
          const limit = error instanceof EppCommandError && error.code === 2502;
          if (limit) this.ceiling = Math.max(1, this.idle.length + this.busy.size);
          // Over the limit while holding sessions: use those rather than knock again.
          const holding = this.idle.length + this.busy.size > 0;
          const retry = (limit && !holding) || (error instanceof EppConnectionError && error.phase !== "login");
          if (!retry || attempt >= backoff.length || this.closing) {
            if (limit) throw new EppUnavailableError(`session limit reached: ${error.message}`, "session_limit", 2502);
            // 2500-2502 at login: the server is closing (maintenance), not refusing our credentials.
            if (error instanceof EppCommandError && error.code < 2400)
              throw new EppUnavailableError(`login refused: ${error.message}`, "login_failed", error.code);
            if (error instanceof EppCommandError)
              throw new EppUnavailableError(
                `the server would not take a session: ${error.message}`,
                "unreachable",
                error.code,
              );
            throw new EppUnavailableError((error as Error).message, "unreachable");
          }
          await sleep(backoff[attempt]!);
        }
      }
    } finally {
      this.opening--;
      this.health.sessions = this.count();
    }
  }

  /** Sends <hello> on sessions idle for a while; a session that does not answer is dropped. */
  private async keepAlive() {
    const stale = this.idle.filter((s) => Date.now() - s.lastUsedAt >= this.options.keepAliveMs);
    for (const session of stale) {
      const index = this.idle.indexOf(session);
      if (index < 0) continue;
      this.idle.splice(index, 1);
      this.busy.add(session);
      try {
        const started = performance.now();
        await session.hello();
        this.health.latencyMs = Math.round(performance.now() - started);
        this.ok();
      } catch (error) {
        this.problem(error);
        session.destroy();
      } finally {
        this.release(session);
      }
    }
  }
}
