import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatReport, EnquiryReport, OrderReport, PaymentReport } from "#contracts/reports.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { addDecimals } from "./report-service.ts";
import { share } from "./report-csv.ts";

const RANGE = "from=2026-01-01&to=2026-03-31";

describe.each(databaseBackends())("the admin reports on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let admin: string;
  let agent: string;
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  const get = <T>(url: string, cookie = admin) =>
    app.inject({ url, headers: asStaff(cookie) }).then((r) => r.json<T>());

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const boss = await createStaffUser(database.db, "boss", "admin");
    const helper = await createStaffUser(database.db, "helper", "agent");
    admin = await signIn(app, boss.username, boss.password, "10.9.0.1");
    agent = await signIn(app, helper.username, helper.password, "10.9.0.2");

    const enquiry = (service: string, source: string, status: string, at: string) => sql`
      insert into contact_enquiries (id, first_name, last_name, email, service, message, status, source, created_at)
      values (gen_random_uuid(), 'A', 'B', 'a@example.rw', ${service}, 'A report test enquiry.', ${status}, ${source}, ${at}::timestamptz)`;
    for (const statement of [
      enquiry("web-development", "form", "won", "2026-01-05T10:00:00Z"),
      enquiry("web-development", "chat", "lost", "2026-01-20T10:00:00Z"),
      enquiry("cloud-hosting", "advisor", "won", "2026-03-31T23:30:00Z"),
      enquiry("cloud-hosting", "form", "new", "2026-04-01T00:00:00Z"), // the day after the range
      enquiry("other", "analysis", "new", "2025-12-31T23:59:00Z"), // the day before
    ])
      await run(statement);

    const session = (id: string, at: string) => sql`
      insert into chat_sessions (id, browser_hash, created_at) values (${id}, 'hash', ${at}::timestamptz)`;
    const message = (id: string, role: string, at: string) => sql`
      insert into chat_messages (id, session_id, role, content, created_at)
      values (gen_random_uuid(), ${id}, ${role}, 'hello', ${at}::timestamptz)`;
    const handover = (id: string, outcome: string, at: string, answeredAfter: number | null) => sql`
      insert into chat_handovers (id, session_id, outcome, requested_at, first_response_at)
      values (gen_random_uuid(), ${id}, ${outcome}, ${at}::timestamptz,
        ${answeredAfter === null ? null : sql`${at}::timestamptz + make_interval(secs => ${answeredAfter})`})`;
    for (const statement of [
      session("s1", "2026-01-10T09:00:00Z"),
      message("s1", "user", "2026-01-10T09:00:00Z"),
      message("s1", "assistant", "2026-01-10T09:00:01Z"),
      handover("s1", "accepted", "2026-01-10T09:01:00Z", 30),
      session("s2", "2026-02-10T09:00:00Z"),
      message("s2", "user", "2026-02-10T09:00:00Z"),
      handover("s2", "accepted", "2026-02-10T09:01:00Z", 90),
      handover("s2", "timed_out", "2026-02-10T10:01:00Z", null),
      session("s3", "2026-02-11T09:00:00Z"), // opened, never written in: not a chat
      handover("s3", "unavailable", "2026-02-11T09:00:00Z", null),
    ])
      await run(statement);

    const payment = (
      status: string,
      amount: string,
      currency: string,
      country: string,
      provider: string,
      at: string,
    ) => sql`
      insert into payment_transactions (id, kind, flow, status, amount, currency, country, phone_number, provider, mode, created_at)
      values (gen_random_uuid(), 'deposit', 'payment_page', ${status}, ${amount}, ${currency}, ${country}, '250783456789',
        ${provider}, 'test', ${at}::timestamptz)`;
    for (const statement of [
      payment("COMPLETED", "1500", "RWF", "RWA", "MTN_MOMO_RWA", "2026-01-02T08:00:00Z"),
      payment("COMPLETED", "2500.50", "RWF", "RWA", "MTN_MOMO_RWA", "2026-02-02T08:00:00Z"),
      payment("FAILED", "900", "RWF", "RWA", "AIRTEL_RWA", "2026-02-03T08:00:00Z"),
      payment("COMPLETED", "700", "KES", "KEN", "MPESA_KEN", "2026-03-02T08:00:00Z"),
      payment("COMPLETED", "99999", "KES", "KEN", "MPESA_KEN", "2026-05-02T08:00:00Z"), // outside
    ])
      await run(statement);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("counts enquiries by service, source and month, with the share won, inside the range only", async () => {
    const report = await get<EnquiryReport>(`/api/admin/reports/enquiries?${RANGE}`);
    expect(report.total).toBe(3);
    expect(report.won).toBe(2);
    expect(report.byService).toEqual([
      { key: "web-development", total: 2, won: 1 },
      { key: "cloud-hosting", total: 1, won: 1 },
    ]);
    expect(report.bySource).toEqual(
      [
        { key: "form", total: 1, won: 1 },
        { key: "advisor", total: 1, won: 1 },
        { key: "chat", total: 1, won: 0 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(report.byMonth).toEqual([
      { key: "2026-01", total: 2, won: 1 },
      { key: "2026-02", total: 0, won: 0 },
      { key: "2026-03", total: 1, won: 1 },
    ]);
  });

  it("counts chats, hand-over outcomes and the time to a person's first answer", async () => {
    const report = await get<ChatReport>(`/api/admin/reports/chats?${RANGE}`);
    expect(report.chats).toBe(2);
    expect(report.messages).toBe(3);
    expect(report.handovers).toBe(4);
    expect(report.firstResponse).toEqual({ answered: 2, medianSeconds: 60, p90Seconds: 84 });
    expect(report.outcomes).toEqual([
      { outcome: "accepted", count: 2 },
      { outcome: "timed_out", count: 1 },
      { outcome: "unavailable", count: 1 },
    ]);
    expect(report.byMonth).toEqual([
      { month: "2026-01", chats: 1, handovers: 1 },
      { month: "2026-02", chats: 1, handovers: 3 },
      { month: "2026-03", chats: 0, handovers: 0 },
    ]);
  });

  it("groups payments by country, provider and status per currency, summing completed amounts exactly", async () => {
    const report = await get<PaymentReport>(`/api/admin/reports/payments?${RANGE}`);
    expect(report.total).toBe(4);
    expect(report.byCountry).toEqual([
      { key: "RWA", currency: "RWF", count: 3, completed: 2, amount: "4000.50" },
      { key: "KEN", currency: "KES", count: 1, completed: 1, amount: "700" },
    ]);
    expect(report.byProvider.find((r) => r.key === "AIRTEL_RWA")).toEqual({
      key: "AIRTEL_RWA",
      currency: "RWF",
      count: 1,
      completed: 0,
      amount: "0",
    });
    expect(report.byStatus.map((r) => [r.key, r.currency, r.count])).toEqual(
      [
        ["COMPLETED", "KES", 1],
        ["COMPLETED", "RWF", 2],
        ["FAILED", "RWF", 1],
      ].sort(
        (a, b) =>
          Number(b[2]) - Number(a[2]) ||
          String(a[0]).localeCompare(String(b[0])) ||
          String(a[1]).localeCompare(String(b[1])),
      ),
    );
  });

  it("gives an empty order report when nothing was ordered", async () => {
    const report = await get<OrderReport>(`/api/admin/reports/orders?${RANGE}`);
    expect(report).toEqual({ range: { from: "2026-01-01", to: "2026-03-31" }, rows: [], byCurrency: [] });
  });

  it("exports each report as CSV", async () => {
    const response = await app.inject({ url: `/api/admin/reports/enquiries.csv?${RANGE}`, headers: asStaff(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="report-enquiries-2026-01-01-to-2026-03-31.csv"',
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe('"section","key","enquiries","won","won_percent"');
    expect(lines).toContain('"service","web-development","2","1","50.0"');
    expect(lines.at(-1)).toBe('"total","","3","2","66.7"');
    const payments = await app.inject({ url: `/api/admin/reports/payments.csv?${RANGE}`, headers: asStaff(admin) });
    expect(payments.body).toContain('"provider","MTN_MOMO_RWA","MTN MoMo","RWF","2","2","4000.50"');
  });

  it.each([
    ["from=2026-02-30&to=2026-03-01", "from"],
    ["from=2026-03-02&to=2026-03-01", "from"],
    ["to=2026-03-01", "from"],
    ["from=2020-01-01&to=2026-03-01", "to"],
  ])("refuses the range %s naming the field", async (query, field) => {
    const response = await app.inject({ url: `/api/admin/reports/chats?${query}`, headers: asStaff(admin) });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {})).toContain(field);
  });

  it("is for admins only", async () => {
    const response = await app.inject({ url: `/api/admin/reports/payments?${RANGE}`, headers: asStaff(agent) });
    expect(response.statusCode).toBe(403);
  });
});

describe("report arithmetic", () => {
  it.each([
    ["0", "1500", "1500"],
    ["4000.50", "0.5", "4001"],
    ["1.25", "2.5", "3.75"],
    ["999.99", "0.01", "1000"],
  ])("adds %s and %s exactly", (a, b, sum) => expect(addDecimals(a, b)).toBe(sum));

  it("gives the share won with one decimal, and nothing for nothing", () => {
    expect(share(1, 3)).toBe("33.3");
    expect(share(0, 0)).toBe("");
  });
});
