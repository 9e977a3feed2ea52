import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overview } from "../../../contracts/admin.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { FastifyInstance } from "fastify";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";

describe.each(databaseBackends())("the dashboard overview on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const agent = await createStaffUser(database.db, "viewer", "agent");
    cookie = await signIn(app, agent.username, agent.password, "10.4.0.1");
    const enquiry = { firstName: "Aline", lastName: "Uwase", email: "a@example.rw", service: "other", message: "Just checking the dashboard numbers." };
    for (let i = 0; i < 4; i++) {
      await app.inject({ method: "POST", url: "/api/contact", payload: enquiry, remoteAddress: `100.65.${i}.1` });
    }
    // Move one to three days ago, one to forty days ago, and close one as won.
    await database.db.execute(sql`update contact_enquiries set created_at = now() - interval '3 days' where id = (select id from contact_enquiries order by id limit 1)`);
    await database.db.execute(sql`update contact_enquiries set created_at = now() - interval '40 days' where id = (select id from contact_enquiries order by id offset 1 limit 1)`);
    await database.db.execute(sql`update contact_enquiries set status = 'won' where id = (select id from contact_enquiries order by id offset 2 limit 1)`);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("counts today's, this week's and open enquiries, open chats, payments and orders to fulfil", async () => {
    const overview = (await app.inject({ url: "/api/admin/overview", headers: asStaff(cookie) })).json<Overview>();
    // "Today" is the UTC day; the two fresh enquiries may straddle midnight only in theory.
    expect(overview.enquiries).toEqual({ today: 2, week: 3, open: 3 });
    expect(overview.openChats).toBe(0);
    expect(overview.payments).toEqual({ today: 0, week: 0 });
    expect(overview.pendingOrders).toBe(0);
  });

  it("gives 30 zero-filled days ending today", async () => {
    const { daily } = (await app.inject({ url: "/api/admin/overview", headers: asStaff(cookie) })).json<Overview>();
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(daily.reduce((sum, d) => sum + d.enquiries, 0)).toBe(3);
    expect(daily.at(-1)?.enquiries).toBe(2);
    expect(daily.every((d) => d.payments === 0)).toBe(true);
  });
});
