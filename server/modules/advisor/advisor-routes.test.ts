import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDetail, ProjectPage } from "#contracts/advisor-admin.ts";
import type { SavedProject } from "#contracts/advisor.ts";
import type { EnquiryDetail } from "#contracts/admin.ts";
import { contactMessages } from "#contracts/contact.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { CONSULTATION_SENDER_LIMIT } from "./advisor-routes.ts";

const answers = {
  projectType: "mobile-app",
  audience: "medium",
  growth: "fast",
  budget: "high",
  currency: "KES",
  timeline: "normal",
  skills: ["dart"],
  mustHaves: ["offline", "mobile-money"],
  hosting: "no-preference",
};

describe.each(databaseBackends())("tech stack advisor API on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let saved: SavedProject;
  let ip = 0;
  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url, payload, remoteAddress: `100.70.0.${++ip}` });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("recommends without saving, and names the field of a bad answer", async () => {
    const response = await post("/api/advisor/recommendations", { answers });
    expect(response.statusCode).toBe(200);
    expect(response.json().recommendations[0]).toMatchObject({ stackId: "flutter-mobile", cost: { currency: "KES" } });
    const bad = await post("/api/advisor/recommendations", { answers: { ...answers, projectType: "spaceship" } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["answers.projectType"]);
  });

  it("saves a plan under an unguessable id and fetches it by that id", async () => {
    const response = await post("/api/projects", { answers });
    expect(response.statusCode).toBe(201);
    saved = response.json<SavedProject>();
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(saved).toMatchObject({ answers, consultationRequested: false });
    const fetched = await app.inject(`/api/projects/${saved.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(saved);
    expect(fetched.headers["x-robots-tag"]).toBe("noindex");
    expect(fetched.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers 404 for an unknown plan and 400 for a malformed id", async () => {
    expect((await app.inject("/api/projects/AAAAAAAAAAAAAAAAAAAAAA")).statusCode).toBe(404);
    expect((await app.inject("/api/projects/short")).statusCode).toBe(400);
  });

  it.each([
    [{ firstName: "J" }, "firstName", contactMessages.firstNameMin],
    [{ lastName: "" }, "lastName", contactMessages.lastNameMin],
    [{ email: "not-an-email" }, "email", contactMessages.emailInvalid],
    [{ notes: "x".repeat(601) }, "notes", "Notes must be 600 characters or less"],
  ])("validates the consultation request like the contact form: %j", async (change, field, message) => {
    const response = await post(`/api/projects/${saved.id}/consultation`, {
      firstName: "Wanjiku",
      lastName: "Kamau",
      email: "w@example.ke",
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: message });
  });

  it(`takes ${CONSULTATION_SENDER_LIMIT.max} consultation requests from one sender per window, from any address`, async () => {
    const request = { firstName: "Amani", lastName: "Otieno", email: "amani@example.ke" };
    for (let i = 0; i < CONSULTATION_SENDER_LIMIT.max; i++) {
      expect((await post(`/api/projects/${saved.id}/consultation`, request)).statusCode).toBe(201);
    }
    const limited = await post(`/api/projects/${saved.id}/consultation`, { ...request, email: "AMANI@example.ke" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const other = await post(`/api/projects/${saved.id}/consultation`, { ...request, email: "baraka@example.ke" });
    expect(other.statusCode).toBe(201);
  });

  it("turns a consultation request into a lead in the inbox, with its notification email", async () => {
    const response = await post(`/api/projects/${saved.id}/consultation`, {
      firstName: "Wanjiku",
      lastName: "Kamau",
      email: "wanjiku@example.ke",
      notes: "We launch in Nakuru first.",
    });
    expect(response.statusCode).toBe(201);
    const { enquiryId } = response.json<{ enquiryId: string }>();
    expect((await app.inject(`/api/projects/${saved.id}`)).json()).toMatchObject({ consultationRequested: true });

    const staff = await createStaffUser(database.db, "advisor-agent", "agent");
    const cookie = await signIn(app, staff.username, staff.password, "10.5.0.1");
    const enquiry = (
      await app.inject({ url: `/api/admin/enquiries/${enquiryId}`, headers: asStaff(cookie) })
    ).json<EnquiryDetail>();
    expect(enquiry).toMatchObject({
      firstName: "Wanjiku",
      lastName: "Kamau",
      email: "wanjiku@example.ke",
      service: "web-development",
      status: "new",
    });
    expect(enquiry.message).toContain(`https://www.example.test/admin/project/${saved.id}`);
    expect(enquiry.message).toContain("We launch in Nakuru first.");
    const emails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.replyTo, "wanjiku@example.ke"));
    expect(emails).toHaveLength(1);

    const leads = (
      await app.inject({ url: "/api/admin/projects?leads=true", headers: asStaff(cookie) })
    ).json<ProjectPage>();
    expect(leads.items.map((p) => [p.id, p.contactName, p.topStack])).toEqual([
      [saved.id, "Wanjiku Kamau", "Cross-platform mobile app"],
    ]);

    const patch = await app.inject({
      method: "PATCH",
      url: `/api/admin/projects/${saved.id}`,
      headers: asStaff(cookie),
      payload: { status: "proposal-sent", assigneeId: staff.id },
    });
    expect(patch.json<ProjectDetail>()).toMatchObject({ status: "proposal-sent", assignee: { id: staff.id } });
    const noted = await app.inject({
      method: "POST",
      url: `/api/admin/projects/${saved.id}/notes`,
      headers: asStaff(cookie),
      payload: { body: "Sent the proposal on Monday." },
    });
    const detail = noted.json<ProjectDetail>();
    expect(detail.notes.map((n) => n.body)).toEqual(["Sent the proposal on Monday."]);
    expect(detail.history.map((h) => h.action)).toEqual([
      "project.status_changed",
      "project.assigned",
      "project.note_added",
    ]);
    expect(detail.enquiryId).toBe(enquiryId);
  });

  it("keeps the projects pipeline behind staff sign-in", async () => {
    expect((await app.inject("/api/admin/projects")).statusCode).toBe(401);
    expect((await app.inject(`/api/admin/projects/${saved.id}`)).statusCode).toBe(401);
  });
});
