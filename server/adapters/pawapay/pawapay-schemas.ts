import { z } from "zod";

/**
 * pawaPay's JSON as we read it (../shared/reference/pawapay.md). pawaPay adds fields without notice
 * and some answers still print v1 names, so every object is loose (unknown fields pass through) and a
 * field we can do without reads as absent when its shape is not the expected one. Only the fields an
 * answer cannot be understood without (a status, a payment's id) are required; an answer missing
 * them is unreadable, which callers treat as "outcome unknown".
 */

/** A value pawaPay prints as a string; some v1 answers print amounts and codes as numbers. */
const Text = z.union([z.string(), z.number().transform(String)]);
/** An optional text field: absent, null or of another shape reads as null. */
const OptionalText = Text.nullable().catch(null);
/** A code that means something only when it is not empty. */
const Code = Text.pipe(z.string().min(1));
/** An optional field: absent, or of another shape, reads as absent. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The items of a list that have the given shape; anything else (in the list, or instead of one) is skipped. */
function itemsOf<T extends z.ZodType>(schema: T, value: unknown): Array<z.output<T>> {
  return (Array.isArray(value) ? value : []).flatMap((item): Array<z.output<T>> => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
const listOf = <T extends z.ZodType>(schema: T) => z.unknown().transform((value) => itemsOf(schema, value));

export interface Failure {
  failureCode: string;
  failureMessage: string | null;
}

/**
 * v2 `failureReason {failureCode, failureMessage}`, or v1 `rejectionReason {rejectionCode, rejectionMessage}`
 * (some v2 examples still print it), a bare v1 `rejectionReason` string, or a v1 error `{errorCode, errorMessage}`.
 */
export const FailureFields = z
  .looseObject({
    failureReason: lenient(z.looseObject({ failureCode: Code, failureMessage: OptionalText })),
    rejectionReason: lenient(
      z.union([z.looseObject({ rejectionCode: Code, rejectionMessage: OptionalText }), z.string()]),
    ),
    errorCode: lenient(Code),
    errorMessage: OptionalText,
  })
  .transform((body): Failure | null => {
    if (body.failureReason) return body.failureReason;
    const v1 = body.rejectionReason;
    if (typeof v1 === "string") return { failureCode: v1, failureMessage: null };
    if (v1) return { failureCode: v1.rejectionCode, failureMessage: v1.rejectionMessage };
    if (body.errorCode) return { failureCode: body.errorCode, failureMessage: body.errorMessage };
    return null;
  });

/** The answer to a deposit, payout or refund initiation, or to a resend-callback. */
export const InitiationAnswer = z.looseObject({
  status: z.enum(["ACCEPTED", "DUPLICATE_IGNORED", "REJECTED", "FAILED"]),
});

/** The payment page answers a redirect URL... */
export const PaymentPageRedirect = z.looseObject({ redirectUrl: z.string() });
/** ...or a business rejection. */
export const PaymentPageRejection = z.looseObject({ status: z.enum(["REJECTED", "FAILED"]) });

/** A status check's envelope (v2); v1 answered an array of zero or one payment instead. */
export const StatusEnvelope = z.union([
  z.looseObject({ status: z.literal("NOT_FOUND") }),
  z.looseObject({ status: z.literal("FOUND"), data: z.unknown() }),
]);

/** A JSON object, whatever its fields. */
export const JsonObject = z.record(z.string(), z.unknown());

const Party = z.looseObject({
  accountDetails: lenient(z.looseObject({ provider: OptionalText })),
});

/** A deposit, payout or refund as a status check (`data`) describes it; v1 names are read too. */
export const PaymentData = z
  .looseObject({
    status: z.string(),
    amount: OptionalText,
    depositedAmount: OptionalText,
    requestedAmount: OptionalText,
    currency: OptionalText,
    country: OptionalText,
    payer: lenient(Party),
    recipient: lenient(Party),
    correspondent: OptionalText,
    providerTransactionId: OptionalText,
    correspondentIds: lenient(JsonObject),
  })
  .transform((data) => {
    const providerTransactionId =
      data.providerTransactionId ??
      (data.correspondentIds ? OptionalText.parse(Object.values(data.correspondentIds)[0]) : null);
    return {
      status: data.status,
      amount: data.amount ?? data.depositedAmount ?? data.requestedAmount,
      currency: data.currency,
      country: data.country,
      provider: (data.payer ?? data.recipient)?.accountDetails?.provider ?? data.correspondent,
      providerTransactionId,
    };
  });

const OperationConf = z
  .looseObject({
    minAmount: OptionalText,
    minTransactionLimit: OptionalText,
    maxAmount: OptionalText,
    maxTransactionLimit: OptionalText,
    decimalsInAmount: OptionalText,
    status: OptionalText,
  })
  .transform((value) => ({
    minAmount: value.minAmount ?? value.minTransactionLimit,
    maxAmount: value.maxAmount ?? value.maxTransactionLimit,
    decimals: value.decimalsInAmount === "TWO_PLACES" ? (2 as const) : (0 as const),
    status: value.status ?? "OPERATIONAL",
  }));

/** Both published shapes of `operationTypes`: keyed by type, or an array with `operationType` in each item. */
const OperationTypes = z
  .union([z.array(z.unknown()), JsonObject])
  .catch([])
  .transform((types) => {
    const result: Record<string, z.output<typeof OperationConf>> = {};
    if (Array.isArray(types)) {
      for (const item of types) {
        const parsed = OperationConf.safeParse(item);
        const type = z.looseObject({ operationType: Code }).safeParse(item);
        if (parsed.success && type.success) result[type.data.operationType] = parsed.data;
      }
    } else {
      for (const [type, value] of Object.entries(types)) {
        const parsed = OperationConf.safeParse(value);
        if (parsed.success) result[type] = parsed.data;
      }
    }
    return result;
  });

/** `GET /v2/active-conf`: what the account may do, per country, provider and currency. */
export const ActiveConfAnswer = z
  .unknown()
  .transform((body) => (JsonObject.safeParse(body).success ? body : {}))
  .pipe(
    z.looseObject({
      signatureConfiguration: z
        .looseObject({ signedCallbacks: z.boolean().nullable().catch(null) })
        .nullable()
        .catch(null),
      countries: listOf(
        z.looseObject({
          country: OptionalText,
          prefix: OptionalText,
          providers: listOf(
            z.looseObject({
              provider: OptionalText,
              correspondent: OptionalText,
              displayName: OptionalText,
              nameDisplayedToCustomer: OptionalText,
              currencies: listOf(z.looseObject({ currency: OptionalText, operationTypes: OperationTypes })),
            }),
          ),
        }),
      ),
    }),
  );

/** `POST /v2/predict-provider`: the provider and the cleaned number. */
export const PredictedProvider = z.looseObject({ country: OptionalText, provider: Code, phoneNumber: Code });

/** `GET /v2/availability`: two published shapes of `operationTypes`, `[{operationType, status}]` or `{PAYOUT: "OPERATIONAL"}`. */
export const AvailabilityAnswer = listOf(
  z.looseObject({
    country: OptionalText,
    providers: listOf(
      z.looseObject({
        provider: OptionalText,
        operationTypes: z
          .union([z.array(z.unknown()), JsonObject])
          .catch([])
          .transform((types) => {
            const statuses: Record<string, string> = {};
            if (Array.isArray(types)) {
              for (const item of itemsOf(z.looseObject({ operationType: Code, status: OptionalText }), types))
                statuses[item.operationType] = item.status ?? "UNKNOWN";
            } else {
              for (const [type, status] of Object.entries(types))
                statuses[type] =
                  OptionalText.parse(status) ??
                  z.looseObject({ status: OptionalText }).catch({ status: null }).parse(status).status ??
                  "UNKNOWN";
            }
            return statuses;
          }),
      }),
    ),
  }),
);

/** `GET /v2/public-key/http`: a list of `{id, key}`, or one such object. */
export const PublicKeysAnswer = z
  .unknown()
  .transform((body) => itemsOf(z.looseObject({ id: Code, key: Code }), Array.isArray(body) ? body : [body]));

/** An optional string in a callback (pawaPay prints them as strings; anything else reads as absent). */
const CallbackText = z.string().nullable().catch(null);
const CallbackId = z.string().optional().catch(undefined);

/**
 * A deposit, payout or refund callback: the final-status `data` of a status check. A refund's
 * callback names its deposit too, so its own id comes first.
 */
export const PawapayCallback = z
  .looseObject({
    refundId: CallbackId,
    depositId: CallbackId,
    payoutId: CallbackId,
    status: z.string().min(1),
    payer: lenient(z.looseObject({ accountDetails: lenient(z.looseObject({ provider: CallbackText })) })),
    recipient: lenient(z.looseObject({ accountDetails: lenient(z.looseObject({ provider: CallbackText })) })),
    providerTransactionId: CallbackText,
    failureReason: lenient(z.looseObject({ failureCode: CallbackText, failureMessage: CallbackText })),
  })
  .transform((body) => ({
    id: body.refundId ?? body.depositId ?? body.payoutId ?? "",
    status: body.status,
    provider: (body.payer ?? body.recipient)?.accountDetails?.provider ?? null,
    providerTransactionId: body.providerTransactionId,
    failureCode: body.failureReason?.failureCode ?? null,
    failureMessage: body.failureReason?.failureMessage ?? null,
  }))
  .refine((callback) => callback.id !== "", { message: "a callback names its payment" });

export type PawapayCallback = z.output<typeof PawapayCallback>;
