import { z } from "zod";
import { multiline } from "./text.ts";
import { OrderPayments } from "./orders.ts";
import { MobileMoneyPhoneText, mobileMoneyPhone, paymentCountry } from "./payments.ts";

/* ---------------------------------------------------------------- Catalogue */

// The shapes of content/vps.ts (the company's catalogue and prices), shared by both sides.
export const VPS_CURRENCIES = ["RWF", "UGX", "KES", "USD"] as const;
export type VpsCurrency = (typeof VPS_CURRENCIES)[number];

export type VpsPrices = Record<VpsCurrency, number>;

export interface VpsPlan {
  id: string;
  name: string;
  vcpu: number;
  ramGb: number;
  ssdGb: number;
  bandwidthTb: number;
  /** Monthly price per currency. */
  monthly: VpsPrices;
  /** Shown with a "Most popular" badge. */
  popular?: boolean;
  /** Who the plan suits, one line. */
  bestFor: string;
}

export interface VpsLocation {
  id: string;
  city: string;
  country: string;
  flag: string;
}

export interface VpsImage {
  id: string;
  name: string;
  family: "ubuntu" | "debian" | "rocky" | "alma" | "windows";
  version: string;
}

export interface VpsPeriod {
  months: 1 | 3 | 6 | 12;
  /** Whole percent off the plan and add-ons for paying this many months at once. */
  discountPercent: number;
}

export interface VpsAddon {
  id: "backups" | "extraIpv4" | "managedSupport";
  name: string;
  description: string;
  /** Monthly price per currency, per unit. */
  monthly: VpsPrices;
  /** Most units a server can take (extra IPv4 addresses); 1 for on/off add-ons. */
  maxQuantity: number;
}

/**
 * Totals are rounded to a step each currency is actually paid in: RWF to 100, UGX to 1,000,
 * KES to 10 (mobile money takes whole amounts), USD to the cent.
 */
export const vpsRounding: Record<VpsCurrency, { step: number; decimals: number }> = {
  RWF: { step: 100, decimals: 0 },
  UGX: { step: 1000, decimals: 0 },
  KES: { step: 10, decimals: 0 },
  USD: { step: 0.01, decimals: 2 },
};

export const VpsCurrencyCode = z.enum(VPS_CURRENCIES);
/** Mobile money pays in the country's own currency; USD is shown for comparison only. */
export const VPS_PAYABLE_CURRENCIES = ["RWF", "UGX", "KES"] as const;
export const VpsPayableCurrency = z.enum(VPS_PAYABLE_CURRENCIES);
export type VpsPayableCurrency = z.infer<typeof VpsPayableCurrency>;
export const VPS_CURRENCY_COUNTRY: Record<VpsPayableCurrency, { country: string; prefix: string }> = {
  RWF: { country: "RWA", prefix: "250" },
  UGX: { country: "UGA", prefix: "256" },
  KES: { country: "KEN", prefix: "254" },
};

export const Prices = z.object({
  RWF: z.number().min(0),
  UGX: z.number().min(0),
  KES: z.number().min(0),
  USD: z.number().min(0),
});

export const VpsPlanView = z.object({
  id: z.string(),
  name: z.string(),
  vcpu: z.number(),
  ramGb: z.number(),
  ssdGb: z.number(),
  bandwidthTb: z.number(),
  monthly: Prices,
  popular: z.boolean().optional(),
  bestFor: z.string(),
  active: z.boolean(),
});
export type VpsPlanView = z.infer<typeof VpsPlanView>;

export const VpsAddonView = z.object({
  id: z.enum(["backups", "extraIpv4", "managedSupport"]),
  name: z.string(),
  description: z.string(),
  monthly: Prices,
  maxQuantity: z.number(),
});

export const VpsCatalog = z.object({
  plans: z.array(VpsPlanView),
  locations: z.array(z.object({ id: z.string(), city: z.string(), country: z.string(), flag: z.string() })),
  images: z.array(z.object({ id: z.string(), name: z.string(), family: z.string(), version: z.string() })),
  periods: z.array(z.object({ months: z.number(), discountPercent: z.number() })),
  addons: z.array(VpsAddonView),
});
export type VpsCatalog = z.infer<typeof VpsCatalog>;

/** The catalogue as content/ has it, every plan on sale. */
export function catalogFromContent(content: {
  plans: VpsPlan[];
  locations: VpsLocation[];
  images: VpsImage[];
  periods: VpsPeriod[];
  addons: VpsAddon[];
}): VpsCatalog {
  return { ...content, plans: content.plans.map((plan) => ({ ...plan, active: true })) };
}

/* ---------------------------------------------------------------- Prices */

export interface VpsAddonChoice {
  backups: boolean;
  extraIpv4: number;
  managedSupport: boolean;
}

export interface VpsSelection {
  planId: string;
  periodMonths: number;
  addons: VpsAddonChoice;
  currency: VpsCurrency;
}

export interface VpsQuoteLine {
  id: string;
  quantity: number;
  /** Per unit per month. */
  monthly: number;
  /** quantity × monthly × months, before the period discount. */
  amount: number;
}

export interface VpsQuote {
  currency: VpsCurrency;
  months: number;
  discountPercent: number;
  lines: VpsQuoteLine[];
  subtotal: number;
  discount: number;
  total: number;
  /** total ÷ months, for "per month" next to the total (rounded to the currency's decimals). */
  perMonth: number;
}

function minorFactor(currency: VpsCurrency): number {
  return 10 ** vpsRounding[currency].decimals;
}

/** Half-up to the currency's step, in minor units (integers, so no floating drift). */
function roundMinor(minor: number, currency: VpsCurrency): number {
  const step = Math.round(vpsRounding[currency].step * minorFactor(currency));
  return Math.floor(minor / step + 0.5 + 1e-9) * step;
}

/**
 * The price of a selection: plan and add-ons for the period, minus the period's discount, with
 * the total rounded to what the currency is paid in. Lines are exact; the rounding lands in the
 * discount so subtotal − discount = total always holds. Throws on an unknown plan or period:
 * callers validate first (the API names the field).
 */
export function quoteVps(catalog: Pick<VpsCatalog, "plans" | "periods" | "addons">, selection: VpsSelection): VpsQuote {
  const plan = catalog.plans.find((p) => p.id === selection.planId);
  if (!plan) throw new Error(`unknown plan ${selection.planId}`);
  const period = catalog.periods.find((p) => p.months === selection.periodMonths);
  if (!period) throw new Error(`unknown period ${selection.periodMonths}`);
  const { currency } = selection;
  const factor = minorFactor(currency);
  const toMinor = (amount: number) => Math.round(amount * factor);
  const lines: (VpsQuoteLine & { minor: number })[] = [];
  const add = (id: string, quantity: number, monthly: number) => {
    const minor = toMinor(monthly) * quantity * period.months;
    lines.push({ id, quantity, monthly, amount: minor / factor, minor });
  };
  add(plan.id, 1, plan.monthly[currency]);
  for (const addon of catalog.addons) {
    const chosen = selection.addons[addon.id];
    const quantity =
      typeof chosen === "number" ? Math.max(0, Math.min(addon.maxQuantity, Math.floor(chosen))) : chosen ? 1 : 0;
    if (quantity > 0) add(addon.id, quantity, addon.monthly[currency]);
  }
  const subtotalMinor = lines.reduce((sum, line) => sum + line.minor, 0);
  const totalMinor = roundMinor((subtotalMinor * (100 - period.discountPercent)) / 100, currency);
  const perMonthMinor = Math.round(totalMinor / period.months);
  return {
    currency,
    months: period.months,
    discountPercent: period.discountPercent,
    lines: lines.map(({ minor: _minor, ...line }) => line),
    subtotal: subtotalMinor / factor,
    discount: (subtotalMinor - totalMinor) / factor,
    total: totalMinor / factor,
    perMonth: perMonthMinor / factor,
  };
}

/* ---------------------------------------------------------------- Validation */

export const vpsMessages = {
  planUnknown: "Choose one of the plans on offer",
  locationUnknown: "Choose one of the data-centre locations",
  imageUnknown: "Choose one of the operating system images",
  periodUnknown: "Choose a billing period of 1, 3, 6 or 12 months",
  hostnameRequired: "Server name is required",
  hostnameInvalid:
    "Use letters, digits and hyphens, in parts of up to 63 characters separated by dots, not starting or ending with a hyphen",
  hostnameTooLong: "Server name must be 253 characters or less",
  sshKeyRequired: "Paste your SSH public key, or choose to receive a password",
  sshKeyFormat:
    "This is not an SSH public key: it should start with ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa",
  sshKeyPrivate:
    "This looks like a private key. Paste the public key (the .pub file) instead, and keep the private key secret",
  sshKeyCorrupt: "This SSH public key is damaged: its data does not match its type",
  sshKeyRsaWeak: "RSA keys must be at least 2048 bits",
  nameRequired: "Name is required",
  emailInvalid: "Enter a valid email address",
} as const;

export type VpsMessageCode = keyof typeof vpsMessages;

/** The code of one of our messages, to show the catalog's words for it (decision 0004). */
export function vpsMessageCode(message: string | undefined): VpsMessageCode | undefined {
  if (!message) return undefined;
  const entry = Object.entries(vpsMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as VpsMessageCode) : undefined;
}

const HOSTNAME_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** RFC 1123 host names: dot-separated labels of letters, digits and hyphens; stored lower-case. */
export const VpsHostname = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, vpsMessages.hostnameRequired)
  .max(253, vpsMessages.hostnameTooLong)
  .refine(
    (value) =>
      value.split(".").every((label) => HOSTNAME_LABEL.test(label)) && !/^\d+$/.test(value.split(".").at(-1) ?? ""),
    vpsMessages.hostnameInvalid,
  );

export type SshKeyCheck = { ok: true; type: string; bits: number } | { ok: false; message: string };

function base64Bytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Reads SSH wire-format strings (uint32 length + bytes) one after another. */
function sshReader(bytes: Uint8Array) {
  let offset = 0;
  return {
    next(): Uint8Array | null {
      if (offset + 4 > bytes.length) return null;
      const length =
        ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
      offset += 4;
      if (offset + length > bytes.length) return null;
      const value = bytes.subarray(offset, offset + length);
      offset += length;
      return value;
    },
    done: () => offset === bytes.length,
  };
}

const text = (bytes: Uint8Array | null) => (bytes ? String.fromCharCode(...bytes) : null);

function mpintBits(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

const ECDSA_POINT_BYTES: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };

/**
 * An OpenSSH public key line ("type base64 [comment]"): ssh-ed25519, ecdsa-sha2-nistp256/384/521,
 * or ssh-rsa of at least 2048 bits. The key data is decoded and must match its declared type.
 */
export function checkSshPublicKey(input: string): SshKeyCheck {
  const line = input.trim();
  if (/PRIVATE KEY/.test(line)) return { ok: false, message: vpsMessages.sshKeyPrivate };
  const [type, data, ...rest] = line.split(/\s+/);
  if (!type || !data || line.includes("\n") || rest.join(" ").length > 200)
    return { ok: false, message: vpsMessages.sshKeyFormat };
  if (type !== "ssh-ed25519" && type !== "ssh-rsa" && !/^ecdsa-sha2-nistp(256|384|521)$/.test(type))
    return { ok: false, message: vpsMessages.sshKeyFormat };
  const bytes = base64Bytes(data);
  if (!bytes) return { ok: false, message: vpsMessages.sshKeyCorrupt };
  const reader = sshReader(bytes);
  if (text(reader.next()) !== type) return { ok: false, message: vpsMessages.sshKeyCorrupt };
  if (type === "ssh-ed25519") {
    const key = reader.next();
    if (!key || key.length !== 32 || !reader.done()) return { ok: false, message: vpsMessages.sshKeyCorrupt };
    return { ok: true, type, bits: 256 };
  }
  if (type === "ssh-rsa") {
    const exponent = reader.next();
    const modulus = reader.next();
    if (!exponent || !modulus || !reader.done() || mpintBits(exponent) === 0)
      return { ok: false, message: vpsMessages.sshKeyCorrupt };
    const bits = mpintBits(modulus);
    if (bits < 2048) return { ok: false, message: vpsMessages.sshKeyRsaWeak };
    return { ok: true, type, bits };
  }
  const curve = type.slice("ecdsa-sha2-".length);
  const curveName = text(reader.next());
  const point = reader.next();
  if (curveName !== curve || !point || !reader.done() || point.length !== ECDSA_POINT_BYTES[curve] || point[0] !== 4) {
    return { ok: false, message: vpsMessages.sshKeyCorrupt };
  }
  return { ok: true, type, bits: Number(curve.slice("nistp".length)) };
}

/* ---------------------------------------------------------------- Orders */

export const VPS_ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "provisioning",
  "active",
  "suspended",
  "failed",
  "refunded",
  "cancelled",
] as const;
export const VpsOrderStatus = z.enum(VPS_ORDER_STATUSES);
export type VpsOrderStatus = z.infer<typeof VpsOrderStatus>;

/**
 * Where an order may go next. One step at a time (paid before provisioning before active);
 * cancelled and refunded are final. A failed server is retried (provisioning) or refunded.
 */
export const VPS_TRANSITIONS: Record<VpsOrderStatus, readonly VpsOrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["provisioning", "failed"],
  provisioning: ["active", "failed"],
  active: ["suspended", "cancelled"],
  suspended: ["active", "cancelled"],
  failed: ["provisioning", "refunded"],
  refunded: [],
  cancelled: [],
};

export function canMoveVpsOrder(from: VpsOrderStatus, to: VpsOrderStatus): boolean {
  return VPS_TRANSITIONS[from].includes(to);
}

export const VpsAddonChoice = z.object({
  backups: z.boolean().default(false),
  extraIpv4: z.number().int().min(0).max(4).default(0),
  managedSupport: z.boolean().default(false),
});

export const VpsOrderRequest = z
  .object({
    planId: z.string().trim().min(1, vpsMessages.planUnknown).max(60),
    locationId: z.string().trim().min(1, vpsMessages.locationUnknown).max(60),
    imageId: z.string().trim().min(1, vpsMessages.imageUnknown).max(60),
    periodMonths: z.number({ error: vpsMessages.periodUnknown }).int(vpsMessages.periodUnknown),
    addons: VpsAddonChoice.default({ backups: false, extraIpv4: 0, managedSupport: false }),
    currency: VpsPayableCurrency,
    hostname: VpsHostname,
    accessMethod: z.enum(["ssh_key", "password"]),
    // One key line; a pasted key's trailing line break is trimmed by checkSshPublicKey.
    sshPublicKey: multiline(z.string().max(16_384)).optional(),
    name: z.string().trim().min(2, vpsMessages.nameRequired).max(120),
    email: z.string().trim().toLowerCase().pipe(z.email(vpsMessages.emailInvalid)),
    /** The national number, as on /payment (the full number is still taken); stored as the MSISDN. */
    phoneNumber: MobileMoneyPhoneText,
  })
  .transform((order, ctx) => {
    const country = paymentCountry(VPS_CURRENCY_COUNTRY[order.currency].country)!;
    const phoneNumber = mobileMoneyPhone(country, order.phoneNumber, ctx, ["phoneNumber"]);
    if (order.accessMethod === "ssh_key") {
      if (!order.sshPublicKey?.trim()) {
        ctx.addIssue({ code: "custom", path: ["sshPublicKey"], message: vpsMessages.sshKeyRequired });
      } else {
        const check = checkSshPublicKey(order.sshPublicKey);
        if (!check.ok) ctx.addIssue({ code: "custom", path: ["sshPublicKey"], message: check.message });
      }
    }
    return { ...order, phoneNumber };
  });
export type VpsOrderRequest = z.input<typeof VpsOrderRequest>;

export const VpsOrderCreated = z.object({
  token: z.string(),
  reference: z.string(),
  orderUrl: z.string(),
  redirectUrl: z.string(),
});
export type VpsOrderCreated = z.infer<typeof VpsOrderCreated>;

export const QuoteView = z.object({
  currency: z.string(),
  months: z.number(),
  discountPercent: z.number(),
  lines: z.array(z.object({ id: z.string(), quantity: z.number(), monthly: z.number(), amount: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  perMonth: z.number(),
});

export const PlanSnapshot = z.object({
  id: z.string(),
  name: z.string(),
  vcpu: z.number(),
  ramGb: z.number(),
  ssdGb: z.number(),
  bandwidthTb: z.number(),
});

/** What the customer sees behind the order link. */
export const VpsOrderView = z.object({
  reference: z.string(),
  status: VpsOrderStatus,
  plan: PlanSnapshot,
  locationId: z.string(),
  imageId: z.string(),
  periodMonths: z.number(),
  hostname: z.string(),
  accessMethod: z.enum(["ssh_key", "password"]),
  quote: QuoteView,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  server: z
    .object({
      ipAddress: z.string(),
      username: z.string(),
      /** The password, this once; null when it was shown before (it is in the email) or a key is used. */
      password: z.string().nullable(),
      passwordShownBefore: z.boolean(),
    })
    .nullable(),
  /** A payment can be (re)started: the order waits for payment. */
  canPay: z.boolean(),
  payments: OrderPayments,
});
export type VpsOrderView = z.infer<typeof VpsOrderView>;
