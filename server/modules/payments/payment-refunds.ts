import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentStatusView } from "#contracts/payments.ts";
import { ProviderError, type PaymentProvider } from "../../adapters/pawapay/payment-provider.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import {
  applyTransition,
  findByOrder,
  findTransaction,
  insertTransaction,
  recordEvent,
  refundsOf,
  type TransactionRow,
} from "./payment-repository.ts";
import { nextCheck } from "./payment-status.ts";
import { toStatusView } from "./payment-views.ts";

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

/** Giving an order's completed payment back, once staff approved it. */
export function paymentRefunds(deps: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  refresh: (id: string, source: string) => Promise<TransactionRow | null>;
  /** Tells the order how its refund ended (see paymentOutcomes). */
  onRefundFinal: (tx: Database, row: TransactionRow) => Promise<void>;
}) {
  const { db, provider, log, refresh, onRefundFinal } = deps;

  return {
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
  };
}
