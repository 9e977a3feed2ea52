import { z } from "zod";

/* The admin Reports: four reports over a date range, each as figures, a chart and a CSV file. */

export const REPORT_KINDS = ["enquiries", "chats", "payments", "orders"] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;

/** The longest range one report covers (about three years), so one request cannot scan everything forever. */
export const REPORT_MAX_DAYS = 1100;

const isoDay = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        message: `${field} must be a real date`,
      },
    );

/** Both ends inclusive, UTC days. */
export const ReportRange = z
  .object({ from: isoDay("from"), to: isoDay("to") })
  .refine((r) => r.from <= r.to, { message: "from must not be after to", path: ["from"] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `The range must be shorter than ${REPORT_MAX_DAYS} days`,
    path: ["to"],
  });
export type ReportRange = z.infer<typeof ReportRange>;

/** Count and how many of them were won (an enquiry closed as won). */
const WonRow = z.object({ key: z.string(), total: z.number().int(), won: z.number().int() });
export type WonRow = z.infer<typeof WonRow>;

export const EnquiryReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  total: z.number().int(),
  won: z.number().int(),
  byService: z.array(WonRow),
  bySource: z.array(WonRow),
  /** Every month of the range, YYYY-MM, oldest first (months without any are zero). */
  byMonth: z.array(WonRow),
});
export type EnquiryReport = z.infer<typeof EnquiryReport>;

export const HANDOVER_OUTCOMES = ["accepted", "timed_out", "cancelled", "unavailable", "waiting"] as const;
export const HandoverOutcome = z.enum(HANDOVER_OUTCOMES);
export type HandoverOutcome = z.infer<typeof HandoverOutcome>;

export const ChatReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  chats: z.number().int(),
  messages: z.number().int(),
  handovers: z.number().int(),
  /** Seconds from a visitor asking for a person to that person's first message; null without any. */
  firstResponse: z.object({
    answered: z.number().int(),
    medianSeconds: z.number().nullable(),
    p90Seconds: z.number().nullable(),
  }),
  outcomes: z.array(z.object({ outcome: HandoverOutcome, count: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), chats: z.number().int(), handovers: z.number().int() })),
});
export type ChatReport = z.infer<typeof ChatReport>;

/** A group of payments: how many, how many completed, and the completed amount, per currency. */
const PaymentRow = z.object({
  key: z.string(),
  currency: z.string(),
  count: z.number().int(),
  completed: z.number().int(),
  amount: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRow>;

export const PaymentReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  total: z.number().int(),
  byCountry: z.array(PaymentRow),
  byProvider: z.array(PaymentRow),
  byStatus: z.array(PaymentRow),
});
export type PaymentReport = z.infer<typeof PaymentReport>;

export const ORDER_KINDS = ["vps", "domain"] as const;

/** Orders placed in the range, how many were paid, and what the paid ones brought in, per currency. */
const OrderRow = z.object({
  kind: z.enum(ORDER_KINDS),
  currency: z.string(),
  orders: z.number().int(),
  paid: z.number().int(),
  revenue: z.string(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export const OrderReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(OrderRow),
  /** Revenue per currency (both kinds together). */
  byCurrency: z.array(
    z.object({ currency: z.string(), orders: z.number().int(), paid: z.number().int(), revenue: z.string() }),
  ),
});
export type OrderReport = z.infer<typeof OrderReport>;
