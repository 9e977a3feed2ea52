import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderStep } from "#contracts/orders.ts";
import { databaseBackends } from "../../tests/support/databases.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import { lastUnfinishedStep, listOrderSteps, orderAwaitingPayment, stepRecorder, toOrderStep } from "./orders.ts";

describe.each(databaseBackends())("order steps on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
  });
  afterAll(async () => cleanup());

  it("records each step's start, end and answer, per order, in order", async () => {
    const orderId = randomUUID();
    const other = randomUUID();
    const steps = stepRecorder(database.db, { orderType: "vps", orderId }, "proxmox:kigali");
    const clone = await steps.start("clone", { vmid: 105, node: "pve1" });
    expect((await steps.previous())[0]).toMatchObject({ status: "running", finishedAt: null });
    await clone.succeed("OK", {
      vmid: 105,
      node: "pve1",
      upid: "UPID:pve1:00001234:0000ABCD:65F00000:qmclone:9000:kts@pve!prov:",
    });
    await stepRecorder(database.db, { orderType: "vps", orderId: other }, "manual").start("provision");
    const start = await steps.start("start");
    await start.fail("start failed: QEMU exited with code 1");

    const rows = await listOrderSteps(database.db, "vps", orderId);
    expect(rows.map((r) => [r.action, r.status, r.answer])).toEqual([
      ["clone", "succeeded", "OK"],
      ["start", "failed", "start failed: QEMU exited with code 1"],
    ]);
    expect(rows[0]!.detail).toMatchObject({ vmid: 105, upid: expect.stringMatching(/^UPID:pve1:/) });
    expect(lastUnfinishedStep(rows)?.action).toBe("start");

    const shown = rows.map(toOrderStep);
    for (const step of shown) expect(OrderStep.parse(step)).toEqual(step);
    expect(shown[0]).toMatchObject({ fulfiller: "proxmox:kigali", actor: null, finishedAt: expect.any(String) });
    // Staff never see the structured detail (task handles, raw answers) through this shape.
    expect(JSON.stringify(shown)).not.toContain("UPID");
  });

  it("keeps who retried a step, and has nothing to retry once the last step succeeded", async () => {
    const orderId = randomUUID();
    const retry = stepRecorder(database.db, { orderType: "domain", orderId }, "epp:rw", "ops-admin");
    const step = await retry.start("domain:create");
    await step.manual("2306 Parameter value policy error: registrant is not allowed");
    let rows = await retry.previous();
    expect(toOrderStep(rows[0]!)).toMatchObject({ status: "manual", actor: "ops-admin" });
    expect(lastUnfinishedStep(rows)?.id).toBe(step.id);
    await (await retry.start("domain:create")).succeed("1000 Command completed successfully");
    rows = await retry.previous();
    expect(lastUnfinishedStep(rows)).toBeNull();
    expect(lastUnfinishedStep([])).toBeNull();
  });
});

describe("a completed payment reaching its order", () => {
  type Order = { id: string; status: string; amount: string; currency: string };
  const payment = { orderRef: "order-1", transactionId: "tx-1", amount: "25000", currency: "RWF" };

  function kindWith(order: Order | null) {
    const logged: string[] = [];
    const unexpected: Order[] = [];
    const kind = {
      label: "VPS",
      find: async (_db: Database, id: string, forUpdate: boolean) =>
        order && id === order.id && forUpdate ? order : null,
      log: { error: (_details: object, message: string) => logged.push(message) } as unknown as FastifyBaseLogger,
      paidUnexpectedly: async (_tx: Database, late: Order) => unexpected.push(late),
    };
    return { kind, logged, unexpected };
  }
  const tx = {} as Database;

  it("hands over the locked order that waits for it", async () => {
    const order = { id: "order-1", status: "pending_payment", amount: "25000.00", currency: "RWF" };
    const { kind, logged, unexpected } = kindWith(order);
    expect(await orderAwaitingPayment(tx, payment, kind)).toBe(order);
    expect(logged).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it("logs a payment of another amount, and still hands the order over", async () => {
    const order = { id: "order-1", status: "pending_payment", amount: "30000", currency: "RWF" };
    const { kind, logged } = kindWith(order);
    expect(await orderAwaitingPayment(tx, payment, kind)).toBe(order);
    expect(logged).toEqual(["VPS order paid a different amount"]);
  });

  it("moves nothing for an order that does not exist", async () => {
    const { kind, logged, unexpected } = kindWith(null);
    expect(await orderAwaitingPayment(tx, payment, kind)).toBeNull();
    expect(logged).toEqual(["payment completed for a VPS order that does not exist"]);
    expect(unexpected).toEqual([]);
  });

  it("lets the order kind record a payment its order no longer waits for, and moves nothing", async () => {
    const order = { id: "order-1", status: "cancelled", amount: "25000", currency: "RWF" };
    const { kind, logged, unexpected } = kindWith(order);
    expect(await orderAwaitingPayment(tx, payment, kind)).toBeNull();
    expect(logged).toEqual(["payment completed for a VPS order not waiting for one; refund it"]);
    expect(unexpected).toEqual([order]);
  });
});
