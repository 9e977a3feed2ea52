import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VpsOrderCreated, VpsOrderRequest } from "#contracts/vps.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { auditLog, orderSteps } from "#server/db/schema.ts";
import { chatMessages } from "#server/modules/chat/chat-schema.ts";
import { CHAT_COOKIE } from "#server/modules/chat/chat-routes.ts";
import { paymentTransactions } from "#server/modules/payments/payments-schema.ts";
import { vpsOrderEvents, vpsOrders } from "#server/modules/vps/vps-schema.ts";
import { asStaff, createStaffUser, signIn } from "../../support/admin.ts";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

/**
 * Issue 16's race tests: each "at most once" rule not already raced elsewhere, under 50
 * parallel requests. Already raced elsewhere (50 or more at once): sign-in counters and the
 * password-change counter (server/modules/admin/login-lockout.test.ts), payment completion
 * (server/modules/payments/callback-storm.test.ts), test-mode decisions
 * (server/adapters/test-payments/test-mode.test.ts), domain order state changes
 * (tests/unit/adversarial/domain-order-races.test.ts).
 */
const PARALLEL = 50;

const vpsOrder = (email: string): VpsOrderRequest => ({
  planId: "standard",
  locationId: "kigali",
  imageId: "ubuntu-24.04",
  periodMonths: 1,
  addons: { backups: false, extraIpv4: 0, managedSupport: false },
  currency: "RWF",
  hostname: "race.example.rw",
  accessMethod: "password",
  name: "Aline Uwase",
  email,
  phoneNumber: "250783456789",
});

const count = <T>(items: T[], value: T) => items.filter((item) => item === value).length;

describe.each(databaseBackends())("at most once, under 50 parallel requests, on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let adminCookies: string[] = [];
  let agentCookies: string[] = [];
  let ip = 0;
  const nextIp = () => `198.51.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { CHAT_HOURS: "always", CHAT_AGENT_WAIT_SECONDS: "600" } });
    // Several members of staff at once, as a real race would have them.
    for (let i = 0; i < 5; i++) {
      const admin = await createStaffUser(database.db, `race-admin-${i}`, "admin");
      adminCookies.push(await signIn(app, admin.username, admin.password, `10.60.0.${i + 1}`));
      const agent = await createStaffUser(database.db, `race-agent-${i}`, "agent");
      agentCookies.push(await signIn(app, agent.username, agent.password, `10.60.1.${i + 1}`));
    }
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
    adminCookies = [];
    agentCookies = [];
  });

  const staff = (cookie: string, method: "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url, headers: asStaff(cookie), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

  it(`lets one of ${PARALLEL} parallel accepts of a waiting chat win, from five agents`, async () => {
    const sessionId = `chat_${Date.now()}`;
    const visitor = { cookie: `${CHAT_COOKIE}=${"r".repeat(32)}` };
    for (const cookie of agentCookies)
      expect((await staff(cookie, "PUT", "/api/admin/chats/presence", { status: "online" })).statusCode).toBe(200);
    const asked = await app.inject({
      method: "POST",
      url: "/api/ai-chat",
      headers: visitor,
      payload: { message: "I'd like to talk to a human please", sessionId },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        staff(agentCookies[i % agentCookies.length]!, "POST", `/api/admin/chats/${sessionId}/accept`),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    // The visitor is told once who joined.
    const joined = (await database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).filter(
      (m) => m.role === "system" && / has joined the chat/.test(m.content),
    );
    expect(joined).toHaveLength(1);
  });

  async function paidVpsOrder(email: string): Promise<string> {
    const placed = await app.inject({
      method: "POST",
      url: "/api/vps/orders",
      payload: vpsOrder(email),
      remoteAddress: nextIp(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json<VpsOrderCreated>();
    const paid = await app.inject({
      method: "POST",
      url: `${new URL(created.redirectUrl).pathname}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(paid.statusCode).toBe(303);
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, created.token));
    expect(row!.status).toBe("paid");
    return row!.id;
  }

  it(`moves an order once of ${PARALLEL} parallel identical state changes from five admins`, async () => {
    const id = await paidVpsOrder("race-move@example.rw");
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        staff(adminCookies[i % adminCookies.length]!, "POST", `/api/admin/vps/orders/${id}/transition`, {
          to: "failed",
          reason: "The cluster has no room",
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    const events = await database.db.select().from(vpsOrderEvents).where(eq(vpsOrderEvents.orderId, id));
    expect(events.filter((e) => e.kind === "status" && e.toStatus === "failed")).toHaveLength(1);
  });

  it(`sends one refund of ${PARALLEL} parallel refund approvals from five admins, and records it once`, async () => {
    const id = await paidVpsOrder("race-refund@example.rw");
    const failed = await staff(adminCookies[0]!, "POST", `/api/admin/vps/orders/${id}/transition`, {
      to: "failed",
      reason: "The cluster has no room",
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const [order] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, id));

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        staff(adminCookies[i % adminCookies.length]!, "POST", `/api/admin/vps/orders/${id}/refund`),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    const refunds = await database.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.kind, "refund"), eq(paymentTransactions.refundOf, order!.paymentTransactionId!)),
      );
    expect(refunds).toHaveLength(1);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "vps.order.refund"), eq(auditLog.targetId, id)));
    expect(audits).toHaveLength(1);
    const steps = await database.db
      .select()
      .from(orderSteps)
      .where(and(eq(orderSteps.orderId, id), eq(orderSteps.action, "refund")));
    expect(steps).toHaveLength(1);
    expect(steps[0]!.status).not.toBe("failed");
  });
});
