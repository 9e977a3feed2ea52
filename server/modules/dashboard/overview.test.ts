import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overview } from "#contracts/admin.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import type { FastifyInstance } from "fastify";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";

// A fixed "now" (UTC noon), so that "today" never straddles midnight while the test runs.
const NOW = new Date("2026-03-10T12:00:00Z");
const at = (offset: string) => sql`${NOW.toISOString()}::timestamptz - ${offset}::interval`;

describe.each(databaseBackends())("the dashboard overview on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { clock: () => NOW });
    const agent = await createStaffUser(database.db, "viewer", "agent");
    cookie = await signIn(app, agent.username, agent.password, "10.4.0.1");
    const enquiry = {
      firstName: "Aline",
      lastName: "Uwase",
      email: "a@example.rw",
      service: "other",
      message: "Just checking the dashboard numbers.",
    };
    for (let i = 0; i < 4; i++) {
      await app.inject({ method: "POST", url: "/api/contact", payload: enquiry, remoteAddress: `100.65.${i}.1` });
    }
    // Two today, one three days ago, one forty days ago; and close one as won.
    const ids = await queryRows<{ id: string }>(database.db, sql`select id from contact_enquiries order by id`);
    const ages = ["3 days", "40 days", "1 hour", "2 hours"];
    for (const [i, row] of ids.entries()) {
      await database.db.execute(sql`update contact_enquiries set created_at = ${at(ages[i]!)} where id = ${row.id}`);
    }
    await database.db.execute(
      sql`update contact_enquiries set status = 'won' where id = (select id from contact_enquiries order by id offset 2 limit 1)`,
    );
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("counts today's, this week's and open enquiries, open chats, payments and orders to fulfil", async () => {
    const overview = (await app.inject({ url: "/api/admin/overview", headers: asStaff(cookie) })).json<Overview>();
    expect(overview.enquiries).toEqual({ today: 2, week: 3, open: 3 });
    expect(overview.openChats).toBe(0);
    expect(overview.payments).toEqual({ today: 0, week: 0 });
    expect(overview.pendingOrders).toBe(0);
    expect(overview.paymentTotals).toEqual([]);
  });

  it("sums the money received per currency over the last 30 days, and counts it on the chart", async () => {
    const deposit = (amount: string, currency: string, daysAgo: number, status = "COMPLETED") => sql`
      insert into payment_transactions (id, kind, flow, status, amount, currency, country, phone_number, mode, completed_at)
      values (gen_random_uuid(), 'deposit', 'payment_page', ${status}, ${amount}, ${currency}, 'RWA', '250783456789', 'test',
        ${at(`${daysAgo} days`)})`;
    for (const statement of [
      deposit("1500", "RWF", 0),
      deposit("2500.50", "RWF", 2),
      deposit("700", "KES", 1),
      deposit("9999", "RWF", 0, "FAILED"),
      deposit("5000", "RWF", 45),
    ]) {
      await database.db.execute(statement);
    }
    const overview = (await app.inject({ url: "/api/admin/overview", headers: asStaff(cookie) })).json<Overview>();
    expect(overview.paymentTotals).toEqual([
      { currency: "KES", amount: "700", count: 1 },
      { currency: "RWF", amount: "4000.50", count: 2 },
    ]);
    expect(overview.payments).toEqual({ today: 1, week: 3 });
    expect(overview.daily.reduce((sum, d) => sum + (d.payments ?? 0), 0)).toBe(3);
    await database.db.execute(sql`delete from payment_transactions`);
  });

  it("gives 30 zero-filled days ending today", async () => {
    const { daily } = (await app.inject({ url: "/api/admin/overview", headers: asStaff(cookie) })).json<Overview>();
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)?.date).toBe("2026-03-10");
    expect(daily[0]?.date).toBe("2026-02-09");
    expect(daily.reduce((sum, d) => sum + d.enquiries, 0)).toBe(3);
    expect(daily.at(-1)?.enquiries).toBe(2);
  });
});
