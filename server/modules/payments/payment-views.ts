import { type AdminTransaction } from "#contracts/payment-api.ts";
import { providerDisplayName, type PaymentStatusView, type TransactionStatus } from "#contracts/payments.ts";
import { localizePath, type Language } from "#contracts/languages.ts";
import { asLanguage, serverT } from "../../lib/i18n.ts";
import type { TransactionRow } from "./payment-repository.ts";

/** How a stored payment reads: to its payer (status, failure reason, receipt link) and to staff. */

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

/** The public receipt of a payment, in the payer's language. */
export function receiptPath(transactionId: string, language: string | null): string {
  return localizePath(`/payment/receipt?transactionId=${transactionId}`, asLanguage(language));
}
