import type { FastifyBaseLogger } from "fastify";
import type { VpsQuote } from "#contracts/vps.ts";
import {
  endRefundStep,
  markOrderPaid,
  orderAwaitingPayment,
  stepRecorder,
  type OrderPayments,
} from "../../lib/orders.ts";
import type { Provisioner } from "./provisioner.ts";
import { VPS_ORDER_TYPE, type TransitionIn, type vpsFulfilment } from "./vps-fulfilment.ts";
import { describeAddons, vt, type PlanSnapshot, type VpsOrderEmails } from "./vps-order-emails.ts";
import { addEvent, findOrderById, moveOrder } from "./vps-repository.ts";

/**
 * What the payments capability tells a VPS order, in the transaction that stores it: its payment
 * completed (the order is paid and its server is built, or staff are asked to), or a refund staff
 * approved has ended (the order is refunded, or staff look again).
 */
export function vpsOrderPayments(deps: {
  payments: OrderPayments;
  provisioner: Provisioner;
  fulfilment: Pick<ReturnType<typeof vpsFulfilment>, "isAutomatic" | "schedule">;
  transitionIn: TransitionIn;
  emails: VpsOrderEmails;
  log: FastifyBaseLogger;
  /** Email was queued (the outbox sends it at once). */
  queued: () => void;
}): void {
  const { payments, provisioner, fulfilment, transitionIn, log, queued } = deps;
  const { notify, notifyStaff } = deps.emails;

  payments.onOrderPaid(VPS_ORDER_TYPE, async (tx, payment) => {
    const order = await orderAwaitingPayment(tx, payment, {
      label: "VPS",
      find: findOrderById,
      log,
      // Paid twice, or paid after a cancellation: staff must refund it; the order does not move.
      paidUnexpectedly: (db, late) =>
        addEvent(db, {
          orderId: late.id,
          kind: "note",
          body:
            `Payment ${payment.transactionId} of ${payment.amount} ${payment.currency} completed ` +
            `while the order was ${late.status}: refund it.`,
        }),
    });
    if (!order) return;
    const automatic = fulfilment.isAutomatic(order);
    const paid = await markOrderPaid(
      tx,
      payment,
      { move: moveOrder, addEvent, notify },
      {
        id: order.id,
        history: `Payment ${payment.transactionId}`,
        changes: automatic ? { provisionDueAt: new Date(), provisionAttempts: 0 } : {},
      },
    );
    if (!paid) return;
    await notifyStaff(tx, paid, automatic ? "staffPaidAutomatic" : "staffPaid", {
      name: paid.customerName,
      email: paid.email,
      total: (paid.quote as VpsQuote).total.toLocaleString("en-US"),
      currency: paid.currency,
      plan: (paid.plan as PlanSnapshot).name,
      image: paid.imageId,
      months: paid.periodMonths,
      period: vt("email.period", { count: paid.periodMonths, lng: "en" }),
      addons: describeAddons(paid),
      access: paid.accessMethod === "ssh_key" ? "SSH key" : "password",
      fulfiller: provisioner.fulfillerFor(paid.locationId),
    });
    if (!automatic) {
      const handover = await stepRecorder(tx, { orderType: VPS_ORDER_TYPE, orderId: paid.id }, "manual").start(
        "provision:handover",
      );
      await handover.manual(vt("fulfilment.byHand", { lng: "en" }));
    }
    queued();
    // The build waits on the network, so it runs after this transaction commits, outside it.
    if (automatic) fulfilment.schedule(paid.id);
  });

  // A refund staff approved has ended: refunded (the customer is emailed), or staff look again.
  payments.onOrderRefund(VPS_ORDER_TYPE, async (tx, outcome) => {
    await endRefundStep(tx, VPS_ORDER_TYPE, outcome);
    const order = await findOrderById(tx, outcome.orderRef, true);
    if (!order) return;
    const values = { refundId: outcome.refundId, answer: outcome.answer, lng: "en" };
    if (outcome.status === "COMPLETED" && order.status === "failed") {
      await transitionIn(tx, order, { to: "refunded" }, { id: null, username: outcome.fulfiller });
      await addEvent(tx, {
        orderId: order.id,
        kind: "note",
        body: vt("refund.refunded", values),
        actorUsername: outcome.fulfiller,
      });
      queued();
      return;
    }
    const key = outcome.status === "FAILED" ? "refund.failed" : "refund.late";
    await addEvent(tx, { orderId: order.id, kind: "note", body: vt(key, values), actorUsername: outcome.fulfiller });
    if (outcome.status === "FAILED") {
      await notifyStaff(tx, order, "staffRefundFailed", { refundId: outcome.refundId, answer: outcome.answer });
      queued();
    }
  });
}
