import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { databaseRateLimiter, redisRateLimiter, type RateLimiter } from "../../lib/rate-limiter.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { asStaff, createStaffUser, sessionCookieOf, signIn, SITE_ORIGIN } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { LOGIN_ALERT_AFTER, LOGIN_MAX_FAILURES, PASSWORD_CHANGE_MAX_FAILURES } from "./auth-routes.ts";

/** The login counters on every store they can live in: PGlite, PostgreSQL (when set) and Redis (when set). */
const stores = databaseBackends().flatMap((backend) => {
  const base = { backend, name: backend.name, redis: false };
  return process.env.TEST_REDIS_URL ? [base, { ...base, name: `${backend.name} + redis`, redis: true }] : [base];
});

const PARALLEL = 50;

describe.each(stores)("sign-in lockout under attack on $name", ({ backend, redis }) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let client: Redis | undefined;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;
  const login = (username: string, password: string, ip: string) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { origin: SITE_ORIGIN },
      payload: { username, password },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    let rateLimiter: RateLimiter = databaseRateLimiter(database.db);
    if (redis) {
      client = new Redis(process.env.TEST_REDIS_URL!);
      rateLimiter = redisRateLimiter(client, `test:${randomUUID()}:`);
    }
    app = await testApp(database, { rateLimiter });
  });
  afterAll(async () => {
    await app.close();
    client?.disconnect();
    await cleanup();
  });

  it(`lets at most ${LOGIN_MAX_FAILURES} of ${PARALLEL} parallel guesses from one address be checked and fail`, async () => {
    const kim = await createStaffUser(database.db, "kim", "agent");
    const ip = freshIp();
    const guesses = Array.from({ length: PARALLEL }, (_, i) =>
      login("kim", i === PARALLEL - 1 ? kim.password : `wrong-guess-${i}`, ip),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode);
    // Wrong answers are what the lock is about; a right one gives its attempt back.
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(PARALLEL - LOGIN_MAX_FAILURES - 1);
    // The burst locked the address: the right password is refused there too.
    expect((await login("kim", kim.password, ip)).statusCode).toBe(429);
  });

  it("does not let failures from many addresses lock a staff member out", async () => {
    const lea = await createStaffUser(database.db, "lea", "agent");
    for (let i = 0; i < LOGIN_MAX_FAILURES * 2; i++)
      expect((await login("lea", "attacker-guess", freshIp())).statusCode).toBe(401);
    expect((await login("lea", lea.password, freshIp())).statusCode).toBe(200);
  });

  it("a sign-in refunds its own attempt: the address is not locked by successes", async () => {
    const max = await createStaffUser(database.db, "max", "agent");
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES * 2; i++)
      expect((await login("max", max.password, ip)).statusCode).toBe(200);
  });

  it(`alerts the admins once when a username gets ${LOGIN_ALERT_AFTER} failures across addresses, and slows the answers`, async () => {
    const ned = await createStaffUser(database.db, "ned", "admin");
    const ips = Array.from({ length: LOGIN_ALERT_AFTER + 3 }, () => freshIp());
    const answers = await Promise.all(ips.map((ip) => login("ned", "attacker-guess", ip)));
    expect(answers.map((a) => a.statusCode)).toEqual(ips.map(() => 401));
    const alerts = await database.db.select().from(auditLog).where(eq(auditLog.action, "auth.login_targeted"));
    expect(alerts.filter((a) => a.targetId === ned.id)).toHaveLength(1);
    const emails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "login_targeted"));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe("sales@example.test");
    expect(emails[0]!.textBody).toContain("ned");
    expect(emails[0]!.textBody).not.toContain("attacker-guess");
    // Once targeted, each further failure answers slowly; the right password still signs in.
    const started = performance.now();
    expect((await login("ned", "attacker-guess", freshIp())).statusCode).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect((await login("ned", ned.password, freshIp())).statusCode).toBe(200);
  });

  it(`checks at most ${PASSWORD_CHANGE_MAX_FAILURES} of ${PARALLEL} parallel wrong current passwords in a change`, async () => {
    const ola = await createStaffUser(database.db, "ola", "admin");
    const cookie = await signIn(app, "ola", ola.password, freshIp());
    const change = (currentPassword: string, ip = freshIp()) =>
      app.inject({
        method: "POST",
        url: "/api/admin/me/password",
        headers: asStaff(cookie),
        payload: { currentPassword, newPassword: "a-brand-new-passphrase-42" },
        remoteAddress: ip,
      });
    // From many addresses at once, as a stolen session would be used.
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => change(`wrong-current-${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(PASSWORD_CHANGE_MAX_FAILURES);
    expect(codes.filter((code) => code === 429)).toHaveLength(PARALLEL - PASSWORD_CHANGE_MAX_FAILURES);
    const locked = answers.find((a) => a.statusCode === 429)!;
    expect(locked.headers["retry-after"]).toBeDefined();
    expect(Object.keys(locked.json().fields)).toEqual(["currentPassword"]);
    expect(locked.json().message).toMatch(/Too many wrong current passwords/);
    // Locked now, even for the right password; the password is unchanged and still signs in.
    expect((await change(ola.password)).statusCode).toBe(429);
    expect((await login("ola", ola.password, freshIp())).statusCode).toBe(200);
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.password_change_failed"));
    expect(failures.filter((f) => f.targetId === ola.id)).toHaveLength(PASSWORD_CHANGE_MAX_FAILURES);
  });

  it("a password change gives its attempt back: changes that succeed never lock", async () => {
    const pia = await createStaffUser(database.db, "pia", "agent");
    let cookie = await signIn(app, "pia", pia.password, freshIp());
    let current = pia.password;
    for (let i = 0; i < PASSWORD_CHANGE_MAX_FAILURES + 2; i++) {
      const next = `pia-passphrase-number-${i}`;
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/me/password",
        headers: asStaff(cookie),
        payload: { currentPassword: current, newPassword: next },
      });
      expect(response.statusCode, response.body).toBe(204);
      cookie = sessionCookieOf(response)!;
      current = next;
    }
  });
});
