import type { TransactionStatus } from "#contracts/payments.ts";

/**
 * The one direction a payment moves. TIMEOUT is our inference (the page was never paid), so the
 * provider's own final word (COMPLETED or FAILED) may still replace it; COMPLETED and FAILED are final.
 */
const RANK: Record<TransactionStatus, number> = {
  PAYMENT_INITIATED: 0,
  ACCEPTED: 1,
  PENDING: 2,
  TIMEOUT: 3,
  COMPLETED: 4,
  FAILED: 4,
};

export function canMove(from: string, to: TransactionStatus): boolean {
  const fromRank = RANK[from as TransactionStatus];
  return fromRank === undefined || RANK[to] > fromRank;
}

/** Statuses a payment may be in for a move to `to` to apply. */
export function statusesBefore(to: TransactionStatus): TransactionStatus[] {
  return (Object.keys(RANK) as TransactionStatus[]).filter((status) => RANK[status] < RANK[to]);
}

/**
 * pawaPay's lifecycle status to ours. Anything we do not know stays pending (and is logged):
 * unknown statuses are escalated, never guessed into a failure.
 */
export function ourStatus(providerStatus: string): TransactionStatus {
  switch (providerStatus) {
    case "ACCEPTED":
      return "ACCEPTED";
    case "COMPLETED":
      return "COMPLETED";
    case "FAILED":
      return "FAILED";
    default:
      return "PENDING";
  }
}

export const KNOWN_PROVIDER_STATUSES = new Set([
  "ACCEPTED",
  "ENQUEUED",
  "PROCESSING",
  "IN_RECONCILIATION",
  "COMPLETED",
  "FAILED",
]);
