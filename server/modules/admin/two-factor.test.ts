import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, staffUsers } from "../../db/schema.ts";
import { asStaff, createStaffUser, SITE_ORIGIN, sessionCookieOf } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { LOGIN_ALERT_AFTER, LOGIN_MAX_FAILURES } from "./auth-routes.ts";
import { staffRecoveryCodes } from "./admin-schema.ts";
import { CHALLENGE_MAX_ATTEMPTS, matchingStep, RECOVERY_CODE_COUNT } from "./two-factor.ts";

describe("TOTP (RFC 6238)", () => {
  // RFC 6238 Appendix B, SHA-1 rows: the shared secret is the ASCII string "12345678901234567890".
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  it.each(vectors)("gives the RFC's 8-digit code at T=%i", (seconds, code) => {
    const secret = Secret.fromLatin1("12345678901234567890");
    expect(TOTP.generate({ secret, algorithm: "SHA1", digits: 8, period: 30, timestamp: seconds * 1000 })).toBe(code);
  });

  it("accepts a 6-digit code one step either side of now and names its step, nothing further", () => {
    const secret = new Secret({ size: 20 });
    const now = 1_700_000_000_000;
    const at = (ms: number) => TOTP.generate({ secret, timestamp: ms });
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret.base32, at(now), now)).toBe(step);
    expect(matchingStep(secret.base32, at(now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret.base32, at(now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret.base32, at(now + 90_000), now)).toBeNull();
    expect(matchingStep(secret.base32, "abcdef", now)).toBeNull();
  });
});

describe.each(databaseBackends())("two-factor sign-in for staff on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let ipCounter = 0;
  const freshIp = () => `172.20.0.${++ipCounter}`;
  const challengeOf = (response: LightMyRequestResponse) =>
    response.cookies.find((c) => c.name === "kts_admin_2fa")?.value;

  const post = (url: string, payload: object, cookie?: string, ip = "10.20.0.1") =>
    app.inject({
      method: "POST",
      url,
      headers: cookie ? asStaff(cookie) : { origin: SITE_ORIGIN },
      payload,
      remoteAddress: ip,
    });
  const login = (username: string, password: string, ip: string) =>
    post("/api/admin/login", { username, password }, undefined, ip);
  const secondStep = (challenge: string | undefined, code: string, ip: string) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login/second-factor",
      headers: { origin: SITE_ORIGIN, ...(challenge ? { cookie: `kts_admin_2fa=${challenge}` } : {}) },
      payload: { code },
      remoteAddress: ip,
    });
  const codeAt = (secret: string, offsetSteps = 0) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
  /** Lets the next code of this step be accepted again (tests only: the clock does not wait for them). */
  const forgetLastStep = (id: string) =>
    database.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, id));

  /** Signs in with a password only (no second factor yet) and enrols: the secret and the recovery codes. */
  async function enrol(username: string, password: string) {
    const signedIn = await login(username, password, freshIp());
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signedIn)!;
    const setup = await post("/api/admin/me/two-factor/setup", {}, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json<{ secret: string; uri: string }>();
    const confirmCode = codeAt(secret);
    const confirmed = await post("/api/admin/me/two-factor/confirm", { code: confirmCode }, cookie);
    expect(confirmed.statusCode).toBe(200);
    return {
      cookie,
      secret,
      uri,
      confirmCode,
      recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes,
    };
  }

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { REQUIRE_ADMIN_TOTP: "true" } });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("enrols: a secret stored encrypted, an otpauth URI, ten single-use recovery codes stored hashed", async () => {
    const ada = await createStaffUser(database.db, "ada", "agent");
    const { secret, uri, recoveryCodes } = await enrol("ada", ada.password);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Kigali%20Tech:ada\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, ada.id));
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, ada.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replaceAll("-", ""));
    // Once enabled, a session cannot swap the secret for its own.
    const cookie = sessionCookieOf(await login("ada", ada.password, freshIp()));
    expect(cookie).toBeUndefined();
  });

  it("refuses a wrong confirmation code, naming the field", async () => {
    const ben = await createStaffUser(database.db, "ben", "agent");
    const cookie = sessionCookieOf(await login("ben", ben.password, freshIp()))!;
    expect((await post("/api/admin/me/two-factor/confirm", { code: "123456" }, cookie)).json()).toMatchObject({
      error: "two_factor_not_started",
    });
    const { secret } = (await post("/api/admin/me/two-factor/setup", {}, cookie)).json<{ secret: string }>();
    const wrong = await post("/api/admin/me/two-factor/confirm", { code: codeAt(secret, 5) }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_code", fields: { code: expect.any(String) } });
    const empty = await post("/api/admin/me/two-factor/confirm", { code: "" }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { code: "Code is required" } });
    // Only the app's six digits confirm the setup; a recovery-code shape is refused by the contract.
    const notDigits = await post("/api/admin/me/two-factor/confirm", { code: "abcd-efgh" }, cookie);
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json()).toMatchObject({ fields: { code: "Enter the 6 digits shown in your app" } });
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, ben.id));
    expect(row!.totpEnabledAt).toBeNull();
    expect((await post("/api/admin/me/two-factor/confirm", { code: codeAt(secret) }, cookie)).statusCode).toBe(200);
    expect((await post("/api/admin/me/two-factor/setup", {}, cookie)).json()).toMatchObject({
      error: "two_factor_enabled",
    });
  });

  it("asks for a second step after the password, then issues a session for a valid code only once", async () => {
    const cleo = await createStaffUser(database.db, "cleo", "agent");
    const { secret, confirmCode } = await enrol("cleo", cleo.password);
    const ip = freshIp();
    const first = await login("cleo", cleo.password, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactor: "required" });
    expect(sessionCookieOf(first)).toBeUndefined();
    const challenge = challengeOf(first)!;
    const challengeCookie = first.cookies.find((c) => c.name === "kts_admin_2fa");
    expect(challengeCookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin/login" });
    // The enrolment confirmed this step's code: replaying it is refused.
    const replay = await secondStep(challenge, confirmCode, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "invalid_code", fields: { code: expect.any(String) } });
    // The next step's code (an app one step ahead) is accepted, once.
    const next = codeAt(secret, 1);
    const ok = await secondStep(challenge, next, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { username: "cleo" }, twoFactor: { enabled: true } });
    const session = sessionCookieOf(ok)!;
    expect((await app.inject({ url: "/api/admin/verify", headers: asStaff(session) })).statusCode).toBe(200);
    // The pending sign-in is used up, and the same code on a new one is refused.
    expect((await secondStep(challenge, next, ip)).json()).toMatchObject({ error: "second_factor_expired" });
    const again = challengeOf(await login("cleo", cleo.password, ip));
    expect((await secondStep(again, next, ip)).statusCode).toBe(401);
    expect((await secondStep(undefined, next, ip)).json()).toMatchObject({ error: "second_factor_expired" });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.actorId, cleo.id));
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(["auth.login", "auth.second_factor_failed"]));
  });

  it(`locks the address after ${LOGIN_MAX_FAILURES} wrong codes, even for the right one`, async () => {
    const dan = await createStaffUser(database.db, "dan", "agent");
    const { secret } = await enrol("dan", dan.password);
    await forgetLastStep(dan.id);
    const ip = freshIp();
    const challenge = challengeOf(await login("dan", dan.password, ip));
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES }, () => secondStep(challenge, wrong, ip)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(LOGIN_MAX_FAILURES).fill(401));
    const locked = await secondStep(challenge, codeAt(secret), ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("drops a pending sign-in after five codes, whatever the address", async () => {
    const eli = await createStaffUser(database.db, "eli", "agent");
    const { secret } = await enrol("eli", eli.password);
    await forgetLastStep(eli.id);
    const challenge = challengeOf(await login("eli", eli.password, freshIp()));
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, "000000", freshIp())).statusCode).toBe(401);
    const late = await secondStep(challenge, codeAt(secret), freshIp());
    expect(late.json()).toMatchObject({ error: "second_factor_expired" });
  });

  it(`alerts the admins once after ${LOGIN_ALERT_AFTER} wrong codes for one account across addresses`, async () => {
    const kai = await createStaffUser(database.db, "kai", "agent");
    await enrol("kai", kai.password);
    for (let round = 0; round < LOGIN_ALERT_AFTER / CHALLENGE_MAX_ATTEMPTS; round++) {
      const challenge = challengeOf(await login("kai", kai.password, freshIp()));
      for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
        expect((await secondStep(challenge, "99999999", freshIp())).statusCode).toBe(401);
      }
    }
    const alerts = await database.db.select().from(auditLog).where(eq(auditLog.action, "auth.login_targeted"));
    expect(alerts).toEqual([expect.objectContaining({ targetId: kai.id })]);
    const emails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "login_targeted"));
    expect(emails).toHaveLength(1);
  });

  it("accepts each recovery code once, in any case and with or without dashes", async () => {
    const fay = await createStaffUser(database.db, "fay", "agent");
    const { recoveryCodes } = await enrol("fay", fay.password);
    const ip = freshIp();
    const code = recoveryCodes[3]!;
    const used = await secondStep(challengeOf(await login("fay", fay.password, ip)), code.toUpperCase(), ip);
    expect(used.statusCode).toBe(200);
    const reused = await secondStep(challengeOf(await login("fay", fay.password, ip)), code.replaceAll("-", ""), ip);
    expect(reused.statusCode).toBe(401);
    const other = await secondStep(challengeOf(await login("fay", fay.password, ip)), recoveryCodes[4]!, ip);
    expect(other.statusCode).toBe(200);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.actorId, fay.id));
    expect(audit.filter((r) => r.action === "auth.login").map((r) => r.details)).toContainEqual({
      secondFactor: "recovery",
    });
  });

  it("keeps an admin without a second factor to the enrolment routes until enrolled", async () => {
    const gil = await createStaffUser(database.db, "gil", "admin");
    const signedIn = await login("gil", gil.password, freshIp());
    expect(signedIn.json()).toMatchObject({ twoFactor: { enabled: false, enrolmentRequired: true } });
    const cookie = sessionCookieOf(signedIn)!;
    const users = await app.inject({ url: "/api/admin/users", headers: asStaff(cookie) });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ error: "second_factor_enrolment_required" });
    const verify = await app.inject({ url: "/api/admin/verify", headers: asStaff(cookie) });
    expect(verify.json()).toMatchObject({ twoFactor: { enrolmentRequired: true } });
    const { secret } = (await post("/api/admin/me/two-factor/setup", {}, cookie)).json<{ secret: string }>();
    expect((await post("/api/admin/me/two-factor/confirm", { code: codeAt(secret) }, cookie)).statusCode).toBe(200);
    // The same session now reaches everything an admin may.
    expect((await app.inject({ url: "/api/admin/users", headers: asStaff(cookie) })).statusCode).toBe(200);
    // An agent without a second factor is not held back.
    const hana = await createStaffUser(database.db, "hana", "agent");
    const agent = sessionCookieOf(await login("hana", hana.password, freshIp()))!;
    expect((await app.inject({ url: "/api/admin/assignees", headers: asStaff(agent) })).statusCode).toBe(200);
  });

  it("lets another admin reset a staff member's second factor, audited, ending their sessions", async () => {
    const ida = await createStaffUser(database.db, "ida", "admin");
    const { cookie: idaSession } = await enrol("ida", ida.password);
    const jo = await createStaffUser(database.db, "jo", "agent");
    const { cookie: joSession } = await enrol("jo", jo.password);
    // An admin cannot remove their own second factor.
    const own = await post(`/api/admin/users/${ida.id}/reset-two-factor`, {}, idaSession);
    expect(own.statusCode).toBe(400);
    // An agent cannot reset anyone's.
    expect((await post(`/api/admin/users/${ida.id}/reset-two-factor`, {}, joSession)).statusCode).toBe(403);
    const listed = await app.inject({ url: "/api/admin/users", headers: asStaff(idaSession) });
    expect(listed.json().items.find((u: { id: string }) => u.id === jo.id)).toMatchObject({ twoFactorEnabled: true });
    const reset = await post(`/api/admin/users/${jo.id}/reset-two-factor`, {}, idaSession);
    expect(reset.statusCode).toBe(204);
    expect((await app.inject({ url: "/api/admin/verify", headers: asStaff(joSession) })).statusCode).toBe(401);
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, jo.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, jo.id))).toEqual([]);
    // Jo signs in with the password alone again, and may enrol anew.
    const again = await login("jo", jo.password, freshIp());
    expect(sessionCookieOf(again)).toBeDefined();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "staff.two_factor_reset"));
    expect(audit).toEqual([expect.objectContaining({ actorId: ida.id, targetId: jo.id })]);
    expect(
      (await post(`/api/admin/users/00000000-0000-4000-8000-000000000000/reset-two-factor`, {}, idaSession)).statusCode,
    ).toBe(404);
  });
});
