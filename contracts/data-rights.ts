import { z } from "zod";

/* ---------------------------------------------------------------- Whose data: an email, a phone, or both */

export const dataRightsMessages = {
  personRequired: "Enter an email address or a phone number",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Enter the phone number with its country code, digits only (e.g. 250788123456)",
  confirmRequired: "Type ERASE to confirm",
} as const;

/** Digits only, without a leading + (the form the payment provider and the order forms store). */
export const normalizePhone = (phone: string) => phone.replace(/[\s()+-]/g, "");

const optionalEmail = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(""), z.email(dataRightsMessages.emailInvalid).max(254, dataRightsMessages.emailInvalid)]))
  .optional();
const optionalPhone = z
  .string()
  .trim()
  .transform(normalizePhone)
  .pipe(z.union([z.literal(""), z.string().regex(/^\d{9,15}$/, dataRightsMessages.phoneInvalid)]))
  .optional();

/** Staff looking someone up: an email, a phone number, or both (either one matches). */
export const PersonQuery = z
  .object({ email: optionalEmail, phone: optionalPhone })
  .refine((q) => Boolean(q.email || q.phone), { message: dataRightsMessages.personRequired, path: ["email"] });
export type PersonQuery = z.infer<typeof PersonQuery>;

/** What every module matches on: lower-case email and digits-only phone, null when not given. */
export interface PersonMatch {
  email: string | null;
  phone: string | null;
}
export const personMatch = (q: PersonQuery): PersonMatch => ({ email: q.email || null, phone: q.phone || null });

/** The word staff type to show they mean it; an erasure cannot be undone. */
export const ErasureConfirm = z.object({
  confirm: z
    .string({ error: dataRightsMessages.confirmRequired })
    .refine((typed) => typed === "ERASE", { error: dataRightsMessages.confirmRequired }),
});
export type ErasureConfirm = z.infer<typeof ErasureConfirm>;

export const ErasureRequest = PersonQuery.and(ErasureConfirm);
export type ErasureRequest = z.infer<typeof ErasureRequest>;

/* ---------------------------------------------------------------- What is held about a person */

const Records = z.array(z.record(z.string(), z.unknown()));

/** Everything held about one person, module by module, as stored (secrets and tokens left out). */
export const PersonData = z.object({
  subject: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  generatedAt: z.string(),
  enquiries: Records,
  chats: Records,
  plans: Records,
  payments: Records,
  vpsOrders: Records,
  domainOrders: Records,
  renewals: Records,
  emails: Records,
  deletionRequests: Records,
});
export type PersonData = z.infer<typeof PersonData>;

export const PERSON_DATA_SECTIONS = [
  "enquiries",
  "chats",
  "plans",
  "payments",
  "vpsOrders",
  "domainOrders",
  "renewals",
  "emails",
  "deletionRequests",
] as const;
export type PersonDataSection = (typeof PERSON_DATA_SECTIONS)[number];

/** How many records of each kind were erased (removed or anonymised); payments are anonymised, never removed. */
export const ErasureResult = z.object({
  counts: z.record(z.enum([...PERSON_DATA_SECTIONS, "sessions"]), z.number().int()),
});
export type ErasureResult = z.infer<typeof ErasureResult>;

/* ---------------------------------------------------------------- A customer asking for deletion */

export const DeletionRequestStatus = z.enum(["open", "done"]);
export const DeletionRequestAccepted = z.object({ message: z.string(), requestedAt: z.string() });
export type DeletionRequestAccepted = z.infer<typeof DeletionRequestAccepted>;

export const OpenDeletionRequest = z.object({
  id: z.string(),
  email: z.string(),
  requestedAt: z.string(),
});
export type OpenDeletionRequest = z.infer<typeof OpenDeletionRequest>;
export const OpenDeletionRequests = z.object({ items: z.array(OpenDeletionRequest) });
export type OpenDeletionRequests = z.infer<typeof OpenDeletionRequests>;
