import type { FastifyInstance } from "fastify";
import { cachedKeyStore, signMessage } from "../../adapters/pawapay/callback-signature.ts";
import { pawapayProvider } from "../../adapters/pawapay/pawapay-adapter.ts";
import type { PaymentProvider } from "../../adapters/pawapay/payment-provider.ts";
import { testPaymentProvider } from "../../adapters/test-payments/test-payment-provider.ts";
import { testPaymentRoutes } from "../../adapters/test-payments/test-payment-routes.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { paymentAdminRoutes } from "./payment-admin-routes.ts";
import { paymentRoutes } from "./payment-routes.ts";
import { paymentService, type PaymentService } from "./payment-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The payments capability: "pay for this" for orders, and the reconciliation job. */
    payments: PaymentService & { reconciler: { start(): void; stop(): void } };
  }
}

const CALLBACK_HOST = "payments.internal";

/**
 * Mobile-money payments: pawaPay when a token is configured, otherwise the built-in test
 * provider with its TEST MODE page. Either way the same service, routes and callback checks.
 */
export async function registerPayments(app: FastifyInstance, config: Config, db: Database): Promise<void> {
  let provider: PaymentProvider;
  const pawapay = config.payments.pawapay;
  if (pawapay) {
    provider = pawapayProvider({ baseUrl: pawapay.baseUrl, token: pawapay.token, timeoutMs: pawapay.timeoutMs });
  } else {
    const test = testPaymentProvider(db);
    // Test callbacks travel the real path: signed, then verified by the callback endpoint.
    test.setCallbackSink(async (_kind, body) => {
      const bytes = Buffer.from(JSON.stringify(body));
      const headers = signMessage(
        {
          method: "POST",
          scheme: "http",
          authority: CALLBACK_HOST,
          target: "/api/payments/callback",
          body: bytes,
          contentType: "application/json; charset=UTF-8",
        },
        test.signingKey,
      );
      const response = await app.inject({
        method: "POST",
        url: "/api/payments/callback",
        headers: { ...headers, host: CALLBACK_HOST },
        payload: bytes,
      });
      if (response.statusCode !== 200)
        app.log.error({ status: response.statusCode, body: response.body }, "test-mode callback refused");
    });
    await app.register(testPaymentRoutes, { provider: test });
    provider = test;
    app.log.warn("payments run in TEST MODE (no PAWAPAY_API_TOKEN): no real money moves");
  }

  const service = paymentService({
    db,
    provider,
    log: app.log,
    publicUrl: config.publicUrl,
    onQueued: () => app.outbox.nudge(),
  });
  const keys = cachedKeyStore(() => provider.publicKeys());
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;
  const reconciler = {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running ??= service
          .reconcileDue()
          .catch((error: unknown) => app.log.error({ err: error }, "payment reconciliation failed"))
          .finally(() => {
            running = null;
          });
      }, config.payments.reconcileIntervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  app.decorate("payments", Object.assign(service, { reconciler }));
  // Only a listening server runs the job (tests drive reconcileDue themselves).
  app.addHook("onListen", async () => reconciler.start());
  app.addHook("onClose", async () => {
    reconciler.stop();
    await running;
  });

  await app.register(paymentRoutes, { db, service, provider, keys });
  await app.register(paymentAdminRoutes, { db, service });
}
