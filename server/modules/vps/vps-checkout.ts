import { randomUUID } from "node:crypto";
import { type Language } from "#contracts/languages.ts";
import {
  quoteVps,
  type VpsOrderCreated,
  type VpsOrderRequest,
  type VpsOrderStatus,
  type VpsOrderView,
  type VpsQuote,
} from "#contracts/vps.ts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import {
  linkedOrderCheckout,
  newAccessToken,
  newReferenceCode,
  payAgain,
  placeOrder,
  type OrderPayments,
} from "../../lib/orders.ts";
import type { CredentialCipher } from "./credential-cipher.ts";
import { vpsCatalog } from "./vps-catalog.ts";
import { VPS_ORDER_TYPE } from "./vps-fulfilment.ts";
import { orderUrl, vt, type PlanSnapshot, type VpsOrderEmails } from "./vps-order-emails.ts";
import {
  addEvent,
  claimCredentialReveal,
  findOrderById,
  findOrderByToken,
  insertOrder,
  updateOrder,
  type VpsOrderRow,
} from "./vps-repository.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The customer's side of a VPS order: placing it, paying for it, following it by its link. */
export function vpsCheckout(deps: {
  db: Database;
  payments: OrderPayments;
  cipher: CredentialCipher;
  emails: VpsOrderEmails;
  /** Email was queued (the outbox sends it at once). */
  queued: () => void;
}) {
  const { db, payments, cipher, queued } = deps;
  const { notify } = deps.emails;

  const pay = linkedOrderCheckout<VpsOrderRow>(db, payments, {
    orderType: VPS_ORDER_TYPE,
    findById: findOrderById,
    update: updateOrder,
    orderUrl,
    description: (order) => vt("paymentDescription", { code: order.reference.slice(4) }),
  });

  return {
    /** Stores the order (and its "received" email), then opens the payment page for it. */
    /** `context.language`: the page the customer orders from (the request's); their emails and links keep it. */
    async createOrder(
      input: z.output<typeof VpsOrderRequest>,
      context: { ipAddress?: string; language?: Language },
    ): Promise<VpsOrderCreated> {
      const language = context.language ?? currentLanguage();
      const current = await vpsCatalog(db);
      const plan = current.plans.find((p) => p.id === input.planId && p.active);
      if (!plan) throw fieldError("planId", vt("validation.planUnknown"));
      if (!current.locations.some((l) => l.id === input.locationId))
        throw fieldError("locationId", vt("validation.locationUnknown"));
      if (!current.images.some((i) => i.id === input.imageId))
        throw fieldError("imageId", vt("validation.imageUnknown"));
      if (!current.periods.some((p) => p.months === input.periodMonths))
        throw fieldError("periodMonths", vt("validation.periodUnknown"));
      const quote = quoteVps(current, {
        planId: plan.id,
        periodMonths: input.periodMonths,
        addons: input.addons,
        currency: input.currency,
      });
      const placing = { addEvent, notify, pay, orderUrl, queued };
      return placeOrder(
        db,
        placing,
        (tx) =>
          insertOrder(tx, {
            id: randomUUID(),
            reference: `VPS-${newReferenceCode()}`,
            accessToken: newAccessToken(),
            status: "pending_payment",
            planId: plan.id,
            plan: {
              id: plan.id,
              name: plan.name,
              vcpu: plan.vcpu,
              ramGb: plan.ramGb,
              ssdGb: plan.ssdGb,
              bandwidthTb: plan.bandwidthTb,
            },
            locationId: input.locationId,
            imageId: input.imageId,
            periodMonths: input.periodMonths,
            addons: input.addons,
            currency: input.currency,
            amount: String(quote.total),
            quote,
            hostname: input.hostname,
            accessMethod: input.accessMethod,
            sshPublicKey: input.accessMethod === "ssh_key" ? (input.sshPublicKey ?? "").trim() : null,
            customerName: input.name,
            email: input.email,
            phoneNumber: input.phoneNumber,
            ipAddress: context.ipAddress ?? null,
            language,
          }),
        context.ipAddress,
      );
    },

    /** Another payment page for an order still waiting for payment (the first was abandoned or failed). */
    async payAgain(token: string, context: { ipAddress?: string }): Promise<{ redirectUrl: string }> {
      return payAgain(
        await findOrderByToken(db, token),
        {
          pay,
          notFound: () => new AppError("not_found", vt("orderNotFound"), 404),
          notPayable: () => new AppError("not_payable", vt("notPayable"), 409),
        },
        context.ipAddress,
      );
    },

    /** The customer's view behind the link; the password is decrypted for the first view only. */
    async customerView(token: string): Promise<VpsOrderView> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", vt("orderNotFound"), 404);
      let server: VpsOrderView["server"] = null;
      if ((order.status === "active" || order.status === "suspended") && order.serverIp && order.serverUsername) {
        let password: string | null = null;
        let shownBefore = false;
        if (order.credentialsCiphertext) {
          if (await claimCredentialReveal(db, order.id))
            password = cipher.decrypt(order.credentialsCiphertext, order.id);
          else shownBefore = true;
        }
        server = {
          ipAddress: order.serverIp,
          username: order.serverUsername,
          password,
          passwordShownBefore: shownBefore,
        };
      }
      return {
        reference: order.reference,
        status: order.status as VpsOrderStatus,
        plan: order.plan as PlanSnapshot,
        locationId: order.locationId,
        imageId: order.imageId,
        periodMonths: order.periodMonths,
        hostname: order.hostname,
        accessMethod: order.accessMethod,
        quote: order.quote as VpsQuote,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        activatedAt: iso(order.activatedAt),
        expiresAt: iso(order.expiresAt),
        server,
        canPay: order.status === "pending_payment",
        payments: await payments.paymentsForOrder(VPS_ORDER_TYPE, order.id),
      };
    },
  };
}
