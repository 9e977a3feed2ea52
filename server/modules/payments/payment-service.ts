import type { FastifyBaseLogger } from "fastify";
import type { PaymentStatusView } from "#contracts/payments.ts";
import type { PaymentProvider } from "../../adapters/pawapay/payment-provider.ts";
import type { Database } from "../../db/client.ts";
import { paymentCreation } from "./payment-creation.ts";
import { amountLimits } from "./payment-limits.ts";
import { paymentOutcomes } from "./payment-outcomes.ts";
import { paymentRefunds } from "./payment-refunds.ts";
import { findByOrder, findTransaction, type TransactionRow } from "./payment-repository.ts";
import { paymentStatus } from "./payment-status.ts";
import { toStatusView } from "./payment-views.ts";

export type PaymentService = ReturnType<typeof paymentService>;

/**
 * The payments capability, put together from its parts: taking payments (payment-creation), their
 * status afterwards (payment-status), what a final status sets off (payment-outcomes), refunds
 * (payment-refunds), the provider's live limits (payment-limits), and the lookups below.
 */
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
  const refundFulfiller = provider.mode === "live" ? "pawapay" : "test-payments";
  const outcomes = paymentOutcomes({ log, publicUrl, refundFulfiller, onQueued: deps.onQueued });
  const limits = amountLimits({ provider, log });
  const status = paymentStatus({
    db,
    provider,
    log,
    onFinal: outcomes.onFinal,
    onRefundFinal: outcomes.onRefundFinal,
  });
  const creation = paymentCreation({
    db,
    provider,
    log,
    publicUrl,
    checkAmount: limits.checkAmount,
    refresh: status.refresh,
  });
  const refunds = paymentRefunds({
    db,
    provider,
    log,
    refresh: status.refresh,
    onRefundFinal: outcomes.onRefundFinal,
  });

  return {
    mode: provider.mode,
    ...outcomes.hooks,
    ...creation,
    ...status,
    ...refunds,

    async find(id: string): Promise<TransactionRow | null> {
      return /^[0-9a-f-]{36}$/i.test(id) ? findTransaction(db, id) : null;
    },

    /** The payments of one order, newest first (for the ordering capability's screens). */
    async paymentsForOrder(orderType: string, orderRef: string): Promise<PaymentStatusView[]> {
      return (await findByOrder(db, orderType, orderRef, "deposit")).map(toStatusView);
    },

    /** Who sends refunds: an order step's fulfiller. */
    refundFulfiller,

    /** The provider's live configuration, kept per instance (payment-limits.ts). */
    activeConf: limits.activeConf,
  };
}
