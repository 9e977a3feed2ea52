import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  PAYMENT_PAGE_LIFETIME_MS,
  isFinalStatus,
  paymentCountry,
  providerDisplayName,
  type AdminTransaction,
  type PaymentStatusView,
  type TransactionStatus,
} from "#contracts/payments.ts";
import {
  ProviderError,
  type OperationConf,
  type PaymentProvider,
  type ProviderPaymentState,
} from "../../adapters/pawapay/payment-provider.ts";
import { PawapayCallback } from "../../adapters/pawapay/pawapay-schemas.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { asLanguage, currentLanguage, serverT } from "../../lib/i18n.ts";
import { queueEmail } from "../notifications/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import { formatDateIn } from "#contracts/dates.ts";
import { defaultLanguage, languageLocales, localizePath, type Language } from "#contracts/languages.ts";
import {
  applyTransition,
  claimDueChecks,
  findByOrder,
  findTransaction,
  insertTransaction,
  recordEvent,
  refundsOf,
  touchChecked,
  type TransactionRow,
} from "./payment-repository.ts";
import { KNOWN_PROVIDER_STATUSES, ourStatus } from "./payment-state.ts";

/**
 * The page a customer comes back to after paying for an order (its own page, in the order's
 * language); null when the order is gone.
 */
export type OrderPageResolver = (orderRef: string) => Promise<string | null>;

/** What another capability (domain or VPS orders) hears when its order's payment completes. */
export type OrderPaidHandler = (
  db: Database,
  payment: { orderRef: string; transactionId: string; amount: string; currency: string },
) => Promise<void>;

/** How a refund of an order's payment ended: the order moves to refunded, or staff look again. */
export interface OrderRefundOutcome {
  orderRef: string;
  refundId: string;
  depositId: string;
  status: "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  /** Who sent it: "pawapay", or "test-payments" in test mode (an order step's fulfiller). */
  fulfiller: string;
  /** The provider's own words: status, its transaction id or its failure code and message. */
  answer: string;
}
export type OrderRefundHandler = (db: Database, outcome: OrderRefundOutcome) => Promise<void>;

/** Staff approved giving an order's payment back. */
export interface RefundRequestInput {
  orderType: string;
  orderRef: string;
  /** The order's completed deposit. */
  depositId: string;
  /** The member of staff who approved it. */
  createdBy: string;
  ipAddress?: string | undefined;
}

export interface NewPayment {
  phoneNumber: string;
  /** Where the receipt is emailed (an order's email, or the one given on /payment). */
  email?: string | undefined;
  amount: number;
  currency: string;
  country: string;
  description: string;
  provider?: string;
  ipAddress?: string;
  orderType?: string;
  orderRef?: string;
  createdBy?: string;
}

const CONF_TTL_MS = 5 * 60 * 1000;
const MAX_CHECK_DELAY_MS = 10 * 60 * 1000;

/** A customer-facing reason for a failure code (never pawaPay's developer message). */
export function customerFailure(code: string | null, lng?: Language): string | null {
  if (!code) return null;
  const key = `payments.failure.${code}`;
  const options = lng ? { lng } : {};
  try {
    return serverT(key, options);
  } catch {
    return serverT("payments.failure.other", options);
  }
}

export function toAdminTransaction(row: TransactionRow): AdminTransaction {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as TransactionStatus,
    providerStatus: row.providerStatus,
    amount: row.amount,
    currency: row.currency,
    country: row.country,
    phoneNumber: row.phoneNumber,
    provider: row.provider,
    providerTransactionId: row.providerTransactionId,
    description: row.description,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    orderType: row.orderType,
    orderRef: row.orderRef,
    testMode: row.mode === "test",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toStatusView(row: TransactionRow): PaymentStatusView {
  return {
    transactionId: row.id,
    kind: row.kind,
    status: row.status as TransactionStatus,
    amount: row.amount,
    currency: row.currency,
    country: row.country,
    provider: row.provider,
    providerName: providerDisplayName(row.provider),
    providerTransactionId: row.providerTransactionId,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.status === "COMPLETED" ? null : customerFailure(row.failureCode),
    testMode: row.mode === "test",
  };
}

export type PaymentService = ReturnType<typeof paymentService>;

/** The public receipt of a payment, in the payer's language. */
export function receiptPath(transactionId: string, language: string | null): string {
  return localizePath(`/payment/receipt?transactionId=${transactionId}`, asLanguage(language));
}

export function paymentService(deps: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The site's public address: links in receipts. */
  publicUrl: string;
  /** Email was queued (the outbox sends it at once instead of at its next round). */
  onQueued?: () => void;
}) {
  const { db, provider, log, publicUrl } = deps;
  const orderHandlers = new Map<string, OrderPaidHandler>();
  const refundHandlers = new Map<string, OrderRefundHandler>();
  const refundFulfiller = provider.mode === "live" ? "pawapay" : "test-payments";
  const orderPages = new Map<string, OrderPageResolver>();
  const confCache = new Map<string, { at: number; value: Promise<OperationConf[]> }>();

  /** Every completed deposit with an address gets its receipt by email, in the payer's language. */
  async function queueReceipt(tx: Database, row: TransactionRow): Promise<void> {
    if (row.kind !== "deposit" || !row.email) return;
    const lng = asLanguage(row.language);
    const locale = languageLocales[lng].intl;
    const values = {
      lng,
      ns: "email" as const,
      amount: Number(row.amount).toLocaleString(locale, { maximumFractionDigits: 2 }),
      currency: row.currency,
      provider: providerDisplayName(row.provider) ?? serverT("receipt.unknownProvider", { ns: "email", lng }),
      date: formatDateIn(lng, row.completedAt ?? new Date(), {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Africa/Kigali",
      }),
      description: row.description ?? "",
      transactionId: row.id,
      receiptUrl: `${publicUrl}${receiptPath(row.id, row.language)}`,
    };
    await queueEmail(tx, {
      kind: "payments.receipt",
      toAddress: row.email,
      subject: serverT("receipt.subject", values),
      textBody: serverT(row.mode === "test" ? "receipt.bodyTest" : "receipt.body", values),
    });
  }

  const onCompleted = async (tx: Database, row: TransactionRow) => {
    log.info({ transactionId: row.id, amount: row.amount, currency: row.currency }, "payment completed");
    await queueReceipt(tx, row);
    // Sent once this transaction commits (the outbox only sees committed rows).
    if (row.email) setImmediate(() => deps.onQueued?.());
    if (!row.orderType || !row.orderRef) return;
    const handler = orderHandlers.get(row.orderType);
    if (!handler) {
      log.error(
        { transactionId: row.id, orderType: row.orderType },
        "completed payment for an order type nobody handles",
      );
      return;
    }
    await handler(tx, { orderRef: row.orderRef, transactionId: row.id, amount: row.amount, currency: row.currency });
  };

  /** A refund's outcome in the provider's words, for the order's fulfilment step. */
  function refundAnswer(row: TransactionRow): string {
    if (row.status === "COMPLETED")
      return row.providerTransactionId ? `COMPLETED ${row.providerTransactionId}` : "COMPLETED";
    if (row.status === "FAILED")
      return [`FAILED ${row.failureCode ?? ""}`.trim(), row.failureMessage].filter(Boolean).join(": ");
    return row.providerStatus ?? row.status;
  }

  /** A refund reached its final status: audited, and its order told (in the same transaction). */
  const onRefundFinal = async (tx: Database, row: TransactionRow) => {
    if (row.kind !== "refund") return;
    const status = row.status as "COMPLETED" | "FAILED";
    const say = status === "COMPLETED" ? log.info.bind(log) : log.warn.bind(log);
    say({ refundId: row.id, depositId: row.refundOf, status, failureCode: row.failureCode }, "refund final");
    await recordAudit(tx, {
      actor: { id: null, username: refundFulfiller },
      action: status === "COMPLETED" ? "payment.refund.completed" : "payment.refund.failed",
      targetType: "payment",
      targetId: row.id,
      details: {
        depositId: row.refundOf,
        amount: row.amount,
        currency: row.currency,
        orderType: row.orderType,
        orderRef: row.orderRef,
        ...(row.failureCode ? { failureCode: row.failureCode } : {}),
      },
    });
    if (!row.orderType || !row.orderRef || !row.refundOf) return;
    const handler = refundHandlers.get(row.orderType);
    if (!handler) {
      log.error({ refundId: row.id, orderType: row.orderType }, "refund for an order type nobody handles");
      return;
    }
    await handler(tx, {
      orderRef: row.orderRef,
      refundId: row.id,
      depositId: row.refundOf,
      status,
      amount: row.amount,
      currency: row.currency,
      fulfiller: refundFulfiller,
      answer: refundAnswer(row),
    });
    setImmediate(() => deps.onQueued?.());
  };
  const onFinal = async (tx: Database, row: TransactionRow) =>
    row.kind === "refund" ? onRefundFinal(tx, row) : onCompleted(tx, row);

  /** Live limits of every provider in a country for one operation (active-conf, cached per instance). */
  function operationConfs(
    country: string,
    currency: string,
    operation: "DEPOSIT" | "PAYOUT",
    providerCode?: string,
  ): Promise<OperationConf[]> {
    const key = `${country}:${currency}:${operation}:${providerCode ?? "*"}`;
    const cached = confCache.get(key);
    if (cached && Date.now() - cached.at < CONF_TTL_MS) return cached.value;
    const value = provider.activeConf({ country, operationType: operation }).then((conf) =>
      conf.countries
        .filter((c) => c.country === country)
        .flatMap((c) => c.providers)
        .filter((p) => !providerCode || p.provider === providerCode)
        .flatMap((p) => p.currencies.filter((c) => c.currency === currency).map((c) => c.operationTypes[operation]))
        .filter((c): c is OperationConf => Boolean(c)),
    );
    confCache.set(key, { at: Date.now(), value });
    value.catch(() => confCache.delete(key));
    return value;
  }

  /** Rejects, before anything is created, amounts the provider would refuse (decimals, live min/max, closed). */
  async function checkAmount(input: NewPayment, operation: "DEPOSIT" | "PAYOUT"): Promise<void> {
    const amountField = (message: string) => fieldError("amount", message);
    // pawaPay takes whole amounts in all three countries (RWF and UGX have no minor unit; M-Pesa deposits none).
    if (!Number.isInteger(input.amount))
      throw amountField(serverT("payments.amountDecimals", { currency: input.currency }));
    let confs: OperationConf[];
    try {
      confs = await operationConfs(input.country, input.currency, operation, input.provider);
    } catch (error) {
      // Without live limits the provider still checks them; do not block the payment on the toolkit.
      log.warn({ err: error }, "active-conf unavailable; creating the payment without the limit check");
      return;
    }
    if (confs.length === 0) return;
    const open = confs.filter((c) => c.status !== "CLOSED");
    if (open.length === 0) throw new AppError("provider_closed", serverT("payments.providerClosed"), 503);
    const mins = open.map((c) => Number(c.minAmount)).filter(Number.isFinite);
    const maxes = open.map((c) => Number(c.maxAmount)).filter(Number.isFinite);
    const min = mins.length ? Math.min(...mins) : null;
    const max = maxes.length ? Math.max(...maxes) : null;
    if (min !== null && input.amount < min)
      throw amountField(serverT("payments.amountBelowMin", { min, currency: input.currency }));
    if (max !== null && input.amount > max)
      throw amountField(serverT("payments.amountAboveMax", { max, currency: input.currency }));
  }

  function nextCheck(row: Pick<TransactionRow, "createdAt" | "flow" | "checkAttempts">): Date {
    const delay = Math.min(30_000 * 2 ** Math.min(row.checkAttempts, 10), MAX_CHECK_DELAY_MS);
    let at = Date.now() + delay;
    // A page not paid within 15 minutes never will be: check right after that moment.
    const pageEnd = row.createdAt.getTime() + PAYMENT_PAGE_LIFETIME_MS + 5_000;
    if (Date.now() < pageEnd && at > pageEnd) at = pageEnd;
    return new Date(at);
  }

  /** Maps a rejection at creation to a 4xx that names the field the customer can fix. */
  function rejectionError(code: string): AppError {
    const message = customerFailure(code) ?? serverT("payments.failure.other");
    const field =
      code.startsWith("AMOUNT") || code === "INVALID_AMOUNT"
        ? "amount"
        : code === "INVALID_PHONE_NUMBER"
          ? "phoneNumber"
          : code === "INVALID_CURRENCY"
            ? "currency"
            : null;
    if (code === "PROVIDER_TEMPORARILY_UNAVAILABLE") return new AppError("provider_unavailable", message, 503);
    return new AppError(
      "payment_rejected",
      message,
      field ? 400 : 422,
      field ? { fields: { [field]: message } } : undefined,
    );
  }

  async function failAtCreation(
    row: TransactionRow,
    failureCode: string,
    failureMessage: string | null,
    raw: unknown,
  ): Promise<void> {
    await applyTransition(
      db,
      row.id,
      { status: "FAILED", failureCode, failureMessage },
      { source: "create:rejected", raw },
    );
  }

  async function insertNew(
    input: NewPayment,
    kind: "deposit" | "payout",
    flow: "payment_page" | "direct",
    language: Language = currentLanguage(),
  ): Promise<TransactionRow> {
    const createdAt = new Date();
    const row = await insertTransaction(db, {
      id: randomUUID(),
      kind,
      flow,
      status: "PAYMENT_INITIATED",
      amount: String(input.amount),
      currency: input.currency,
      country: input.country,
      phoneNumber: input.phoneNumber,
      provider: input.provider ?? null,
      description: input.description,
      mode: provider.mode,
      orderType: input.orderType ?? null,
      orderRef: input.orderRef ?? null,
      email: input.email?.trim() || null,
      language,
      createdBy: input.createdBy ?? null,
      ipAddress: input.ipAddress ?? null,
      nextCheckAt: new Date(createdAt.getTime() + 60_000),
      createdAt,
      updatedAt: createdAt,
    });
    await recordEvent(db, { transactionId: row.id, source: "created", toStatus: row.status, applied: true });
    return row;
  }

  /** Unknown outcome: keep the payment pending for the reconciliation job; tell the caller to retry later. */
  async function unknownOutcome(row: TransactionRow, source: string, error: ProviderError): Promise<never> {
    log.warn({ transactionId: row.id, err: error.message }, "payment provider outcome unknown");
    await recordEvent(db, {
      transactionId: row.id,
      source,
      applied: false,
      raw: { error: error.message, httpStatus: error.httpStatus, body: error.raw },
    });
    throw new AppError("payments_unavailable", serverT("payments.unavailable"), 503);
  }

  async function predictedProvider(input: NewPayment): Promise<string> {
    if (input.provider) return input.provider;
    try {
      return (await provider.predictProvider(input.phoneNumber)).provider;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "refused") {
        const message = serverT("payments.noProvider");
        throw fieldError("phoneNumber", message);
      }
      throw new AppError("payments_unavailable", serverT("payments.unavailable"), 503);
    }
  }

  async function refresh(id: string, source: string): Promise<TransactionRow | null> {
    const row = await findTransaction(db, id);
    if (!row) return null;
    if (row.status === "COMPLETED" || row.status === "FAILED") {
      await touchChecked(db, id, null);
      return row;
    }
    let state: ProviderPaymentState;
    try {
      state =
        row.kind === "deposit"
          ? await provider.getDeposit(id)
          : row.kind === "refund"
            ? await provider.getRefund(id)
            : await provider.getPayout(id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ transactionId: id, err: message }, "payment status check failed; will retry");
      await recordEvent(db, { transactionId: id, source: `${source}:error`, raw: { error: message } });
      await touchChecked(db, id, nextCheck(row));
      return row;
    }
    if (!state.found) {
      const expired = state.sessionExpired === true || Date.now() - row.createdAt.getTime() >= PAYMENT_PAGE_LIFETIME_MS;
      if (expired) {
        // pawaPay: NOT_FOUND after 15 minutes means it never happened (page abandoned or never reached).
        const status: TransactionStatus = row.flow === "payment_page" ? "TIMEOUT" : "FAILED";
        return (
          await applyTransition(
            db,
            id,
            { status, providerStatus: "NOT_FOUND", failureCode: status === "TIMEOUT" ? "TIMEOUT" : "NOT_FOUND" },
            { source, raw: state.raw },
            undefined,
            onRefundFinal,
          )
        ).row;
      }
      return (
        await applyTransition(
          db,
          id,
          { status: row.status as TransactionStatus, providerStatus: "NOT_FOUND", nextCheckAt: nextCheck(row) },
          { source, raw: state.raw },
        )
      ).row;
    }
    if (!KNOWN_PROVIDER_STATUSES.has(state.status))
      log.error(
        { transactionId: id, providerStatus: state.status },
        "unknown provider status; keeping the payment pending",
      );
    if (state.status === "COMPLETED" && state.amount !== null && Number(state.amount) !== Number(row.amount)) {
      log.error(
        { transactionId: id, expected: row.amount, received: state.amount },
        "completed amount differs from the amount asked",
      );
    }
    const result = await applyTransition(
      db,
      id,
      {
        status: ourStatus(state.status),
        providerStatus: state.status,
        provider: state.provider,
        providerTransactionId: state.providerTransactionId,
        failureCode: state.failureCode,
        failureMessage: state.failureMessage,
        nextCheckAt: nextCheck(row),
      },
      { source, raw: state.raw },
      onFinal,
      onRefundFinal,
    );
    return result.row;
  }

  return {
    mode: provider.mode,

    /** Lets a capability hear about its orders' completed payments (once per payment, in the same transaction). */
    onOrderPaid(orderType: string, handler: OrderPaidHandler): void {
      orderHandlers.set(orderType, handler);
    },

    /** Lets a capability send its customers back to their order's page after paying. */
    onOrderReturn(orderType: string, resolver: OrderPageResolver): void {
      orderPages.set(orderType, resolver);
    },

    /** The order page a payment's customer comes back to; null for a plain payment (or a vanished order). */
    async returnPage(row: TransactionRow): Promise<string | null> {
      if (!row.orderType || !row.orderRef) return null;
      const resolver = orderPages.get(row.orderType);
      return resolver ? resolver(row.orderRef) : null;
    },

    /**
     * POST /api/hosted-payment and "pay for this": stores the payment, then opens the provider's page.
     * `language`: the page the customer pays from (the request's); they come back to it in that language.
     */
    async createHostedPayment(
      input: NewPayment,
      language: Language = currentLanguage(),
    ): Promise<{ transactionId: string; redirectUrl: string }> {
      await checkAmount(input, "DEPOSIT");
      const row = await insertNew(input, "deposit", "payment_page", language);
      const lang = language === defaultLanguage ? "" : `&lang=${language}`;
      // PUBLIC_URL, never the request's Host header: pawaPay sends the customer wherever this says.
      const returnUrl = `${publicUrl}/api/payments/return?transactionId=${row.id}${lang}`;
      const country = paymentCountry(input.country);
      try {
        const result = await provider.createPaymentPage({
          depositId: row.id,
          returnUrl,
          amount: String(input.amount),
          currency: input.currency,
          country: country?.code ?? input.country,
          phoneNumber: input.phoneNumber,
          customerMessage: input.description,
          reason: input.description,
          // pawaPay's page speaks English and French.
          language: language === "fr" ? "FR" : "EN",
          metadata: [{ transactionId: row.id }, ...(input.orderRef ? [{ orderRef: input.orderRef }] : [])],
        });
        if (result.kind === "rejected") {
          await failAtCreation(row, result.failureCode, result.failureMessage, result.raw);
          throw rejectionError(result.failureCode);
        }
        await recordEvent(db, {
          transactionId: row.id,
          source: "provider:paymentpage",
          applied: false,
          raw: result.raw,
        });
        return { transactionId: row.id, redirectUrl: result.redirectUrl };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind === "unavailable") return unknownOutcome(row, "provider:paymentpage:error", error);
        // A technical refusal (4xx) created no page: nothing can be paid under this id.
        log.error({ transactionId: row.id, err: error.message }, "payment provider refused the payment page request");
        await failAtCreation(row, error.failureCode ?? `HTTP_${error.httpStatus}`, error.message, error.raw);
        throw new AppError("provider_refused", serverT("payments.providerRefused"), 502);
      }
    },

    /** POST /api/deposits and POST /api/payouts: a PIN-prompt deposit or a payout, no hosted page. */
    async createDirect(kind: "deposit" | "payout", input: NewPayment): Promise<TransactionRow> {
      const providerCode = await predictedProvider(input);
      const withProvider = { ...input, provider: providerCode };
      await checkAmount(withProvider, kind === "deposit" ? "DEPOSIT" : "PAYOUT");
      const row = await insertNew(withProvider, kind, "direct");
      const request = {
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        phoneNumber: row.phoneNumber,
        provider: providerCode,
        customerMessage: input.description,
        metadata: [{ transactionId: row.id }],
      };
      try {
        const result =
          kind === "deposit" ? await provider.initiateDeposit(request) : await provider.initiatePayout(request);
        if (result.kind === "rejected") {
          await failAtCreation(row, result.failureCode, result.failureMessage, result.raw);
          throw rejectionError(result.failureCode);
        }
        if (result.kind === "duplicate") return (await refresh(row.id, "provider:duplicate")) ?? row;
        return (
          (
            await applyTransition(
              db,
              row.id,
              { status: "ACCEPTED", providerStatus: "ACCEPTED", nextCheckAt: nextCheck(row) },
              { source: `provider:${kind}`, raw: result.raw },
            )
          ).row ?? row
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind === "unavailable") return unknownOutcome(row, `provider:${kind}:error`, error);
        await failAtCreation(row, error.failureCode ?? `HTTP_${error.httpStatus}`, error.message, error.raw);
        throw new AppError("provider_refused", serverT("payments.providerRefused"), 502);
      }
    },

    /** Re-reads a payment's status from the provider and applies it (return URL, re-check, reconciliation). */
    refresh,

    /** A verified callback: the provider's final word on a deposit or payout. */
    async applyCallback(body: unknown): Promise<{ known: boolean; changed: boolean }> {
      const parsed = PawapayCallback.safeParse(body);
      if (!parsed.success) throw new AppError("bad_callback", serverT("payments.badCallback"), 400);
      const { id, status } = parsed.data;
      if (!/^[0-9a-f-]{36}$/i.test(id)) return { known: false, changed: false };
      const result = await applyTransition(
        db,
        id,
        {
          status: ourStatus(status),
          providerStatus: status,
          provider: parsed.data.provider,
          providerTransactionId: parsed.data.providerTransactionId,
          failureCode: parsed.data.failureCode,
          failureMessage: parsed.data.failureMessage,
        },
        { source: "callback", raw: body },
        onFinal,
        onRefundFinal,
      );
      if (!result.row) log.warn({ id, status }, "callback for a payment we do not know");
      return { known: result.row !== null, changed: result.changed };
    },

    async find(id: string): Promise<TransactionRow | null> {
      return /^[0-9a-f-]{36}$/i.test(id) ? findTransaction(db, id) : null;
    },

    /** The payments of one order, newest first (for the ordering capability's screens). */
    async paymentsForOrder(orderType: string, orderRef: string): Promise<PaymentStatusView[]> {
      return (await findByOrder(db, orderType, orderRef, "deposit")).map(toStatusView);
    },

    /** Lets a capability hear how the refunds of its orders' payments end (in the refund's transaction). */
    onOrderRefund(orderType: string, handler: OrderRefundHandler): void {
      refundHandlers.set(orderType, handler);
    },

    /** Who sends refunds: an order step's fulfiller. */
    refundFulfiller,

    /** The latest refund of an order's payments, if any (what staff see before approving another). */
    async latestRefund(orderType: string, orderRef: string): Promise<PaymentStatusView | null> {
      const [latest] = await findByOrder(db, orderType, orderRef, "refund");
      return latest ? toStatusView(latest) : null;
    },

    /**
     * Staff approved a refund of an order's completed deposit: the refund is stored under its own
     * id first (one not FAILED per deposit, enforced by the database), then sent to the provider.
     * An unknown outcome leaves it pending for the reconciliation job; a rejection fails it.
     * Either way the order hears the final status through onOrderRefund.
     */
    async refundOrderPayment(input: RefundRequestInput): Promise<TransactionRow> {
      const deposit = await findTransaction(db, input.depositId);
      if (
        !deposit ||
        deposit.kind !== "deposit" ||
        deposit.orderType !== input.orderType ||
        deposit.orderRef !== input.orderRef
      )
        throw new AppError("not_found", serverT("payments.notFound"), 404);
      if (deposit.status !== "COMPLETED")
        throw new AppError("refund_not_possible", serverT("payments.refundNotCompleted"), 409);
      const createdAt = new Date();
      let row: TransactionRow;
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await insertTransaction(tx, {
            id: randomUUID(),
            kind: "refund",
            flow: "direct",
            status: "PAYMENT_INITIATED",
            amount: deposit.amount,
            currency: deposit.currency,
            country: deposit.country,
            phoneNumber: deposit.phoneNumber,
            provider: deposit.provider,
            description: deposit.description,
            refundOf: deposit.id,
            mode: provider.mode,
            orderType: deposit.orderType,
            orderRef: deposit.orderRef,
            email: deposit.email,
            language: deposit.language,
            createdBy: input.createdBy,
            ipAddress: input.ipAddress ?? null,
            nextCheckAt: new Date(createdAt.getTime() + 60_000),
            createdAt,
            updatedAt: createdAt,
          });
          await recordEvent(tx, {
            transactionId: inserted.id,
            source: "created",
            toStatus: inserted.status,
            applied: true,
          });
          return inserted;
        });
      } catch (error) {
        // The partial unique index: a refund of this deposit is under way or done.
        const earlier = (await refundsOf(db, deposit.id)).find((r) => r.status !== "FAILED");
        if (earlier) throw new AppError("refund_exists", serverT("payments.refundExists"), 409);
        throw error;
      }
      try {
        const result = await provider.initiateRefund({
          refundId: row.id,
          depositId: deposit.id,
          amount: row.amount,
          currency: row.currency,
          metadata: [{ transactionId: row.id }, ...(row.orderRef ? [{ orderRef: row.orderRef }] : [])],
        });
        if (result.kind === "rejected") {
          return (
            (
              await applyTransition(
                db,
                row.id,
                { status: "FAILED", failureCode: result.failureCode, failureMessage: result.failureMessage },
                { source: "create:rejected", raw: result.raw },
                undefined,
                onRefundFinal,
              )
            ).row ?? row
          );
        }
        if (result.kind === "duplicate") return (await refresh(row.id, "provider:duplicate")) ?? row;
        return (
          (
            await applyTransition(
              db,
              row.id,
              { status: "ACCEPTED", providerStatus: "ACCEPTED", nextCheckAt: nextCheck(row) },
              { source: "provider:refund", raw: result.raw },
            )
          ).row ?? row
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind === "unavailable") {
          // Maybe sent, maybe not: the reconciliation job asks pawaPay (GET /v2/refunds/{id}) and settles it.
          log.warn({ refundId: row.id, err: error.message }, "refund outcome unknown; reconciliation will check");
          await recordEvent(db, {
            transactionId: row.id,
            source: "provider:refund:error",
            raw: { error: error.message, httpStatus: error.httpStatus, body: error.raw },
          });
          return row;
        }
        return (
          (
            await applyTransition(
              db,
              row.id,
              {
                status: "FAILED",
                failureCode: error.failureCode ?? `HTTP_${error.httpStatus}`,
                failureMessage: error.message,
              },
              { source: "create:refused", raw: error.raw },
              undefined,
              onRefundFinal,
            )
          ).row ?? row
        );
      }
    },

    /** One round of the reconciliation job: every due non-final payment is re-read. */
    async reconcileDue(limit = 20): Promise<number> {
      let checked = 0;
      for (;;) {
        const due = await claimDueChecks(db, limit, 120_000);
        if (due.length === 0) return checked;
        for (const row of due) {
          if (isFinalStatus(row.status) && row.status !== "TIMEOUT") continue;
          await refresh(row.id, "reconcile");
          checked += 1;
        }
        if (due.length < limit) return checked;
      }
    },

    activeConfs: operationConfs,
  };
}
