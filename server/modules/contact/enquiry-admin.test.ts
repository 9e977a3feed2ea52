import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnquiryDetail, EnquiryPage } from "#contracts/admin.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";

const XSS = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;

describe.each(databaseBackends())("the enquiries inbox on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let agentCookie: string;
  let agentId: string;
  const ids: string[] = [];
  const get = <T>(url: string) =>
    app
      .inject({ method: "GET", url, headers: asStaff(agentCookie) })
      .then((r) => ({ status: r.statusCode, body: r.json<T>(), raw: r }));

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const agent = await createStaffUser(database.db, "sales-agent", "agent");
    agentId = agent.id;
    agentCookie = await signIn(app, agent.username, agent.password, "10.3.0.1");
    const people = [
      ["Aline", "Uwase", "web-development", "We need a new website for our clinic in Musanze."],
      ["Brian", "Okello", "cloud-infrastructure", "Quote for a VPS with daily backups, please."],
      ["Grace", "Wanjiru", "cybersecurity-compliance", "Penetration test before our fintech launch."],
      ["=cmd", "Attacker", "other", XSS],
    ];
    for (let i = 0; i < 25; i++) {
      const [firstName, lastName, service, message] = people[i % people.length]!;
      const response = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { firstName, lastName, email: `person${i}@example.rw`, service, message: `${message} (#${i})` },
        remoteAddress: `100.64.${i}.1`,
      });
      ids.push(response.json<{ id: string }>().id);
    }
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("pages on the server, newest first", async () => {
    const first = await get<EnquiryPage>("/api/admin/enquiries?pageSize=10");
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.body.items).toHaveLength(10);
    const third = await get<EnquiryPage>("/api/admin/enquiries?pageSize=10&page=3");
    expect(third.body.items).toHaveLength(5);
    const all = [
      ...first.body.items,
      ...(await get<EnquiryPage>("/api/admin/enquiries?pageSize=10&page=2")).body.items,
      ...third.body.items,
    ];
    expect(new Set(all.map((e) => e.id)).size).toBe(25);
    expect(all.map((e) => e.createdAt)).toEqual([...all.map((e) => e.createdAt)].sort().reverse());
  });

  it("searches names, email and message, and filters by service and status", async () => {
    expect((await get<EnquiryPage>("/api/admin/enquiries?q=wanjiru")).body.total).toBe(6);
    expect((await get<EnquiryPage>("/api/admin/enquiries?q=Brian%20Okello")).body.total).toBe(6);
    expect((await get<EnquiryPage>("/api/admin/enquiries?q=person7%40example")).body.total).toBe(1);
    expect((await get<EnquiryPage>("/api/admin/enquiries?q=fintech")).body.total).toBe(6);
    expect((await get<EnquiryPage>("/api/admin/enquiries?q=100%25")).body.total).toBe(0);
    expect((await get<EnquiryPage>("/api/admin/enquiries?service=web-development")).body.total).toBe(7);
    expect((await get<EnquiryPage>("/api/admin/enquiries?status=won")).body.total).toBe(0);
    expect((await get("/api/admin/enquiries?status=maybe")).status).toBe(400);
  });

  it("changes status and assignee, adds notes, and keeps the history", async () => {
    const id = ids[0]!;
    const patch = (payload: object) =>
      app.inject({ method: "PATCH", url: `/api/admin/enquiries/${id}`, headers: asStaff(agentCookie), payload });
    expect((await patch({ status: "contacted" })).json()).toMatchObject({ status: "contacted" });
    expect((await patch({ assigneeId: agentId })).json()).toMatchObject({
      assignee: { id: agentId, displayName: "Sales-agent Staff" },
    });
    expect((await patch({ assigneeId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    const note = await app.inject({
      method: "POST",
      url: `/api/admin/enquiries/${id}/notes`,
      headers: asStaff(agentCookie),
      payload: { body: "Called, sending a quote Friday." },
    });
    expect(note.statusCode).toBe(201);
    const detail = await get<EnquiryDetail>(`/api/admin/enquiries/${id}`);
    expect(detail.body.notes.map((n) => [n.body, n.author?.displayName])).toEqual([
      ["Called, sending a quote Friday.", "Sales-agent Staff"],
    ]);
    expect(detail.body.history.map((h) => [h.action, h.actor, h.details])).toEqual([
      ["enquiry.status_changed", "sales-agent", { from: "new", to: "contacted" }],
      ["enquiry.assigned", "sales-agent", { from: null, to: agentId }],
      ["enquiry.note_added", "sales-agent", { noteId: note.json<{ id: string }>().id }],
    ]);
    expect((await get<EnquiryPage>("/api/admin/enquiries?status=contacted")).body.total).toBe(1);
  });

  it("answers 404 for an unknown enquiry and 400 for a malformed id", async () => {
    expect((await get("/api/admin/enquiries/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("/api/admin/enquiries/not-an-id")).status).toBe(400);
  });

  it("keeps visitor text exactly as sent (escaping is the screen's job)", async () => {
    const detail = await get<EnquiryDetail>(`/api/admin/enquiries/${ids[3]}`);
    expect(detail.body.message).toBe(`${XSS} (#3)`);
    expect(detail.raw.headers["content-type"]).toContain("application/json");
  });

  it("exports the filtered list as CSV, defusing spreadsheet formulas", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/admin/enquiries/export.csv?service=other",
      headers: asStaff(agentCookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"id","received_at","first_name","last_name","email","service","status","assignee","message"',
    );
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toContain(`"'=cmd","Attacker"`);
    expect(lines[1]).toContain(`"<script>window.__xss=1</script><img src=x onerror=""window.__xss=2""> (#`);
  });
});
