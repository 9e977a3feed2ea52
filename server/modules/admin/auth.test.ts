import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { staffSessions } from "./admin-schema.ts";
import { asStaff, createStaffUser, SITE_ORIGIN, sessionCookieOf, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { LOGIN_MAX_FAILURES } from "./auth-routes.ts";
import { hashToken, SESSION_COOKIE } from "./sessions.ts";

describe.each(databaseBackends())("staff sign-in and sessions on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let ipCounter = 0;
  const freshIp = () => `172.16.0.${++ipCounter}`;
  const login = (
    username: string,
    password: string,
    ip = freshIp(),
    headers: Record<string, string> = { origin: SITE_ORIGIN },
  ) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers,
      payload: { username, password },
      remoteAddress: ip,
    });
  const verify = (cookie?: string) =>
    app.inject({
      method: "GET",
      url: "/api/admin/verify",
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("signs in, sets an HttpOnly SameSite=Lax session cookie, and verify accepts it", async () => {
    const ann = await createStaffUser(database.db, "ann", "admin");
    const response = await login("ANN", ann.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: ann.id, username: "ann", displayName: "Ann Staff", role: "admin" },
      twoFactor: { enabled: false, enrolmentRequired: false },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await verify(cookie!.value)).json()).toMatchObject({ user: { username: "ann" } });
  });

  it("marks the cookie Secure when served over HTTPS", async () => {
    const bea = await createStaffUser(database.db, "bea", "agent");
    const response = await login("bea", bea.password, freshIp(), { origin: SITE_ORIGIN, "x-forwarded-proto": "https" });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it("stores only a hash of the session token", async () => {
    const cid = await createStaffUser(database.db, "cid", "agent");
    const token = await signIn(app, "cid", cid.password, freshIp());
    const rows = await database.db.select().from(staffSessions).where(eq(staffSessions.userId, cid.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("answers an unknown user, a wrong password and a disabled account alike, in similar time", async () => {
    const dan = await createStaffUser(database.db, "dan", "agent");
    const eve = await createStaffUser(database.db, "eve", "agent");
    await database.db.execute(sql`update staff_users set disabled_at = now() where id = ${eve.id}`);
    // CPU time of this process (argon2 runs on its worker threads), not wall time: a busy machine
    // stretches wall time at random, while the work each answer costs stays the same. The least of
    // three tries: the process's CPU also counts what else ran meanwhile (a garbage collection on
    // V8's helper threads, the embedded database), which only ever adds to a try.
    const timed = async (username: string, password: string) => {
      let least = Infinity;
      let response!: Awaited<ReturnType<typeof login>>;
      for (let i = 0; i < 3; i++) {
        const started = process.cpuUsage();
        response = await login(username, password);
        const used = process.cpuUsage(started);
        least = Math.min(least, (used.user + used.system) / 1000);
      }
      return { response, ms: least };
    };
    // The first unknown name also creates the stand-in hash it verifies against: not measured.
    await login("nobody-warming-up", "whatever-password", freshIp());
    const unknown = await timed("nobody-here", "whatever-password");
    const wrong = await timed("dan", "not-dans-password");
    const disabled = await timed("eve", eve.password);
    for (const { response } of [unknown, wrong, disabled]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "invalid_credentials", message: "Invalid credentials" });
    }
    // Each ran a full argon2 verification: none answers in a fraction of the others' time.
    const slowest = Math.max(unknown.ms, wrong.ms, disabled.ms);
    expect(Math.min(unknown.ms, wrong.ms, disabled.ms)).toBeGreaterThan(slowest / 4);
    expect(dan.id).toBeTruthy();
  });

  it(`locks an address after ${LOGIN_MAX_FAILURES} failures, even for the right password, with Retry-After`, async () => {
    const fay = await createStaffUser(database.db, "fay", "agent");
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await login("fay", "wrong-password", ip)).statusCode).toBe(401);
    const locked = await login("fay", fay.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    expect(locked.json()).toMatchObject({ error: "too_many_attempts" });
    // The same staff member from another address, and someone else, are unaffected.
    expect((await login("fay", fay.password)).statusCode).toBe(200);
    const gus = await createStaffUser(database.db, "gus", "agent");
    expect((await login("gus", gus.password)).statusCode).toBe(200);
  });

  it(`locks an IP address after ${LOGIN_MAX_FAILURES} failures across usernames`, async () => {
    const hal = await createStaffUser(database.db, "hal", "agent");
    const ip = "198.18.0.1";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await login(`guess-${i}`, "password-guess", ip)).statusCode).toBe(401);
    expect((await login("hal", hal.password, ip)).statusCode).toBe(429);
    expect((await login("hal", hal.password, "198.18.0.2")).statusCode).toBe(200);
  });

  it("rotates the session at sign-in and revokes it at logout", async () => {
    const ivy = await createStaffUser(database.db, "ivy", "agent");
    const first = await signIn(app, "ivy", ivy.password, freshIp());
    const again = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: asStaff(first),
      payload: { username: "ivy", password: ivy.password },
      remoteAddress: freshIp(),
    });
    const second = sessionCookieOf(again)!;
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(401);
    expect((await verify(second)).statusCode).toBe(200);

    const logout = await app.inject({ method: "POST", url: "/api/admin/logout", headers: asStaff(second) });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe("");
    expect((await verify(second)).statusCode).toBe(401);
  });

  it("expires a session after the idle window and after its absolute lifetime", async () => {
    const jon = await createStaffUser(database.db, "jon", "agent");
    const idle = await signIn(app, "jon", jon.password, freshIp());
    await database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '121 minutes'` })
      .where(eq(staffSessions.tokenHash, hashToken(idle)));
    expect((await verify(idle)).statusCode).toBe(401);
    const old = await signIn(app, "jon", jon.password, freshIp());
    await database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.tokenHash, hashToken(old)));
    expect((await verify(old)).statusCode).toBe(401);
  });

  it("measures a session's idle window and lifetime by the server's clock", async () => {
    const start = new Date();
    let now = start;
    const clocked = await testApp(database, { env: { TRUST_PROXY: "1" }, clock: () => now });
    try {
      const check = (cookie: string) =>
        clocked.inject({ method: "GET", url: "/api/admin/verify", headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
      const ola = await createStaffUser(database.db, "ola", "agent");
      const idle = await signIn(clocked, "ola", ola.password, freshIp());
      const [row] = await database.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, hashToken(idle)));
      expect(row!.expiresAt.getTime()).toBe(start.getTime() + 12 * 3_600_000);
      now = new Date(start.getTime() + 119 * 60_000);
      expect((await check(idle)).statusCode).toBe(200);
      // Each use starts the two-hour idle window again: 121 minutes after the last one, it has ended.
      now = new Date(start.getTime() + 238 * 60_000);
      expect((await check(idle)).statusCode).toBe(200);
      now = new Date(start.getTime() + 359 * 60_000);
      expect((await check(idle)).statusCode).toBe(401);

      // Used every 100 minutes, a session still ends 12 hours after it began.
      now = start;
      const busy = await signIn(clocked, "ola", ola.password, freshIp());
      for (let minutes = 100; minutes < 12 * 60; minutes += 100) {
        now = new Date(start.getTime() + minutes * 60_000);
        expect((await check(busy)).statusCode).toBe(200);
      }
      now = new Date(start.getTime() + 12 * 3_600_000 + 1_000);
      expect((await check(busy)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it("ends every other session on a password change and keeps this browser signed in", async () => {
    const kim = await createStaffUser(database.db, "kim", "agent");
    const laptop = await signIn(app, "kim", kim.password, freshIp());
    const phone = await signIn(app, "kim", kim.password, freshIp());
    const wrong = await app.inject({
      method: "POST",
      url: "/api/admin/me/password",
      headers: asStaff(laptop),
      payload: { currentPassword: "not-it", newPassword: "a-brand-new-password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: "The current password is incorrect." } });
    const changed = await app.inject({
      method: "POST",
      url: "/api/admin/me/password",
      headers: asStaff(laptop),
      payload: { currentPassword: kim.password, newPassword: "a-brand-new-password" },
    });
    expect(changed.statusCode).toBe(204);
    const fresh = sessionCookieOf(changed)!;
    expect((await verify(fresh)).statusCode).toBe(200);
    expect((await verify(laptop)).statusCode).toBe(401);
    expect((await verify(phone)).statusCode).toBe(401);
    expect((await login("kim", kim.password)).statusCode).toBe(401);
    expect((await login("kim", "a-brand-new-password")).statusCode).toBe(200);
  });

  it("refuses a state-changing request from another origin or with none", async () => {
    const lea = await createStaffUser(database.db, "lea", "admin");
    expect((await login("lea", lea.password, freshIp(), {})).statusCode).toBe(403);
    const evil = await login("lea", lea.password, freshIp(), { origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ error: "bad_origin" });
    // The origin the request was actually sent to is the site's own too (e.g. a staging host).
    const sameHost = await login("lea", lea.password, freshIp(), {
      origin: "http://admin.internal:8080",
      host: "admin.internal:8080",
    });
    expect(sameHost.statusCode).toBe(200);
  });

  it("shares sessions between instances on one database", async () => {
    const max = await createStaffUser(database.db, "max", "agent");
    const other = await testApp(database);
    try {
      const cookie = await signIn(app, "max", max.password, freshIp());
      const response = await other.inject({
        method: "GET",
        url: "/api/admin/verify",
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("records sign-ins and failures in the audit log", async () => {
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actorUsername, "fay"));
    expect(rows.map((r) => r.action)).toContain("auth.login_failed");
    expect(rows.every((r) => r.ipAddress?.startsWith("172.16.0."))).toBe(true);
  });
});
