import type { FastifyBaseLogger } from "fastify";
import { endRefundStep, markOrderPaid, orderAwaitingPayment, type OrderPayments } from "../../lib/orders.ts";
import { DOMAIN_ORDER_TYPE } from "./domain-order-checkout.ts";
import { dt, st, type DomainOrderEmails } from "./domain-order-emails.ts";
import type { MoveIn } from "./domain-order-moves.ts";
import { addEvent, findOrderById, moveOrder } from "./domain-order-repository.ts";
import type { DomainFulfilment } from "./domain-fulfilment.ts";

/**
 * What the payments capability tells a domain order, in the transaction that stores it: its payment
 * completed (the order is paid and handed to its registrar once that commits), or a refund staff
 * approved has ended (the order is refunded, or staff look again).
 */
export function domainOrderPayments(deps: {
  payments: OrderPayments;
  fulfilment: Pick<DomainFulfilment, "schedule">;
  moveIn: MoveIn;
  emails: DomainOrderEmails;
  log: FastifyBaseLogger;
  /** Email was queued (the outbox sends it at once). */
  queued: () => void;
}): void {
  const { payments, fulfilment, moveIn, log, queued } = deps;
  const { notify, notifyStaff } = deps.emails;

  payments.onOrderPaid(DOMAIN_ORDER_TYPE, async (tx, payment) => {
    const order = await orderAwaitingPayment(tx, payment, {
      label: "domain",
      find: findOrderById,
      log,
      // Paid twice, or paid after a cancellation: staff must refund it; the order does not move.
      paidUnexpectedly: async (db, late) => {
        await addEvent(db, {
          orderId: late.id,
          kind: "note",
          body: dt("history.paidLate", {
            transactionId: payment.transactionId,
            amount: payment.amount,
            currency: payment.currency,
            status: dt(`status.${late.status}`),
          }),
        });
        await notifyStaff(db, { ...late, paymentTransactionId: payment.transactionId }, "staffRefund", {
          why: dt("email.whyLate", { status: dt(`status.${late.status}`, { lng: "en" }), lng: "en" }),
        });
        queued();
      },
    });
    if (!order) return;
    const paid = await markOrderPaid(
      tx,
      payment,
      { move: moveOrder, addEvent, notify },
      { id: order.id, history: dt("history.paid", { transactionId: payment.transactionId }) },
    );
    if (!paid) return;
    queued();
    // The second check and the registrar run after this transaction commits, outside it: they wait on the network.
    fulfilment.schedule(order.id);
  });

  // A refund staff approved has ended: refunded (the customer is emailed), or staff look again.
  payments.onOrderRefund(DOMAIN_ORDER_TYPE, async (tx, outcome) => {
    await endRefundStep(tx, DOMAIN_ORDER_TYPE, outcome);
    const order = await findOrderById(tx, outcome.orderRef, true);
    if (!order) return;
    if (outcome.status === "FAILED" || order.status !== "needs_refund") {
      await addEvent(tx, {
        orderId: order.id,
        kind: "note",
        body: st(outcome.status === "FAILED" ? "history.refundFailed" : "history.refundedLate", {
          refundId: outcome.refundId,
          answer: outcome.answer,
        }),
        actorUsername: outcome.fulfiller,
      });
      if (outcome.status === "FAILED")
        await notifyStaff(tx, order, "staffRefund", {
          why: st("email.whyRefundFailed", { refundId: outcome.refundId, answer: outcome.answer }),
        });
      return;
    }
    await moveIn(tx, order, "refunded", {
      actor: { id: null, username: outcome.fulfiller },
      body: st("history.refunded", { refundId: outcome.refundId, answer: outcome.answer }),
      changes: { refundedAt: new Date() },
    });
    queued();
  });
}
