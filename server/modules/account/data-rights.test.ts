import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErasureResult, PersonData } from "#contracts/data-rights.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../../tests/support/admin.ts";
import {
  seedDomainOrder,
  seedEnquiry,
  seedPayment,
  seedPlan,
  seedVpsOrder,
} from "../../../tests/support/account-fixtures.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { CUSTOMER_COOKIE } from "./account-routes.ts";

// Two customers with something in every capability: Aline (whose rights are exercised) and Bruno
// (who must come out of every export and erasure untouched).
const ALINE = { email: "aline@example.rw", phone: "250788111111", words: "Aline needs a booking system" };
const BRUNO = { email: "bruno@example.ke", phone: "254711222333", words: "Bruno wants a shop" };

async function seedPerson(db: DatabaseHandle["db"], who: typeof ALINE, chatId: string) {
  const enquiryId = await seedEnquiry(db, { email: who.email, message: who.words });
  await db.execute(sql`insert into chat_sessions (id, browser_hash, client_name, enquiry_id, summary, ip_address)
    values (${chatId}, 'hash', ${who.words.split(" ")[0]}, ${enquiryId}, ${who.words}, '203.0.113.9')`);
  await db.execute(sql`insert into chat_messages (id, session_id, role, content)
    values (gen_random_uuid(), ${chatId}, 'user', ${`${who.words}, call me on ${who.phone}`})`);
  await db.execute(sql`insert into chat_handovers (id, session_id, outcome, requested_at)
    values (gen_random_uuid(), ${chatId}, 'accepted', now())`);
  await seedPlan(db, { email: who.email });
  await seedPayment(db, { email: who.email, phone: who.phone });
  const server = await seedVpsOrder(db, { email: who.email, phone: who.phone });
  await db.execute(sql`insert into renewal_orders (id, reference, target_kind, target_id, target_label, period, email,
      phone_number, currency, amount, status)
    values (gen_random_uuid(), ${`REN-${chatId}`}, 'vps', ${server.id}, 'app-server', 1, ${who.email}, ${who.phone},
      'RWF', '15000', 'completed')`);
  const domain = await seedDomainOrder(db, {
    email: who.email,
    phone: who.phone,
    name: `${who.email.split("@")[0]}-shop.rw`,
  });
  // Each order's history: a status change, and a staff note that quotes the customer.
  for (const [table, orderId] of [
    ["vps_order_events", server.id],
    ["domain_order_events", domain.id],
  ] as const) {
    await db.execute(sql`insert into ${sql.identifier(table)} (order_id, kind, from_status, to_status)
      values (${orderId}, 'status', 'pending_payment', 'paid')`);
    await db.execute(sql`insert into ${sql.identifier(table)} (order_id, kind, body)
      values (${orderId}, 'note', ${`Called ${who.phone}: ${who.words}`})`);
  }
  await db.execute(sql`insert into outbox_emails (id, kind, to_address, subject, text_body)
    values (gen_random_uuid(), 'receipt', ${who.email}, 'Receipt', 'Thank you')`);
}

describe.each(databaseBackends())("data-protection rights on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let admin: string;
  let agent: string;
  let alineCookie: string;
  let ipCounter = 0;

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const people = (query: string, cookie = agent) =>
    app.inject({ url: `/api/admin/people?${query}`, headers: asStaff(cookie) });
  const erase = (payload: object, headers: Record<string, string>) =>
    app.inject({ method: "POST", url: "/api/admin/people/erase", payload, headers });

  async function customerSession(email: string): Promise<string> {
    const ip = `198.51.100.${++ipCounter}`;
    await app.inject({ method: "POST", url: "/api/account/sign-in", payload: { email }, remoteAddress: ip });
    const [mail] = await rows<{ text_body: string }>(
      sql`select text_body from outbox_emails where kind = 'account_sign_in' and to_address = ${email}
        order by created_at desc limit 1`,
    );
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    const opened = await app.inject({
      method: "POST",
      url: "/api/account/session",
      payload: { token },
      remoteAddress: ip,
    });
    return opened.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value;
  }
  const asCustomer = (cookie: string) => ({ cookie: `${CUSTOMER_COOKIE}=${cookie}` });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const boss = await createStaffUser(database.db, "boss", "admin");
    const helper = await createStaffUser(database.db, "helper", "agent");
    admin = await signIn(app, boss.username, boss.password, "10.9.0.1");
    agent = await signIn(app, helper.username, helper.password, "10.9.0.2");
    await seedPerson(database.db, ALINE, "chat-aline");
    await seedPerson(database.db, BRUNO, "chat-bruno");
    // A payment made from Aline's phone with no email: found by the phone alone.
    await seedPayment(database.db, { email: "", phone: `+${ALINE.phone}` });
    alineCookie = await customerSession(ALINE.email);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("finds everything about a person by email or phone, and nothing of anyone else", async () => {
    const response = await people(
      `email=${encodeURIComponent("Aline@Example.rw")}&phone=${encodeURIComponent("+250 788 111 111")}`,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json<PersonData>();
    expect(data.subject).toEqual({ email: ALINE.email, phone: ALINE.phone });
    expect(data.enquiries).toHaveLength(1);
    expect(data.enquiries[0]).toMatchObject({ email: ALINE.email, message: ALINE.words });
    expect(data.chats).toHaveLength(1);
    expect((data.chats[0]!.messages as { content: string }[])[0]!.content).toContain(ALINE.words);
    expect(data.plans).toHaveLength(1);
    expect(data.payments).toHaveLength(2);
    expect(data.vpsOrders).toHaveLength(1);
    expect(data.domainOrders).toHaveLength(1);
    for (const order of [data.vpsOrders[0]!, data.domainOrders[0]!])
      expect(order.history).toMatchObject([
        { kind: "status", fromStatus: "pending_payment", toStatus: "paid", body: null },
        { kind: "note", body: `Called ${ALINE.phone}: ${ALINE.words}` },
      ]);
    expect(data.renewals).toHaveLength(1);
    expect(data.emails.map((e) => e.kind)).toContain("receipt");
    const text = JSON.stringify(data);
    for (const trace of [BRUNO.email, BRUNO.phone, BRUNO.words]) expect(text).not.toContain(trace);
    // Secrets stay out of an export: the sign-in email's body (a live link) and order links.
    expect(text).not.toContain("#token=");
    expect(text).not.toContain("accessToken");

    const byPhoneOnly = (await people(`phone=${ALINE.phone}`)).json<PersonData>();
    expect(byPhoneOnly.payments).toHaveLength(2);
    expect(byPhoneOnly.chats).toHaveLength(1);
    expect(byPhoneOnly.enquiries).toHaveLength(0);
  });

  it("names the field when the search is empty or the phone is not a number", async () => {
    const empty = await people("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty("email", "Enter an email address or a phone number");
    const badPhone = await people("phone=call-me");
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json().fields)).toContain("phone");
  });

  it("exports as a file staff can hand over, and logs the export without the address", async () => {
    const response = await app.inject({
      url: `/api/admin/people/export?email=${ALINE.email}`,
      headers: asStaff(agent),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(response.body).enquiries).toHaveLength(1);
    const [entry] = await rows<{ action: string; target_id: string; details: unknown }>(
      sql`select action, target_id, details from audit_log where action = 'person.exported'`,
    );
    expect(entry!.target_id).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(entry)).not.toContain(ALINE.email);
  });

  it("lets only signed-in staff find and export, and only admins erase", async () => {
    expect((await app.inject({ url: `/api/admin/people?email=${ALINE.email}` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/admin/people/export?email=${ALINE.email}` })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/admin/deletion-requests" })).statusCode).toBe(401);
    const body = { email: ALINE.email, confirm: "ERASE" };
    expect((await erase(body, { origin: SITE_ORIGIN })).statusCode).toBe(401);
    expect((await erase(body, asStaff(agent))).statusCode).toBe(403);
    // A customer's session is no staff session.
    expect((await erase(body, { ...asCustomer(alineCookie), origin: SITE_ORIGIN })).statusCode).toBe(401);
    const unconfirmed = await erase({ email: ALINE.email }, asStaff(admin));
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields).toHaveProperty("confirm", "Type ERASE to confirm");
    // Nothing was erased by the refused calls.
    expect((await people(`email=${ALINE.email}`)).json<PersonData>().enquiries).toHaveLength(1);
  });

  it("gives a signed-in customer their own data as a file, and nothing without a session", async () => {
    expect((await app.inject({ url: "/api/account/data" })).statusCode).toBe(401);
    const response = await app.inject({ url: "/api/account/data", headers: asCustomer(alineCookie) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="personal-data-/);
    const data = JSON.parse(response.body) as PersonData;
    expect(data.subject.email).toBe(ALINE.email);
    expect(data.enquiries[0]).toMatchObject({ message: ALINE.words });
    expect(data.vpsOrders).toHaveLength(1);
    expect(response.body).not.toContain(BRUNO.email);
  });

  it("records a customer's deletion request once, tells staff, and acknowledges it", async () => {
    expect((await app.inject({ method: "POST", url: "/api/account/deletion-request" })).statusCode).toBe(401);
    const first = await app.inject({
      method: "POST",
      url: "/api/account/deletion-request",
      headers: { ...asCustomer(alineCookie), "accept-language": "fr" },
    });
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toMatch(/Votre demande est enregistrée/);
    const again = await app.inject({
      method: "POST",
      url: "/api/account/deletion-request",
      headers: asCustomer(alineCookie),
    });
    expect(again.json().requestedAt).toBe(first.json().requestedAt);

    const staffMail = await rows<{ to_address: string; text_body: string }>(
      sql`select to_address, text_body from outbox_emails where kind = 'data_deletion_request'`,
    );
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]!.to_address).toBe("sales@example.test");
    expect(staffMail[0]!.text_body).toContain(ALINE.email);
    expect(staffMail[0]!.text_body).toContain("https://www.example.test/admin/people");
    const [ack] = await rows<{ to_address: string; subject: string }>(
      sql`select to_address, subject from outbox_emails where kind = 'data_deletion_received'`,
    );
    expect(ack).toEqual({
      to_address: ALINE.email,
      subject: "Nous avons reçu votre demande de suppression de vos données",
    });

    const open = await app.inject({ url: "/api/admin/deletion-requests", headers: asStaff(agent) });
    expect(open.json().items).toEqual([expect.objectContaining({ email: ALINE.email })]);
  });

  it("erases a person in every capability, keeps their payments anonymised, and leaves others alone", async () => {
    const response = await erase({ email: ALINE.email, phone: `+${ALINE.phone}`, confirm: "ERASE" }, asStaff(admin));
    expect(response.statusCode).toBe(200);
    expect(response.json<ErasureResult>().counts).toMatchObject({
      enquiries: 1,
      chats: 1,
      plans: 1,
      payments: 2,
      vpsOrders: 1,
      domainOrders: 1,
      renewals: 1,
      deletionRequests: 1,
      sessions: 1,
    });

    // No table holds Aline's address, number or words any more (the fixtures give everyone the same name).
    const traces = [ALINE.email, ALINE.phone, ALINE.words];
    const tables = [
      "contact_enquiries",
      "chat_sessions",
      "chat_messages",
      "advisor_projects",
      "payment_transactions",
      "payment_events",
      "vps_orders",
      "domain_orders",
      "vps_order_events",
      "domain_order_events",
      "renewal_orders",
      "outbox_emails",
      "customer_sessions",
      "customer_sign_in_tokens",
      "customer_deletion_requests",
      "audit_log",
    ];
    for (const table of tables) {
      // The one email kept under her address: telling her, as she asked, that it is done.
      const all = await rows<Record<string, unknown>>(
        table === "outbox_emails"
          ? sql`select * from outbox_emails where kind <> 'data_erased'`
          : sql`select * from ${sql.identifier(table)}`,
      );
      const text = JSON.stringify(all);
      for (const trace of traces) expect(text, `${table} still holds ${trace}`).not.toContain(trace);
    }

    // The orders' status changes stay; only the notes went, and Bruno's notes are still there.
    const events = await rows<{ kind: string; body: string | null }>(
      sql`select kind, body from vps_order_events union all select kind, body from domain_order_events`,
    );
    expect(events.filter((e) => e.kind === "status")).toHaveLength(4);
    expect(events.filter((e) => e.kind === "note" && e.body?.includes(BRUNO.words))).toHaveLength(2);

    // Payments are kept, anonymised: amount, currency, provider and status stand for the accounts.
    const payments = await rows<{ amount: string; status: string; phone_number: string; email: string | null }>(
      sql`select amount, status, phone_number, email from payment_transactions where phone_number = '[erased]'`,
    );
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({ amount: "15000", status: "COMPLETED", email: null });
    // The reports still count the enquiry and the chat.
    const [counts] = await rows<{ enquiries: number; handovers: number }>(sql`select
      (select count(*)::int from contact_enquiries) as enquiries, (select count(*)::int from chat_handovers) as handovers`);
    expect(counts).toEqual({ enquiries: 2, handovers: 2 });

    // Bruno is untouched.
    const bruno = (await people(`email=${BRUNO.email}&phone=${BRUNO.phone}`)).json<PersonData>();
    expect(bruno.enquiries[0]).toMatchObject({ message: BRUNO.words });
    expect(
      [bruno.chats, bruno.plans, bruno.payments, bruno.vpsOrders, bruno.domainOrders, bruno.renewals].map(
        (s) => s.length,
      ),
    ).toEqual([1, 1, 1, 1, 1, 1]);

    const [done] = await rows<{ to_address: string; subject: string }>(
      sql`select to_address, subject from outbox_emails where kind = 'data_erased'`,
    );
    expect(done).toEqual({ to_address: ALINE.email, subject: "Vos données ont été supprimées" });

    // Aline's session ended, her request is closed, and the erasure is in the audit log.
    expect((await app.inject({ url: "/api/account/data", headers: asCustomer(alineCookie) })).statusCode).toBe(401);
    const open = await app.inject({ url: "/api/admin/deletion-requests", headers: asStaff(agent) });
    expect(open.json().items).toEqual([]);
    const [entry] = await rows<{ actor_username: string; target_type: string; details: Record<string, number> }>(
      sql`select actor_username, target_type, details from audit_log where action = 'person.erased'`,
    );
    expect(entry).toMatchObject({ actor_username: "boss", target_type: "person", details: { payments: 2 } });
    const after = (await people(`email=${ALINE.email}&phone=${ALINE.phone}`)).json<PersonData>();
    expect(after.enquiries.length + after.chats.length + after.payments.length + after.vpsOrders.length).toBe(0);
  });
});
