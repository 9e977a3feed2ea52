import { z } from "zod";
import { AddOrderNote, OrderEvent, OrderFulfilment, orderPage } from "./orders.ts";
import { multiline } from "./text.ts";
import { PlanSnapshot, Prices, QuoteView, VpsAddonChoice, VpsOrderStatus } from "./vps.ts";

// The VPS orders as staff read and change them. Kept out of ./vps.ts, which the VPS hosting page
// loads: a Zod schema is built when its module is evaluated, and a visitor's phone would build these
// for nothing (issue 20).

/* ---------------------------------------------------------------- Admin */

export const VpsOrderSummary = z.object({
  id: z.string(),
  reference: z.string(),
  status: VpsOrderStatus,
  planName: z.string(),
  hostname: z.string(),
  customerName: z.string(),
  email: z.string(),
  currency: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type VpsOrderSummary = z.infer<typeof VpsOrderSummary>;

export const VpsOrderListQuery = z.object({
  status: VpsOrderStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const VpsOrderPage = orderPage(VpsOrderSummary);
export type VpsOrderPage = z.infer<typeof VpsOrderPage>;

export const VpsOrderEvent = OrderEvent;
export type VpsOrderEvent = z.infer<typeof VpsOrderEvent>;

export const VpsOrderDetail = VpsOrderSummary.extend({
  plan: PlanSnapshot,
  locationId: z.string(),
  imageId: z.string(),
  periodMonths: z.number(),
  addons: VpsAddonChoice,
  quote: QuoteView,
  accessMethod: z.enum(["ssh_key", "password"]),
  sshPublicKey: z.string().nullable(),
  phoneNumber: z.string(),
  serverIp: z.string().nullable(),
  serverUsername: z.string().nullable(),
  /** Staff see whether login details are stored, never the details themselves. */
  hasCredentials: z.boolean(),
  credentialsRevealedAt: z.string().nullable(),
  provisioner: z.string().nullable(),
  /** When staff confirmed the server's deletion; null while it exists. */
  serverDeletedAt: z.string().nullable(),
  /** The order is suspended or cancelled and its server not yet deleted. */
  canDeleteServer: z.boolean(),
  paidAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  nextStatuses: z.array(VpsOrderStatus),
  events: z.array(VpsOrderEvent),
  /** Who builds (and stops, starts, deletes) the server, each step with the cluster's answer. */
  fulfilment: OrderFulfilment,
  orderUrl: z.string(),
});
export type VpsOrderDetail = z.infer<typeof VpsOrderDetail>;

const Ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const vpsAdminMessages = {
  ipInvalid: "Enter the server's public IPv4 address",
  usernameInvalid: "Use 1-32 lower-case letters, digits, dashes or underscores, starting with a letter",
  passwordRequired: "Enter the password the customer will log in with (at least 12 characters)",
  serverRequired: "Enter the server's IP address and login before marking it active",
  reasonRequired: "Say why, in a few words",
  referenceRequired: "Type the order's reference to confirm",
} as const;

export const VpsTransitionRequest = z.object({
  to: VpsOrderStatus,
  /** Required to go active: what the customer logs in with. */
  server: z
    .object({
      ipAddress: z.string().trim().regex(Ipv4, vpsAdminMessages.ipInvalid),
      username: z
        .string()
        .trim()
        .regex(/^[a-z_][a-z0-9_-]{0,31}$/, vpsAdminMessages.usernameInvalid),
      /** Required for "send me a password" orders; ignored for SSH-key orders. */
      password: z.string().min(12, vpsAdminMessages.passwordRequired).max(200).optional(),
    })
    .optional(),
  reason: multiline(z.string().trim().max(2000)).optional(),
});
export type VpsTransitionRequest = z.input<typeof VpsTransitionRequest>;

/** Deleting a server for good: staff type the order's reference to confirm. */
export const DeleteVpsServer = z.object({
  reference: z.string().trim().min(1, vpsAdminMessages.referenceRequired).max(20),
  reason: multiline(z.string().trim().max(2000)).optional(),
});
export type DeleteVpsServer = z.input<typeof DeleteVpsServer>;

export const AddVpsNote = AddOrderNote;

export const VpsPriceItem = z.object({
  id: z.string(),
  kind: z.enum(["plan", "addon"]),
  name: z.string(),
  monthly: Prices,
  active: z.boolean(),
  changed: z.boolean(),
});
export type VpsPriceItem = z.infer<typeof VpsPriceItem>;

export const UpdateVpsPrice = z.object({
  monthly: z.object({
    RWF: z.number().int().min(1),
    UGX: z.number().int().min(1),
    KES: z.number().int().min(1),
    USD: z.number().min(0.01).multipleOf(0.01),
  }),
  active: z.boolean().default(true),
});

export const VpsRenewal = VpsOrderSummary.extend({ daysLeft: z.number() });

/** A server stopped for longer than the retention period, waiting for staff to confirm its deletion. */
export const VpsServerToDelete = VpsOrderSummary.extend({ suspendedAt: z.string(), daysStopped: z.number() });
export type VpsServerToDelete = z.infer<typeof VpsServerToDelete>;

/** A cluster servers are built on, as the admin dashboard shows it (checked when asked, at most every 30 s). */
export const VpsClusterHealth = z.object({
  locationId: z.string(),
  fulfiller: z.string(),
  /** The API's host and port (never the token). */
  host: z.string(),
  /** ok: answering, every node of the pool online; degraded: answering, some node not; down: not answering. */
  status: z.enum(["ok", "degraded", "down"]),
  version: z.string().nullable(),
  nodes: z.array(
    z.object({
      name: z.string(),
      online: z.boolean(),
      memoryFreeGb: z.number().nullable(),
      memoryTotalGb: z.number().nullable(),
    }),
  ),
  error: z.string().nullable(),
  checkedAt: z.string(),
});
export type VpsClusterHealth = z.infer<typeof VpsClusterHealth>;
