import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#contracts/contact.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { contactEnquiries } from "./contact-schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { CONTACT_ADDRESS_LIMIT, CONTACT_SENDER_LIMIT } from "./contact-routes.ts";

const valid = {
  firstName: "Aline",
  lastName: "Uwase",
  email: "aline@example.rw",
  service: "cloud-infrastructure",
  message: "We need a managed VPS for our booking system.",
};

describe.each(databaseBackends())("POST /api/contact on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let ipCounter = 0;
  // Each test gets its own client address so the per-IP limit only bites where it is tested.
  const post = (payload: unknown, ip = `203.0.113.${++ipCounter}`) =>
    app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress: ip });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("stores the enquiry and queues the notification before answering 201 with its id", async () => {
    const response = await post({ ...valid, firstName: "  Aline " });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await database.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
    expect(row).toMatchObject({ ...valid, firstName: "Aline", status: "new" });
    const emails = await database.db.select().from(outboxEmails);
    const email = emails.find((e) => e.textBody.includes(id));
    expect(email).toMatchObject({
      kind: "contact_enquiry",
      toAddress: "sales@example.test",
      replyTo: valid.email,
      status: "pending",
    });
    expect(email?.subject).toBe("New enquiry from Aline Uwase: Cloud & Infrastructure");
    expect(email?.textBody).toContain(valid.message);
    expect(email?.textBody).not.toContain("analysis report");
  });

  it("links the website analysis report in the email when the enquiry carries one", async () => {
    const response = await post({ ...valid, reportId: "Ab3_dEf-GhIjKlMnOpQrSt" });
    const { id } = response.json<{ id: string }>();
    const email = (await database.db.select().from(outboxEmails)).find((e) => e.textBody.includes(id));
    expect(email?.textBody).toContain(
      `Reference: ${id}\nWebsite analysis report: https://www.example.test/speed-analysis?report=Ab3_dEf-GhIjKlMnOpQrSt\n`,
    );
  });

  it.each([
    ["firstName", { firstName: "A" }, contactMessages.firstNameMin],
    ["firstName", { firstName: "   " }, contactMessages.firstNameMin],
    ["lastName", { lastName: "U" }, contactMessages.lastNameMin],
    ["email", { email: "aline@" }, contactMessages.emailInvalid],
    ["service", { service: "" }, contactMessages.serviceRequired],
    ["message", { message: "Too short" }, contactMessages.messageMin],
    ["message", { message: "x".repeat(1001) }, contactMessages.messageMax],
    ["website", { website: "http://spam.example" }, contactMessages.honeypotFilled],
  ])("answers 400 naming %s for %j", async (field, change, message) => {
    const response = await post({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "validation_failed", message, fields: { [field]: message } });
  });

  it("answers in the page's language: a French request gets the French message for the field", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "accept-language": "fr" },
      payload: { ...valid, firstName: "A", email: "aline@" },
      remoteAddress: "203.0.113.250",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "validation_failed",
      message: "Le prénom doit comporter au moins 2 caractères",
      fields: {
        firstName: "Le prénom doit comporter au moins 2 caractères",
        email: "Veuillez saisir une adresse e-mail valide",
      },
    });
    const swahili = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "accept-language": "sw" },
      payload: { ...valid, message: "Too short" },
      remoteAddress: "203.0.113.251",
    });
    expect(swahili.json()).toMatchObject({ fields: { message: "Ujumbe uwe na angalau herufi 10" } });
  });

  it("names every missing field at once", async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual(
      ["email", "firstName", "lastName", "message", "service"].sort(),
    );
  });

  it("stores nothing for a rejected enquiry", async () => {
    const before = await database.db.select().from(contactEnquiries);
    await post({ ...valid, website: "bot-filled" });
    await post({ ...valid, email: "nope" });
    expect(await database.db.select().from(contactEnquiries)).toHaveLength(before.length);
  });

  it("answers 400 for malformed JSON and 413 for an oversized body", async () => {
    const malformed = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: '{"firstName":',
      remoteAddress: "198.51.100.1",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: "invalid_json" });
    const huge = await post({ ...valid, message: "x".repeat(20_000) }, "198.51.100.2");
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: "payload_too_large" });
  });

  it(`limits one sender to ${CONTACT_SENDER_LIMIT.max} enquiries per window with 429 and Retry-After, from any address`, async () => {
    const sender = { ...valid, email: "Burst@Example.rw" };
    for (let i = 0; i < CONTACT_SENDER_LIMIT.max; i++) {
      expect((await post(sender, `192.0.2.${10 + i}`)).statusCode).toBe(201);
    }
    // The same address however it is written, from yet another network.
    const limited = await post({ ...sender, email: " burst@example.RW " }, "192.0.2.40");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: "rate_limited" });
    expect((await post({ ...valid, email: "someone.else@example.rw" }, "192.0.2.40")).statusCode).toBe(201);
  });

  it(`lets ${CONTACT_ADDRESS_LIMIT.max} people behind one address write, then answers 429`, async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < CONTACT_ADDRESS_LIMIT.max; i++) {
      expect((await post({ ...valid, email: `visitor${i}@example.rw` }, ip)).statusCode).toBe(201);
    }
    const limited = await post({ ...valid, email: "one.more@example.rw" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited" });
    expect((await post({ ...valid, email: "one.more@example.rw" }, "192.0.2.78")).statusCode).toBe(201);
  });

  it("does not count a refused enquiry against its sender", async () => {
    const sender = { ...valid, email: "careless@example.rw" };
    for (let i = 0; i < CONTACT_SENDER_LIMIT.max + 2; i++) {
      expect((await post({ ...sender, message: "Too short" })).statusCode).toBe(400);
    }
    expect((await post(sender)).statusCode).toBe(201);
  });

  it("shares the limit between two app instances on one database", async () => {
    const second = await testApp(database);
    try {
      const sender = { ...valid, email: "shared@example.rw" };
      for (let i = 0; i < CONTACT_SENDER_LIMIT.max; i++) {
        const target = i % 2 === 0 ? app : second;
        const response = await target.inject({
          method: "POST",
          url: "/api/contact",
          payload: sender,
          remoteAddress: `192.0.2.${100 + i}`,
        });
        expect(response.statusCode).toBe(201);
      }
      const limited = await second.inject({
        method: "POST",
        url: "/api/contact",
        payload: sender,
        remoteAddress: "192.0.2.120",
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
