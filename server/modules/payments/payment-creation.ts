import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { paymentCountry } from "#contracts/payments.ts";
import { defaultLanguage, type Language } from "#contracts/languages.ts";
import { ProviderError, type PaymentProvider } from "../../adapters/pawapay/payment-provider.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { currentLanguage, serverT } from "../../lib/i18n.ts";
import { applyTransition, insertTransaction, recordEvent, type TransactionRow } from "./payment-repository.ts";
import { nextCheck } from "./payment-status.ts";
import { customerFailure } from "./payment-views.ts";

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

/**
 * Taking a payment: a hosted payment page (the customer's own or an order's "pay for this"), or a
 * direct PIN-prompt deposit or payout. Each is stored under its own id before the provider hears
 * of it, so an outcome the provider leaves unknown stays pending for the reconciliation job.
 */
export function paymentCreation(deps: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The site's public address: where the provider sends the customer back. */
  publicUrl: string;
  checkAmount: (input: NewPayment, operation: "DEPOSIT" | "PAYOUT") => Promise<void>;
  refresh: (id: string, source: string) => Promise<TransactionRow | null>;
}) {
  const { db, provider, log, publicUrl, checkAmount, refresh } = deps;

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

  return {
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
  };
}
