import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWithinBusinessHours } from "#content/business-hours.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { createStaffUser } from "../../../tests/support/admin.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { chatHandovers, chatMessages, chatSessions } from "./chat-schema.ts";
import { builtinAssistant } from "./assistant/builtin-assistant.ts";
import { setPresence } from "./chat-repository.ts";
import { chatService } from "./chat-service.ts";

describe("business hours (Kigali, UTC+2)", () => {
  it.each([
    { at: "2026-11-23T06:00:00Z", open: true, why: "Monday 08:00" },
    { at: "2026-11-23T05:59:00Z", open: false, why: "Monday 07:59" },
    { at: "2026-11-23T15:59:00Z", open: true, why: "Monday 17:59" },
    { at: "2026-11-23T16:00:00Z", open: false, why: "Monday 18:00" },
    { at: "2026-11-28T07:00:00Z", open: true, why: "Saturday 09:00" },
    { at: "2026-11-28T11:00:00Z", open: false, why: "Saturday 13:00" },
    { at: "2026-11-29T10:00:00Z", open: false, why: "Sunday noon" },
  ])("$why: open $open", ({ at, open }) => {
    expect(isWithinBusinessHours(new Date(at))).toBe(open);
  });
});

describe.each(databaseBackends())("chat service on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let agent: Awaited<ReturnType<typeof createStaffUser>>;
  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    agent = await createStaffUser(database.db, "amina", "agent");
    await setPresence(database.db, agent.id, "online");
  });
  afterAll(() => cleanup());

  const service = (now: Date, hours: "content" | "always" = "content") =>
    chatService({
      db: database.db,
      assistant: builtinAssistant(),
      agentWaitMs: 60_000,
      hours,
      notifyTo: "sales@example.test",
      onEnquiry: () => undefined,
      now: () => now,
    });

  it("stamps the session with the time of its latest message, whoever wrote it", async () => {
    await service(new Date("2026-11-24T08:00:00Z"), "always").postMessage({
      sessionId: "chat_last_message_1",
      message: "How much is a VPS?",
      browserHash: "h-last",
    });
    const messages = await database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, "chat_last_message_1"));
    expect(messages.map((m) => m.role).sort()).toEqual(["assistant", "user"]);
    const latest = Math.max(...messages.map((m) => m.createdAt.getTime()));
    const [row] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, "chat_last_message_1"));
    expect(row?.lastMessageAt?.getTime()).toBe(latest);
  });

  it("says the team is away outside business hours instead of queueing, and offers to take an email", async () => {
    const sunday = new Date("2026-11-29T10:00:00Z");
    const answer = await service(sunday).postMessage({
      sessionId: "chat_sunday_1",
      message: "Can I talk to a human?",
      browserHash: "h1",
    });
    expect(answer.response).toMatch(/Our team is away right now \(hours: Monday - Friday/);
    const [row] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, "chat_sunday_1"));
    expect(row?.state).toBe("ai");
    expect(row?.awaitingEmail).not.toBeNull();
    const handovers = await database.db
      .select()
      .from(chatHandovers)
      .where(eq(chatHandovers.sessionId, "chat_sunday_1"));
    expect(handovers).toEqual([expect.objectContaining({ outcome: "unavailable", resolvedAt: sunday })]);
  });

  it("queues during business hours and expires the wait from the stored deadline", async () => {
    const monday = new Date();
    const open = service(monday, "always");
    await open.postMessage({ sessionId: "chat_monday_1", message: "speak to an agent", browserHash: "h2" });
    const [waiting] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, "chat_monday_1"));
    expect(waiting?.state).toBe("waiting");
    expect(waiting!.waitDeadline!.getTime() - monday.getTime()).toBe(60_000);
    expect(await open.expireWaits()).toBe(0);
    // Another instance, a minute later, finds the deadline passed.
    const later = service(new Date(monday.getTime() + 61_000), "always");
    expect(await later.expireWaits()).toBe(1);
    expect(await later.expireWaits()).toBe(0);
    const notices = await database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, "chat_monday_1"));
    expect(notices).toContainEqual(
      expect.objectContaining({
        role: "system",
        content: expect.stringContaining("nobody from our team could join in time"),
        links: [{ label: "Chat with us on WhatsApp", href: "https://wa.me/250788000000" }],
      }),
    );
  });

  it("records each hand-over's outcome and when the accepting agent first answered", async () => {
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    await service(at(0), "always").postMessage({
      sessionId: "chat_handover_1",
      message: "talk to a person",
      browserHash: "h3",
    });
    const staff = { id: agent.id, username: agent.username, displayName: "Amina" };
    await service(at(20), "always").accept("chat_handover_1", staff);
    await service(at(45), "always").agentMessage("chat_handover_1", staff, "Hello, Amina here.");
    await service(at(80), "always").agentMessage("chat_handover_1", staff, "How can I help?");
    const [handover] = await database.db
      .select()
      .from(chatHandovers)
      .where(eq(chatHandovers.sessionId, "chat_handover_1"));
    expect(handover).toMatchObject({
      outcome: "accepted",
      agentId: agent.id,
      requestedAt: at(0),
      resolvedAt: at(20),
      firstResponseAt: at(45),
    });
    const [expired] = await database.db
      .select()
      .from(chatHandovers)
      .where(eq(chatHandovers.sessionId, "chat_monday_1"));
    expect(expired?.outcome).toBe("timed_out");
  });
});
