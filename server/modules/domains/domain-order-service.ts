import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { OrderPayments } from "../../lib/orders.ts";
import type { AvailabilityChecker } from "./availability-service.ts";
import { domainFulfilment } from "./domain-fulfilment.ts";
import { domainOrderCheckout } from "./domain-order-checkout.ts";
import { domainOrderEmails } from "./domain-order-emails.ts";
import { domainOrderMoves } from "./domain-order-moves.ts";
import { domainOrderPayments } from "./domain-order-payments.ts";
import { domainOrderStaff } from "./domain-order-staff.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import { domainRenewals } from "./domain-renewals.ts";
import type { Registrar } from "./registrar.ts";

export type { DomainRenewed } from "./domain-renewals.ts";

export type DomainOrderService = ReturnType<typeof domainOrderService>;

/**
 * Domain orders, put together: the customer's checkout, what payments do to an order, registration
 * through the registrar, staff's view and actions, and renewals.
 */
export function domainOrderService(deps: {
  db: Database;
  payments: OrderPayments;
  checker: AvailabilityChecker;
  pricing: DomainPriceService;
  registrar: Registrar;
  publicUrl: string;
  notifyTo: string;
  log: FastifyBaseLogger;
  onQueued?: () => void;
  /** How long a registry that cannot take a registration is asked again before staff take over. */
  retryForMs?: number;
}) {
  const { db, payments, checker, pricing, registrar, publicUrl, notifyTo, log } = deps;
  const queued = () => deps.onQueued?.();
  const emails = domainOrderEmails({ publicUrl, notifyTo });
  const moveIn = domainOrderMoves(emails);

  const fulfilment = domainFulfilment({
    db,
    checker,
    registrar,
    moveIn,
    emails,
    log,
    queued,
    ...(deps.retryForMs !== undefined ? { retryForMs: deps.retryForMs } : {}),
  });
  domainOrderPayments({ payments, fulfilment, moveIn, emails, log, queued });
  const { detailOf, ...staff } = domainOrderStaff({ db, payments, registrar, fulfilment, moveIn, queued });
  const renewals = domainRenewals({ db, pricing, registrar, fulfilment, emails, queued, detail: detailOf });
  const { recheckDue, retryDue, pendingFinished, idle } = fulfilment;

  return {
    // The customer's side: placing an order, paying for it, following it by its link.
    ...domainOrderCheckout({ db, payments, checker, pricing, emails, queued }),
    // Registration through the registrar, run by jobs and registry poll messages.
    recheckDue,
    retryDue,
    pendingFinished,
    idle,
    ...staff,
    ...renewals,
  };
}
