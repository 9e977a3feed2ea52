import type { FastifyBaseLogger } from "fastify";
import type {
  ActiveConf,
  OperationConf,
  OperationType,
  PaymentProvider,
} from "../../adapters/pawapay/payment-provider.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import type { NewPayment } from "./payment-creation.ts";

const CONF_TTL_MS = 5 * 60 * 1000;

/** The provider's live limits (active-conf), and the check of an amount against them before a payment exists. */
export function amountLimits(deps: { provider: PaymentProvider; log: FastifyBaseLogger }) {
  const { provider, log } = deps;
  const confCache = new Map<string, { at: number; value: Promise<ActiveConf> }>();

  /**
   * The provider's active-conf answer for a country and an operation, kept five minutes per
   * instance (a failed answer is not kept). The one copy both the amount check and the public
   * provider lists (payment-routes.ts) read.
   */
  function activeConf(country: string, operation: OperationType): Promise<ActiveConf> {
    const key = `${country}:${operation}`;
    const cached = confCache.get(key);
    if (cached && Date.now() - cached.at < CONF_TTL_MS) return cached.value;
    const value = provider.activeConf({ country, operationType: operation });
    confCache.set(key, { at: Date.now(), value });
    value.catch(() => confCache.delete(key));
    return value;
  }

  /** Live limits of every provider in a country for one operation and currency. */
  async function operationConfs(
    country: string,
    currency: string,
    operation: "DEPOSIT" | "PAYOUT",
    providerCode?: string,
  ): Promise<OperationConf[]> {
    return (await activeConf(country, operation)).countries
      .filter((c) => c.country === country)
      .flatMap((c) => c.providers)
      .filter((p) => !providerCode || p.provider === providerCode)
      .flatMap((p) => p.currencies.filter((c) => c.currency === currency).map((c) => c.operationTypes[operation]))
      .filter((c): c is OperationConf => Boolean(c));
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

  return { activeConf, operationConfs, checkAmount };
}
