import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../adapters/mail/mailer.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { outboxEmails } from "./notifications-schema.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { startSmtpDouble } from "../../../tests/doubles/smtp-server.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { MAX_EMAIL_ATTEMPTS, retryDelayMs } from "./outbox-dispatcher.ts";

const enquiry = {
  firstName: "Brian",
  lastName: "Okello",
  email: "brian@example.ug",
  service: "web-development",
  message: "Please quote for a bilingual company website.",
};

/** Quoted-printable soft line breaks removed, so assertions read the text as written. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, "");

describe("retryDelayMs", () => {
  it("backs off from 30 s, doubling, and gives up after the last attempt", () => {
    expect([0, 1, 2, 3, 6].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000]);
    expect(retryDelayMs(MAX_EMAIL_ATTEMPTS - 1)).toBe(null);
  });
});

describe.each(databaseBackends())("enquiry notification email on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    smtp = await startSmtpDouble();
    app = await testApp(database, { mailer: smtpMailer(smtp.url) });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await cleanup();
  });

  it("is delivered over SMTP to the company address with the visitor as reply-to", async () => {
    const response = await app.inject({ method: "POST", url: "/api/contact", payload: enquiry });
    const { id } = response.json<{ id: string }>();
    await app.outbox.drain();
    const mail = smtp.messages.find((m) => unfold(m.raw).includes(id));
    expect(mail?.to).toEqual(["sales@example.test"]);
    expect(mail?.from).toBe("web@example.test");
    const raw = unfold(mail?.raw ?? "");
    expect(raw).toMatch(/^Reply-To: brian@example\.ug/m);
    expect(raw).toMatch(/^Subject: New enquiry from Brian Okello: Web Development & Design/m);
    expect(raw).toContain(enquiry.message);
    const [row] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.textBody} like ${`%${id}%`}`);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a failed delivery pending with a backoff, then sends it when due", async () => {
    smtp.failNext(1);
    const response = await app.inject({ method: "POST", url: "/api/contact", payload: enquiry });
    const { id } = response.json<{ id: string }>();
    await app.outbox.drain();
    const [failed] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.textBody} like ${`%${id}%`}`);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toMatch(/451/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is sent.
    await app.outbox.drain();
    expect(smtp.messages.some((m) => unfold(m.raw).includes(id))).toBe(false);

    await database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxEmails.id, failed!.id));
    await app.outbox.drain();
    expect(smtp.messages.some((m) => unfold(m.raw).includes(id))).toBe(true);
    const [sent] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, failed!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks an email failed once every attempt is used", async () => {
    smtp.failNext(1);
    const response = await app.inject({ method: "POST", url: "/api/contact", payload: enquiry });
    const { id } = response.json<{ id: string }>();
    const [queued] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.textBody} like ${`%${id}%`}`);
    await database.db
      .update(outboxEmails)
      .set({ attempts: MAX_EMAIL_ATTEMPTS - 1 })
      .where(eq(outboxEmails.id, queued!.id));
    await app.outbox.drain();
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_EMAIL_ATTEMPTS });
  });

  it("keeps email in the outbox when no SMTP server is configured", async () => {
    const offline = await testApp(database, { mailer: null });
    try {
      const response = await offline.inject({ method: "POST", url: "/api/contact", payload: enquiry });
      const { id } = response.json<{ id: string }>();
      expect(await offline.outbox.drain()).toBe(0);
      const [row] = await database.db
        .select()
        .from(outboxEmails)
        .where(sql`${outboxEmails.textBody} like ${`%${id}%`}`);
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await offline.close();
    }
  });
});
