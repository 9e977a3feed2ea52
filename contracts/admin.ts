import { z } from "zod";
import { multiline } from "./text.ts";

/** Spec section 8: shown when the server gives no message. */
export const LOGIN_FALLBACK_MESSAGE = "Invalid credentials";

export const StaffRole = z.enum(["admin", "agent"]);
export type StaffRole = z.infer<typeof StaffRole>;

export const AdminLogin = z.object({
  username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
  password: z.string().min(1, "Password is required").max(200, "Password is too long"),
});
export type AdminLogin = z.infer<typeof AdminLogin>;

export const StaffUser = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRole,
});
export type StaffUser = z.infer<typeof StaffUser>;

/** Answer of POST /api/admin/login and GET /api/admin/verify. */
export const AdminSession = z.object({
  user: StaffUser,
  /** Two-factor sign-in (TOTP): set up or not, and whether this account must set it up before anything else. */
  twoFactor: z.object({ enabled: z.boolean(), enrolmentRequired: z.boolean() }),
});
export type AdminSession = z.infer<typeof AdminSession>;

/** POST /api/admin/login when the password was right and a second factor is still to come. */
export const SecondFactorRequired = z.object({ secondFactor: z.literal("required") });
export const AdminLoginAnswer = z.union([AdminSession, SecondFactorRequired]);
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswer>;

/** A six-digit code from the authenticator app, or one of the recovery codes. */
export const SecondFactorCode = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Code is required")
    .max(40, "Code is too long")
    .regex(/^[A-Za-z0-9 -]+$/, "Code may contain only letters, digits, spaces and dashes"),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCode>;

/**
 * POST /api/admin/me/two-factor/confirm: a code from the app just set up, six digits (apps show
 * "123 456"), never a recovery code, which do not exist yet.
 */
export const TwoFactorConfirm = z.object({
  code: SecondFactorCode.shape.code.refine(
    (code) => /^\d{6}$/.test(code.replace(/\s/g, "")),
    "Enter the 6 digits shown in your app",
  ),
});
export type TwoFactorConfirm = z.infer<typeof TwoFactorConfirm>;

/** POST /api/admin/me/two-factor/setup: the secret to put in an authenticator app. */
export const TwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/admin/me/two-factor/confirm: the recovery codes, shown this once. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const PASSWORD_MIN = 12;
const password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, "Password must be 200 characters or less");

export const ChangePassword = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: password,
});
export type ChangePassword = z.infer<typeof ChangePassword>;

/* ---------------------------------------------------------------- Staff management (admin) */

export const StaffAccount = StaffUser.extend({
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

export const StaffList = z.object({ items: z.array(StaffAccount) });
export type StaffList = z.infer<typeof StaffList>;

export const CreateStaff = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,40}$/, "Username must be 3-40 letters, digits, dots, dashes or underscores"),
  displayName: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(80, "Name must be 80 characters or less"),
  role: StaffRole,
  password,
});
export type CreateStaff = z.infer<typeof CreateStaff>;

export const UpdateStaff = z
  .object({
    role: StaffRole.optional(),
    disabled: z.boolean().optional(),
    displayName: CreateStaff.shape.displayName.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type UpdateStaff = z.infer<typeof UpdateStaff>;

export const ResetStaffPassword = z.object({ newPassword: password });
export type ResetStaffPassword = z.infer<typeof ResetStaffPassword>;

/** Who an enquiry can be assigned to (visible to agents too). */
export const Assignees = z.object({ items: z.array(StaffUser.pick({ id: true, displayName: true })) });
export type Assignees = z.infer<typeof Assignees>;

/* ---------------------------------------------------------------- Enquiries */

export const EnquiryStatus = z.enum(["new", "contacted", "qualified", "won", "lost"]);
export type EnquiryStatus = z.infer<typeof EnquiryStatus>;

export const EnquiryListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  service: z.string().trim().max(100).optional(),
  status: EnquiryStatus.optional(),
});
export type EnquiryListQuery = z.infer<typeof EnquiryListQuery>;

export const EnquirySummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  service: z.string(),
  status: EnquiryStatus,
  assignee: StaffUser.pick({ id: true, displayName: true }).nullable(),
  excerpt: z.string(),
  createdAt: z.string(),
});
export type EnquirySummary = z.infer<typeof EnquirySummary>;

export const EnquiryPage = z.object({
  items: z.array(EnquirySummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EnquiryPage = z.infer<typeof EnquiryPage>;

export const EnquiryNote = z.object({
  id: z.string(),
  body: z.string(),
  author: StaffUser.pick({ id: true, displayName: true }).nullable(),
  createdAt: z.string(),
});
export type EnquiryNote = z.infer<typeof EnquiryNote>;

export const AuditEntry = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const EnquiryDetail = EnquirySummary.omit({ excerpt: true }).extend({
  message: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  updatedAt: z.string(),
  notes: z.array(EnquiryNote),
  history: z.array(AuditEntry),
});
export type EnquiryDetail = z.infer<typeof EnquiryDetail>;

export const UpdateEnquiry = z
  .object({ status: EnquiryStatus.optional(), assigneeId: z.string().uuid().nullable().optional() })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, { message: "Nothing to change" });
export type UpdateEnquiry = z.infer<typeof UpdateEnquiry>;

export const AddEnquiryNote = z.object({
  body: multiline(z.string().trim().min(1, "Note cannot be empty").max(5000, "Note must be 5000 characters or less")),
});
export type AddEnquiryNote = z.infer<typeof AddEnquiryNote>;

/* ---------------------------------------------------------------- Overview and audit */

/** The staff dashboard's figures, each from the module that owns it. */
export const Overview = z.object({
  enquiries: z.object({ today: z.number().int(), week: z.number().int(), open: z.number().int() }),
  openChats: z.number().int(),
  payments: z.object({ today: z.number().int(), week: z.number().int() }),
  pendingOrders: z.number().int(),
  /** Money received (completed deposits) in the last 30 days, per currency; amounts as decimal strings. */
  paymentTotals: z.array(z.object({ currency: z.string(), amount: z.string(), count: z.number().int() })),
  /** Last 30 days, oldest first, dates as YYYY-MM-DD (UTC). */
  daily: z.array(z.object({ date: z.string(), enquiries: z.number().int(), payments: z.number().int() })),
});
export type Overview = z.infer<typeof Overview>;

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(50),
});
export const AuditPage = z.object({
  items: z.array(AuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;
