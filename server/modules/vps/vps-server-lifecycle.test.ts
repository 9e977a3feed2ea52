import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vpsAdminMessages, type VpsOrderDetail } from "#contracts/vps-admin.ts";
import { type VpsOrderCreated, type VpsOrderRequest } from "#contracts/vps.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { vpsOrders } from "./vps-schema.ts";
import type { Provisioner, ServerAction, ServerRef } from "./provisioner.ts";

const order = (changes: Partial<VpsOrderRequest> = {}): VpsOrderRequest => ({
  planId: "starter",
  locationId: "kigali",
  imageId: "debian-12",
  periodMonths: 1,
  addons: { backups: false, extraIpv4: 0, managedSupport: false },
  currency: "RWF",
  hostname: "shop-1.example.rw",
  accessMethod: "password",
  name: "Aline Uwase",
  email: "aline@example.rw",
  phoneNumber: "250783456789",
  ...changes,
});

/**
 * A provisioner that records what it was asked and answers as told: "done" with the order's VM,
 * "manual", or a failure. It stands in for our own interface (not an outside system), so the
 * order flow around suspend/resume/delete can be checked apart from any cluster.
 */
function scriptedProvisioner() {
  const calls: Array<{ action: ServerAction; server: ServerRef }> = [];
  let answer: "done" | "manual" | "fail" = "done";
  const act = (action: ServerAction) => async (server: ServerRef) => {
    calls.push({ action, server });
    if (answer === "fail") throw new Error("cluster answered 500: node pve2 unreachable");
    return answer === "manual"
      ? { kind: "manual" as const }
      : { kind: "done" as const, detail: `(vm of ${server.reference})` };
  };
  const provisioner: Provisioner = {
    name: "scripted",
    fulfillerFor: () => "scripted:kigali",
    async provision() {
      return { kind: "ready", ipAddress: "196.12.4.20", username: "debian", password: "Generated-Pass-9876" };
    },
    suspend: act("suspend"),
    resume: act("resume"),
    destroy: act("destroy"),
  };
  return {
    provisioner,
    calls,
    answer(next: typeof answer) {
      answer = next;
    },
  };
}

describe.each(databaseBackends())("VPS server lifecycle on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let manualApp: FastifyInstance;
  let scriptedApp: FastifyInstance;
  let manualCookie: string;
  let scriptedCookie: string;
  const scripted = scriptedProvisioner();
  let ip = 0;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    manualApp = await testApp(database);
    scriptedApp = await testApp(database, { vps: { provisioner: scripted.provisioner } });
    const staff = await createStaffUser(database.db, "ops-admin", "admin");
    manualCookie = await signIn(manualApp, staff.username, staff.password, "10.5.0.1");
    scriptedCookie = await signIn(scriptedApp, staff.username, staff.password, "10.5.0.2");
  });
  afterAll(async () => {
    await manualApp.close();
    await scriptedApp.close();
    await cleanup();
  });

  const call = (app: FastifyInstance, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: asStaff(app === manualApp ? manualCookie : scriptedCookie),
      ...(payload ? { payload } : {}),
    });
  const detailOf = async (app: FastifyInstance, id: string) =>
    (await call(app, "GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>();

  /** An order paid through the TEST MODE page and taken to active by the app's provisioner. */
  async function activeOrder(app: FastifyInstance, changes: Partial<VpsOrderRequest> = {}) {
    const placed = await app.inject({
      method: "POST",
      url: "/api/vps/orders",
      headers: { host: "shop.example.test" },
      payload: order(changes),
      remoteAddress: `198.51.100.${++ip}`,
    });
    expect(placed.statusCode).toBe(201);
    const created = placed.json<VpsOrderCreated>();
    const paid = await app.inject({
      method: "POST",
      url: `${new URL(created.redirectUrl).pathname}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(paid.statusCode).toBe(303);
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, created.token));
    const id = row!.id;
    await call(app, "POST", `/api/admin/vps/orders/${id}/transition`, { to: "provisioning" });
    await app.vps.idle();
    if (app === manualApp)
      await call(app, "POST", `/api/admin/vps/orders/${id}/transition`, {
        to: "active",
        server: { ipAddress: "196.12.4.21", username: "root", password: "Staff-Chosen-Pass-1" },
      });
    expect((await detailOf(app, id)).status).toBe("active");
    return { id, reference: row!.reference };
  }

  const staffEmails = async (reference: string) =>
    (await database.db.select().from(outboxEmails)).filter(
      (e) => e.toAddress === "sales@example.test" && e.subject.includes(reference),
    );

  it("asks staff by email to stop and start the server when the provisioner is manual", async () => {
    const { id, reference } = await activeOrder(manualApp);
    const suspended = await manualApp.vps.suspendServer(id, { reason: "Renewal not paid" });
    expect(suspended?.status).toBe("suspended");
    expect(suspended?.events.at(-1)).toMatchObject({
      kind: "note",
      body: expect.stringContaining("Stop the server by hand"),
    });
    const asked = await staffEmails(reference);
    expect(asked.map((e) => e.subject)).toContain(`VPS order ${reference}: stop shop-1.example.rw by hand`);

    // The renewals job may run twice: a second suspend changes nothing.
    const again = await manualApp.vps.suspendServer(id);
    expect(again?.events.length).toBe(suspended?.events.length);

    const resumed = await manualApp.vps.resumeServer(id, { reason: "Renewed" });
    expect(resumed?.status).toBe("active");
    expect(resumed?.events.at(-1)?.body).toContain("Start the server again by hand");
    expect((await manualApp.vps.resumeServer(id))?.events.length).toBe(resumed?.events.length);
    expect(await manualApp.vps.suspendServer("6b0f7c3e-0000-4000-8000-000000000000")).toBeNull();
  });

  it("stops and starts the server itself when the provisioner can, and says so on the history", async () => {
    const { id, reference } = await activeOrder(scriptedApp);
    scripted.calls.length = 0;
    const staffSuspend = await call(scriptedApp, "POST", `/api/admin/vps/orders/${id}/transition`, {
      to: "suspended",
      reason: "Abuse report",
    });
    expect(staffSuspend.json<VpsOrderDetail>().events.at(-1)?.body).toBe(
      `Server stopped by scripted:kigali. (vm of ${reference})`,
    );
    await scriptedApp.vps.resumeServer(id);
    expect(scripted.calls.map((c) => [c.action, c.server.reference, c.server.locationId])).toEqual([
      ["suspend", reference, "kigali"],
      ["resume", reference, "kigali"],
    ]);
    expect(
      await staffEmails(reference).then((emails) => emails.filter((e) => e.kind.startsWith("vps.staffServer"))),
    ).toEqual([]);
  });

  it("keeps the order's new state when the cluster fails, and asks staff to finish or retry", async () => {
    const { id, reference } = await activeOrder(scriptedApp, { hostname: "flaky-1" });
    scripted.answer("fail");
    try {
      const suspended = await scriptedApp.vps.suspendServer(id);
      expect(suspended?.status).toBe("suspended");
      expect(suspended?.events.at(-1)?.body).toBe(
        "scripted:kigali could not stop the server (cluster answered 500: node pve2 unreachable). Stop it by hand or retry.",
      );
      expect((await staffEmails(reference)).map((e) => e.kind)).toContain("vps.staffServerActionFailed");
      const failed = await detailOf(scriptedApp, id);
      expect(failed.fulfilment.steps.at(-1)).toMatchObject({
        fulfiller: "scripted:kigali",
        action: "suspend:call",
        status: "failed",
        answer: "cluster answered 500: node pve2 unreachable",
      });
      expect(failed.fulfilment.canRetry).toBe(true);
    } finally {
      scripted.answer("done");
    }
    // Staff retry the stop once the cluster is back: it is done, and there is nothing left to retry.
    scripted.calls.length = 0;
    const retried = await call(scriptedApp, "POST", `/api/admin/vps/orders/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(scripted.calls.map((c) => c.action)).toEqual(["suspend"]);
    expect(retried.json<VpsOrderDetail>().fulfilment.canRetry).toBe(false);
    expect((await call(scriptedApp, "POST", `/api/admin/vps/orders/${id}/retry`)).statusCode).toBe(409);
  });

  it("deletes a server only for a suspended or cancelled order, once, after staff type its reference", async () => {
    const { id, reference } = await activeOrder(scriptedApp, { hostname: "old-1" });
    const url = `/api/admin/vps/orders/${id}/delete-server`;
    expect((await detailOf(scriptedApp, id)).canDeleteServer).toBe(false);
    expect((await call(scriptedApp, "POST", url, { reference })).statusCode).toBe(409);

    await scriptedApp.vps.suspendServer(id);
    expect((await detailOf(scriptedApp, id)).canDeleteServer).toBe(true);
    const wrong = await call(scriptedApp, "POST", url, { reference: "VPS-WRONG1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      reference: `Type ${reference} to confirm that the server is deleted for good`,
    });
    const empty = await call(scriptedApp, "POST", url, { reference: " " });
    expect(empty.json().fields).toEqual({ reference: vpsAdminMessages.referenceRequired });

    scripted.calls.length = 0;
    const deleted = await call(scriptedApp, "POST", url, {
      reference: reference.toLowerCase(),
      reason: "Not renewed within 30 days",
    });
    expect(deleted.statusCode).toBe(200);
    const detail = deleted.json<VpsOrderDetail>();
    expect(detail).toMatchObject({ status: "cancelled", canDeleteServer: false });
    expect(detail.serverDeletedAt).not.toBeNull();
    expect(detail.events.at(-1)?.body).toBe(`Server and disks deleted by scripted:kigali. (vm of ${reference})`);
    expect(scripted.calls.map((c) => c.action)).toEqual(["destroy"]);
    expect((await call(scriptedApp, "POST", url, { reference })).statusCode).toBe(409);
    expect(scripted.calls.length).toBe(1);

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toContain("vps.server.delete");
    const customer = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.toAddress === "aline@example.rw" && e.kind === "vps.cancelled" && e.subject.includes(reference),
    );
    expect(customer).toHaveLength(1);
  });

  it("asks staff to delete the server by hand when the provisioner is manual", async () => {
    const { id, reference } = await activeOrder(manualApp, { hostname: "old-2" });
    await call(manualApp, "POST", `/api/admin/vps/orders/${id}/transition`, {
      to: "cancelled",
      reason: "Customer left",
    });
    const deleted = await call(manualApp, "POST", `/api/admin/vps/orders/${id}/delete-server`, { reference });
    expect(deleted.json<VpsOrderDetail>().events.at(-1)?.body).toBe(
      "Delete the server and its disks by hand: this provisioner cannot.",
    );
    expect((await staffEmails(reference)).map((e) => e.subject)).toContain(
      `VPS order ${reference}: delete old-2 by hand`,
    );
  });
});
