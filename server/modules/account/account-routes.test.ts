import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages, type AccountOverview } from "#contracts/account.ts";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { databaseRateLimiter } from "../../lib/rate-limiter.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testConfig } from "../../../tests/support/test-app.ts";
import {
  seedDomainOrder,
  seedEnquiry,
  seedPayment,
  seedPlan,
  seedVpsOrder,
} from "../../../tests/support/account-fixtures.ts";
import { CUSTOMER_COOKIE, SIGN_IN_LIMITS } from "./account-routes.ts";

interface Email {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
}

describe.each(databaseBackends())("customer account sign-in and overview on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let now = new Date("2026-11-24T10:00:00Z");
  const logLines: string[] = [];
  let ipCounter = 0;
  let ip = "";

  const signIn = (email: string, language = "en") =>
    app.inject({
      method: "POST",
      url: "/api/account/sign-in",
      payload: { email },
      headers: { "accept-language": language },
      remoteAddress: ip,
    });
  const openSession = (token: string) =>
    app.inject({ method: "POST", url: "/api/account/session", payload: { token }, remoteAddress: ip });
  const emailsTo = (address: string) =>
    queryRows<Email>(
      database.db,
      sql`select kind, to_address, subject, text_body from outbox_emails where to_address = ${address} order by created_at`,
    );
  const tokenIn = (email: Email) => /#token=([A-Za-z0-9_-]{43})/.exec(email.text_body)?.[1] ?? "";
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === CUSTOMER_COOKIE)?.value ?? "";

  async function signedInAs(email: string): Promise<string> {
    await signIn(email);
    const token = tokenIn((await emailsTo(email.toLowerCase())).at(-1)!);
    return cookieOf(await openSession(token));
  }

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(testConfig(), {
      database,
      rateLimiter: databaseRateLimiter(database.db),
      mailer: null,
      logger: { level: "trace", stream },
      clock: () => now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });
  beforeEach(() => {
    now = new Date("2026-11-24T10:00:00Z");
    ip = `198.51.100.${++ipCounter}`;
  });

  it("gives the same answer for a known and an unknown address, and emails a link only to the known one", async () => {
    await seedEnquiry(database.db, { email: "known@example.rw" });
    const known = await signIn("Known@Example.rw");
    const unknown = await signIn("nobody@example.rw");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/sign-in link is on its way/);

    const [link] = await emailsTo("known@example.rw");
    expect(link).toMatchObject({ kind: "account_sign_in", subject: "Your sign-in link for Kigali Tech Solutions" });
    expect(link!.text_body).toMatch(/https:\/\/www\.example\.test\/account#token=[A-Za-z0-9_-]{43}\n/);
    expect(link!.text_body).toContain("works once, for 15 minutes");
    const [note] = await emailsTo("nobody@example.rw");
    expect(note).toMatchObject({ kind: "account_unknown" });
    expect(note!.text_body).not.toContain("#token=");
  });

  it("writes the email in the visitor's language, with the link to that language's account page", async () => {
    await seedPayment(database.db, { email: "client@example.fr" });
    const response = await signIn("client@example.fr", "fr");
    expect(response.json().message).toMatch(/lien de connexion est en route/);
    const [email] = await emailsTo("client@example.fr");
    expect(email!.subject).toBe("Votre lien de connexion à Kigali Tech Solutions");
    expect(email!.text_body).toMatch(/https:\/\/www\.example\.test\/fr\/account#token=/);
  });

  it("stores only a hash of the token, and a link opens one session only once", async () => {
    await seedEnquiry(database.db, { email: "once@example.rw" });
    await signIn("once@example.rw");
    const token = tokenIn((await emailsTo("once@example.rw"))[0]!);
    const stored = await queryRows<{ token_hash: string }>(
      database.db,
      sql`select token_hash from customer_sign_in_tokens where email = 'once@example.rw'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const first = await openSession(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: "once@example.rw" });
    const cookie = first.cookies.find((c) => c.name === CUSTOMER_COOKIE);
    expect(cookie).toMatchObject({ path: "/api/account", httpOnly: true, sameSite: "Lax" });

    const again = await openSession(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: "validation_failed",
      message: accountMessages.tokenInvalid,
      fields: { token: accountMessages.tokenInvalid },
    });
  });

  it("refuses a link after its 15 minutes", async () => {
    await seedEnquiry(database.db, { email: "late@example.rw" });
    await signIn("late@example.rw");
    const token = tokenIn((await emailsTo("late@example.rw"))[0]!);
    now = new Date(now.getTime() + 15 * 60 * 1000 + 1000);
    expect((await openSession(token)).statusCode).toBe(400);
  });

  it.each([
    ["an address without @", { email: "aline@" }, "email"],
    ["no address", {}, "email"],
    ["a malformed token", { token: "short" }, "token"],
  ])("answers 400 naming the field for %s", async (_case, payload, field) => {
    const url = field === "token" ? "/api/account/session" : "/api/account/sign-in";
    const response = await app.inject({ method: "POST", url, payload, remoteAddress: ip });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
  });

  it("limits sign-in emails per address and per client", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.max; i++)
      expect((await signIn("busy@example.rw")).statusCode).toBe(202);
    const limited = await signIn("busy@example.rw");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await emailsTo("busy@example.rw")).toHaveLength(SIGN_IN_LIMITS.perEmail.max);

    ip = "198.51.100.250";
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i++)
      expect((await signIn(`many${i}@example.rw`)).statusCode).toBe(202);
    expect((await signIn("one-more@example.rw")).statusCode).toBe(429);
  });

  it("lists everything under the address, in any case, and nothing under another", async () => {
    const email = "owner@example.rw";
    const server = await seedVpsOrder(database.db, {
      email: "Owner@Example.rw",
      expiresAt: new Date("2026-12-24T00:00:00Z"),
    });
    const domain = await seedDomainOrder(database.db, { email, expiresAt: new Date("2027-11-24T00:00:00Z") });
    const payment = await seedPayment(database.db, { email });
    const plan = await seedPlan(database.db, { email });
    const enquiry = await seedEnquiry(database.db, { email });
    await seedEnquiry(database.db, { email: "someone-else@example.rw" });

    const cookie = await signedInAs(email);
    const response = await app.inject({ method: "GET", url: "/api/account", cookies: { [CUSTOMER_COOKIE]: cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const overview = response.json<{ account: AccountOverview }>().account;
    expect(overview.email).toBe(email);
    expect(overview.servers).toEqual([
      expect.objectContaining({
        id: server.id,
        planName: "Starter",
        status: "active",
        expiresAt: "2026-12-24T00:00:00.000Z",
        orderToken: server.accessToken,
      }),
    ]);
    expect(overview.domains).toEqual([
      expect.objectContaining({ id: domain.id, domain: "aline-shop.rw", expiresAt: "2027-11-24T00:00:00.000Z" }),
    ]);
    expect(overview.payments).toEqual([
      expect.objectContaining({ transactionId: payment, status: "COMPLETED", providerName: "MTN MoMo" }),
    ]);
    expect(overview.plans).toEqual([expect.objectContaining({ id: plan, projectType: "online-shop", status: "new" })]);
    expect(overview.enquiries).toEqual([expect.objectContaining({ id: enquiry, status: "new" })]);
  });

  it("keeps customer and staff sessions apart, and signs out", async () => {
    await seedEnquiry(database.db, { email: "apart@example.rw" });
    const cookie = await signedInAs("apart@example.rw");
    expect((await app.inject({ method: "GET", url: "/api/account" })).json()).toEqual({ account: null });
    // The customer's token is no staff session, under either cookie name.
    const staff = await app.inject({ method: "GET", url: "/api/admin/verify", cookies: { [CUSTOMER_COOKIE]: cookie } });
    expect(staff.statusCode).toBe(401);

    const out = await app.inject({
      method: "POST",
      url: "/api/account/sign-out",
      cookies: { [CUSTOMER_COOKIE]: cookie },
    });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: "GET", url: "/api/account", cookies: { [CUSTOMER_COOKIE]: cookie } });
    expect(after.json()).toEqual({ account: null });
  });

  it("never writes a token or an email address to the log", async () => {
    await seedEnquiry(database.db, { email: "private@example.rw" });
    logLines.length = 0;
    const cookie = await signedInAs("private@example.rw");
    await app.inject({ method: "GET", url: "/api/account", cookies: { [CUSTOMER_COOKIE]: cookie } });
    const token = tokenIn((await emailsTo("private@example.rw"))[0]!);
    const log = logLines.join("");
    expect(log).toContain("/api/account/session");
    expect(log).not.toContain("private@example.rw");
    expect(log).not.toContain(token);
    expect(log).not.toContain(cookie);
  });
});
