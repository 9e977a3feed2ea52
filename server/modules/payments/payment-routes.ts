import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import { defaultLanguage, languages, localizePath } from "#contracts/languages.ts";
import {
  ActiveConfigResponse,
  DepositRequest,
  HostedPaymentRequest,
  PaymentCreated,
  PayoutRequest,
  PredictProviderRequest,
  PredictProviderResponse,
  ProvidersResponse,
  TransactionList,
  TransactionListQuery,
  type ProviderInfo,
} from "#contracts/payment-api.ts";
import {
  HostedPaymentResponse,
  PaymentCountryCode,
  PaymentStatusView,
  encodePaymentResult,
  isFinalStatus,
  type TransactionStatus,
} from "#contracts/payments.ts";
import { verifySignedMessage, type KeyStore } from "../../adapters/pawapay/callback-signature.ts";
import { type OperationType, ProviderError, type PaymentProvider } from "../../adapters/pawapay/payment-provider.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { senderLimit } from "../../lib/sender-limit.ts";
import { recordAudit } from "../../lib/audit.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { completedTotals, listTransactions } from "./payment-repository.ts";
import type { PaymentService } from "./payment-service.ts";
import { customerFailure, receiptPath, toAdminTransaction, toStatusView } from "./payment-views.ts";

const HOSTED_PAYMENT_WINDOW_MS = 10 * 60 * 1000;
/**
 * Payments started for one payer (the mobile-money number) per window, from any network, on the
 * hosted page or by a prompt on the phone alike (decision 0038).
 */
export const HOSTED_PAYMENT_PAYER_LIMIT = { max: 10, timeWindow: HOSTED_PAYMENT_WINDOW_MS };
/**
 * Payments started from one IP address per window, whoever pays. Looser than the payer's: a mobile
 * operator's carrier-grade NAT puts many customers behind one address.
 */
export const HOSTED_PAYMENT_ADDRESS_LIMIT = { max: 60, timeWindow: HOSTED_PAYMENT_WINDOW_MS };
const LOOKUP_RATE_LIMIT = { max: 60, timeWindow: 60 * 1000 };
/** pawaPay retries for 15 minutes; this only stops a flood from one address. */
const CALLBACK_RATE_LIMIT = { max: 1200, timeWindow: 60 * 1000 };
const ADMIN_ONLY = { access: { roles: ["admin" as const] } };

export interface PaymentRoutesOptions {
  db: Database;
  service: PaymentService;
  provider: PaymentProvider;
  keys: KeyStore;
}

const notFound = () => new AppError("not_found", serverT("payments.notFound"), 404);
const IdParams = z.object({ id: z.string().max(64) });
const CountryParams = z.object({
  country: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(PaymentCountryCode),
});

function providerInfos(
  confs: Awaited<ReturnType<PaymentProvider["activeConf"]>>,
  country: string,
  operationType: string,
): ProviderInfo[] {
  return confs.countries
    .filter((c) => c.country === country)
    .flatMap((c) => c.providers)
    .flatMap((p) =>
      p.currencies.flatMap((currency) => {
        const conf = currency.operationTypes[operationType];
        return conf
          ? [
              {
                provider: p.provider,
                displayName: p.displayName,
                currency: currency.currency,
                minAmount: conf.minAmount,
                maxAmount: conf.maxAmount,
                decimals: conf.decimals,
                status: conf.status,
              },
            ]
          : [];
      }),
    );
}

function toolkitError(error: unknown): never {
  if (error instanceof ProviderError) throw new AppError("payments_unavailable", serverT("payments.unavailable"), 503);
  throw error;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { service, provider, db } = options;
  const cachedProviders = async (country: string, operationType: OperationType) =>
    providerInfos(await service.activeConf(country, operationType).catch(toolkitError), country, operationType);

  const perPayer = senderLimit(
    app,
    "payment",
    HOSTED_PAYMENT_PAYER_LIMIT,
    (request) => (request.body as { phoneNumber: string }).phoneNumber,
  );
  app.post(
    "/api/hosted-payment",
    {
      config: { rateLimit: HOSTED_PAYMENT_ADDRESS_LIMIT },
      preHandler: perPayer,
      schema: {
        body: HostedPaymentRequest,
        response: {
          200: HostedPaymentResponse,
          400: ApiErrorBody,
          422: ApiErrorBody,
          429: ApiErrorBody,
          502: ApiErrorBody,
          503: ApiErrorBody,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return service.createHostedPayment({ ...body, ipAddress: request.ip });
    },
  );

  // The browser comes back here from the payment page. Nothing in this request is trusted:
  // the status is read again from the provider before the customer sees anything.
  app.get(
    "/api/payments/return",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        querystring: z.object({
          transactionId: z.string().max(64).optional(),
          depositId: z.string().max(64).optional(),
          // The page the customer paid from (see createHostedPayment); absent: English.
          lang: z.enum(languages).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? defaultLanguage;
      const page = (path: string) => localizePath(path, language);
      const id = request.query.depositId ?? request.query.transactionId ?? "";
      const row = (await service.find(id)) ? await service.refresh(id, "return") : null;
      if (!row) {
        return reply.redirect(
          page(
            `/payment?paymentResult=${encodePaymentResult({
              success: false,
              status: "FAILED",
              error: serverT("payments.notFound", { lng: language }),
            })}`,
          ),
          303,
        );
      }
      const status = row.status as TransactionStatus;
      // An order's payment: back to the order's own page, which shows this payment and what comes next.
      const orderPage = await service.returnPage(row);
      if (orderPage) {
        const separator = orderPage.includes("?") ? "&" : "?";
        return reply.redirect(`${orderPage}${separator}payment=${row.id}`, 303);
      }
      // A plain payment: its receipt (which follows a pending one until it settles).
      if (status === "COMPLETED" || !isFinalStatus(status)) return reply.redirect(receiptPath(row.id, language), 303);
      const result = {
        success: false,
        transactionId: row.id,
        status,
        error:
          customerFailure(row.failureCode, language) ??
          serverT("payments.validation.paymentFailedFallback", { lng: language }),
      };
      return reply.redirect(page(`/payment?paymentResult=${encodePaymentResult(result)}`), 303);
    },
  );

  // Callbacks need the exact bytes received for the digest, so this scope keeps the raw body.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post("/api/payments/callback", { config: { rateLimit: CALLBACK_RATE_LIMIT } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = await verifySignedMessage(
        {
          method: request.method,
          scheme: request.protocol,
          authority: request.host,
          target: request.url,
          headers: request.headers,
          body: raw,
        },
        options.keys,
      );
      if (!verdict.ok) {
        request.log.warn({ reason: verdict.reason }, "payment callback refused");
        throw new AppError("bad_signature", serverT("payments.badSignature"), 401);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new AppError("invalid_json", serverT("invalidJson"), 400);
      }
      const outcome = await service.applyCallback(body);
      return reply.status(200).send({ received: true, ...outcome });
    });
  });

  app.get(
    "/api/active-config/:country",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        params: CountryParams,
        querystring: z.object({ operationType: z.enum(["DEPOSIT", "PAYOUT", "REFUND"]).default("DEPOSIT") }),
        response: { 200: ActiveConfigResponse, 400: ApiErrorBody, 503: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { country } = request.params;
      const { operationType } = request.query;
      reply.header("cache-control", "public, max-age=300");
      return { country, operationType, providers: await cachedProviders(country, operationType) };
    },
  );

  app.get(
    "/api/providers/:country",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: { params: CountryParams, response: { 200: ProvidersResponse, 400: ApiErrorBody, 503: ApiErrorBody } },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { country: request.params.country, providers: await cachedProviders(request.params.country, "DEPOSIT") };
    },
  );

  app.post(
    "/api/predict-provider",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        body: PredictProviderRequest,
        response: { 200: PredictProviderResponse, 400: ApiErrorBody, 503: ApiErrorBody },
      },
    },
    async (request) => {
      try {
        return await provider.predictProvider(request.body.phoneNumber);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "refused") {
          const message = serverT("payments.noProvider");
          throw fieldError("phoneNumber", message);
        }
        return toolkitError(error);
      }
    },
  );

  app.post(
    "/api/deposits",
    {
      config: { rateLimit: HOSTED_PAYMENT_ADDRESS_LIMIT },
      preHandler: perPayer,
      schema: {
        body: DepositRequest,
        response: {
          201: PaymentCreated,
          400: ApiErrorBody,
          422: ApiErrorBody,
          429: ApiErrorBody,
          502: ApiErrorBody,
          503: ApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const row = await service.createDirect("deposit", { ...request.body, ipAddress: request.ip });
      return reply.status(201).send({ transactionId: row.id, status: row.status as TransactionStatus });
    },
  );

  // Public: the receipt page polls it. It carries no phone number and no developer messages.
  app.get(
    "/api/deposits/:id/status",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: { params: IdParams, response: { 200: PaymentStatusView, 404: ApiErrorBody } },
    },
    async (request) => {
      let row = await service.find(request.params.id);
      if (!row || row.kind !== "deposit") throw notFound();
      // A pending payment is re-read at most every 5 seconds, whoever asks.
      if (!isFinalStatus(row.status) && (!row.lastCheckedAt || Date.now() - row.lastCheckedAt.getTime() > 5_000)) {
        row = (await service.refresh(row.id, "status")) ?? row;
      }
      return toStatusView(row);
    },
  );

  app.get(
    "/api/transactions",
    {
      config: ADMIN_ONLY,
      schema: { querystring: TransactionListQuery, response: { 200: TransactionList, 400: ApiErrorBody } },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const [{ items, total }, totals] = await Promise.all([
        listTransactions(db, filters, page, pageSize),
        completedTotals(db, filters),
      ]);
      return { items: items.map(toAdminTransaction), total, page, pageSize, totals };
    },
  );

  app.post(
    "/api/payouts",
    {
      config: ADMIN_ONLY,
      schema: {
        body: PayoutRequest,
        response: { 201: PaymentCreated, 400: ApiErrorBody, 422: ApiErrorBody, 502: ApiErrorBody, 503: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const staff = currentStaff(request);
      const row = await service.createDirect("payout", {
        ...request.body,
        ipAddress: request.ip,
        createdBy: staff.user.id,
      });
      await recordAudit(db, {
        actor: { id: staff.user.id, username: staff.user.username },
        action: "payment.payout",
        targetType: "payment",
        targetId: row.id,
        details: { amount: row.amount, currency: row.currency, phoneNumber: row.phoneNumber, status: row.status },
        ipAddress: request.ip,
      });
      return reply.status(201).send({ transactionId: row.id, status: row.status as TransactionStatus });
    },
  );

  app.get(
    "/api/payouts/:id/status",
    { config: ADMIN_ONLY, schema: { params: IdParams, response: { 200: PaymentStatusView, 404: ApiErrorBody } } },
    async (request) => {
      const row = await service.find(request.params.id);
      if (!row || row.kind !== "payout") throw notFound();
      return toStatusView((await service.refresh(row.id, "status")) ?? row);
    },
  );
};
