import type { FastifyBaseLogger } from "fastify";
import { PAYMENT_PAGE_LIFETIME_MS, isFinalStatus, type TransactionStatus } from "#contracts/payments.ts";
import type { PaymentProvider, ProviderPaymentState } from "../../adapters/pawapay/payment-provider.ts";
import { PawapayCallback } from "../../adapters/pawapay/pawapay-schemas.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import {
  applyTransition,
  claimDueChecks,
  findTransaction,
  recordEvent,
  touchChecked,
  type TransactionRow,
} from "./payment-repository.ts";
import { KNOWN_PROVIDER_STATUSES, ourStatus } from "./payment-state.ts";

const MAX_CHECK_DELAY_MS = 10 * 60 * 1000;

/** When a pending payment's status is read again: backing off, and right after its payment page has expired. */
export function nextCheck(row: Pick<TransactionRow, "createdAt" | "flow" | "checkAttempts">): Date {
  const delay = Math.min(30_000 * 2 ** Math.min(row.checkAttempts, 10), MAX_CHECK_DELAY_MS);
  let at = Date.now() + delay;
  // A page not paid within 15 minutes never will be: check right after that moment.
  const pageEnd = row.createdAt.getTime() + PAYMENT_PAGE_LIFETIME_MS + 5_000;
  if (Date.now() < pageEnd && at > pageEnd) at = pageEnd;
  return new Date(at);
}

/** What a final status sets off (see paymentOutcomes), run in the transaction that stores it. */
type FinalHook = (tx: Database, row: TransactionRow) => Promise<void>;

/**
 * A payment's status after its creation: the provider's callback, a re-read of its status (the
 * return URL, staff's re-check) and the reconciliation job that re-reads every payment still due.
 */
export function paymentStatus(deps: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  onFinal: FinalHook;
  onRefundFinal: FinalHook;
}) {
  const { db, provider, log, onFinal, onRefundFinal } = deps;

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
  };
}
