import type { FastifyBaseLogger } from "fastify";
import { providerDisplayName } from "#contracts/payments.ts";
import { formatDateIn } from "#contracts/dates.ts";
import { languageLocales } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import { asLanguage, serverT } from "../../lib/i18n.ts";
import type { OrderPayment, OrderRefundOutcome } from "../../lib/orders.ts";
import { queueEmail } from "../notifications/index.ts";
import type { TransactionRow } from "./payment-repository.ts";
import { receiptPath } from "./payment-views.ts";

/**
 * The page a customer comes back to after paying for an order (its own page, in the order's
 * language); null when the order is gone.
 */
export type OrderPageResolver = (orderRef: string) => Promise<string | null>;

/** What another capability (domain or VPS orders) hears when its order's payment completes. */
export type OrderPaidHandler = (db: Database, payment: OrderPayment) => Promise<void>;

export type OrderRefundHandler = (db: Database, outcome: OrderRefundOutcome) => Promise<void>;

/**
 * What a payment reaching its final status sets off, in the transaction that stores it: the
 * payer's receipt, and the ordering capability (domain or VPS orders) that registered for its
 * order type hears that it was paid or how its refund ended.
 */
export function paymentOutcomes(deps: {
  log: FastifyBaseLogger;
  /** The site's public address: links in receipts. */
  publicUrl: string;
  /** Who sends refunds: an order step's fulfiller. */
  refundFulfiller: string;
  /** Email was queued (the outbox sends it at once instead of at its next round). */
  onQueued?: (() => void) | undefined;
}) {
  const { log, publicUrl, refundFulfiller } = deps;
  const orderHandlers = new Map<string, OrderPaidHandler>();
  const refundHandlers = new Map<string, OrderRefundHandler>();
  const orderPages = new Map<string, OrderPageResolver>();

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

  return {
    /** A deposit or payout completed, or a refund ended: for applyTransition's completion hook. */
    onFinal,
    /** A refund ended (completed or failed): for applyTransition's failure hook. */
    onRefundFinal,

    /** The registrations an ordering capability makes, part of the payments service. */
    hooks: {
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

      /** Lets a capability hear how the refunds of its orders' payments end (in the refund's transaction). */
      onOrderRefund(orderType: string, handler: OrderRefundHandler): void {
        refundHandlers.set(orderType, handler);
      },
    },
  };
}
