import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startPawapaySimulator,
  type CallbackSigning,
  type PawapaySimulator,
} from "../../../tests/doubles/pawapay-simulator.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { paymentEvents, paymentTransactions } from "./payments-schema.ts";

const HOST = "shop.example.test";
const TARGET = `http://${HOST}/api/payments/callback`;

/**
 * Hundreds of duplicate, reordered and forged callbacks against a few deposits, sent at once:
 * no forgery accepted, no payment moves backwards, each completes at most once.
 */
describe.each(databaseBackends())("callback storm on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let sim: PawapaySimulator;
  const completions = new Map<string, number>();

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    sim = await startPawapaySimulator();
    app = await testApp(database, { env: { PAWAPAY_API_TOKEN: sim.token, PAWAPAY_BASE_URL: sim.url } });
    app.payments.onOrderPaid("storm", async (_db, payment) => {
      completions.set(payment.orderRef, (completions.get(payment.orderRef) ?? 0) + 1);
    });
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await cleanup();
  });

  it("accepts no forgery, never regresses, completes each deposit once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { transactionId } = await app.payments.createHostedPayment({
        phoneNumber: "250783456789",
        amount: 1000 + i,
        currency: "RWF",
        country: "RWA",
        description: "payment",
        orderType: "storm",
        orderRef: `order-${i}`,
      });
      ids.push(transactionId);
    }
    // Deposits 0-3 really complete, 4 really fails, 5 is never paid (forgers claim it completed).
    const finalOf = (index: number) => (index === 4 ? "FAILED" : index === 5 ? null : "COMPLETED");
    const send = (body: object, signing: CallbackSigning) => {
      const bytes = Buffer.from(JSON.stringify(body));
      return app.inject({
        method: "POST",
        url: "/api/payments/callback",
        headers: { ...sim.signedHeaders(bytes, TARGET, signing), host: HOST },
        payload: bytes,
      });
    };
    const requests: Array<{ expect: number; run: () => ReturnType<typeof send> }> = [];
    ids.forEach((depositId, index) => {
      const final = finalOf(index);
      const base = {
        depositId,
        amount: `${1000 + index}.00`,
        currency: "RWF",
        country: "RWA",
        payer: { type: "MMO", accountDetails: { phoneNumber: "250783456789", provider: "MTN_MOMO_RWA" } },
      };
      for (let copy = 0; copy < 20; copy += 1) {
        if (final) {
          requests.push({
            expect: 200,
            run: () =>
              send(
                {
                  ...base,
                  status: final,
                  providerTransactionId: `P${index}`,
                  ...(final === "FAILED" ? { failureReason: { failureCode: "PAYMENT_NOT_APPROVED" } } : {}),
                },
                "ok",
              ),
          });
          // A stale, out-of-order PROCESSING callback arriving after the final one.
          requests.push({ expect: 200, run: () => send({ ...base, status: "PROCESSING" }, "ok") });
          // An attempt to flip the final outcome, genuinely signed by pawaPay: never happens in reality, must not regress.
          if (copy % 5 === 0)
            requests.push({
              expect: 200,
              run: () => send({ ...base, status: final === "COMPLETED" ? "ACCEPTED" : "PROCESSING" }, "ok"),
            });
        }
        for (const forgery of ["wrong-key", "tampered", "expired", "missing-headers", "unsigned"] as const) {
          requests.push({
            expect: 401,
            run: () => send({ ...base, status: "COMPLETED", providerTransactionId: "FORGED" }, forgery),
          });
        }
      }
    });
    // Shuffle: arrival order is anyone's guess.
    for (let i = requests.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [requests[i], requests[j]] = [requests[j]!, requests[i]!];
    }
    expect(requests.length).toBeGreaterThan(600);
    const results = await Promise.all(
      requests.map(async (r) => ({ expected: r.expect, actual: (await r.run()).statusCode })),
    );
    expect(results.filter((r) => r.expected !== r.actual)).toEqual([]);

    const rows = await database.db.select().from(paymentTransactions).where(inArray(paymentTransactions.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    ids.forEach((id, index) => {
      const row = byId.get(id)!;
      expect(row.status).toBe(finalOf(index) ?? "PAYMENT_INITIATED");
      expect(row.providerTransactionId).not.toBe("FORGED");
    });
    for (let i = 0; i < 4; i += 1) expect(completions.get(`order-${i}`)).toBe(1);
    expect(completions.has("order-4")).toBe(false);
    expect(completions.has("order-5")).toBe(false);
    for (const id of ids) {
      const applied = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, id));
      expect(applied.filter((e) => e.applied === 1 && e.toStatus === "COMPLETED").length).toBeLessThanOrEqual(1);
    }
  }, 120_000); // hundreds of signed callbacks, each verified and applied: a bound for a busy machine, not a wait
});
