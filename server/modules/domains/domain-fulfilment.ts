import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { lastUnfinishedStep, stepRecorder, type OrderStepRow } from "../../lib/orders.ts";
import type { AuditActor } from "../../lib/audit.ts";
import type { AvailabilityChecker } from "./availability-service.ts";
import { DOMAIN_ORDER_TYPE, REGISTRAR_ACTOR } from "./domain-order-checkout.ts";
import { dt, nameserversOf, st, type DomainOrderEmails } from "./domain-order-emails.ts";
import { addYears, SYSTEM, type MoveIn } from "./domain-order-moves.ts";
import {
  addEvent,
  claimAttempt,
  findOrderById,
  ordersAwaitingRecheck,
  ordersDueForAttempt,
  pendingOrderFor,
  updateOrder,
  type DomainOrderRow,
} from "./domain-order-repository.ts";
import type { Registrar, RegistrationResult } from "./registrar.ts";

/**
 * Registering a paid name through its registry's registrar: the check after payment, the
 * registrar's answer moving the order, and the tries again while a registry is down or pending.
 */

/** A registration the registry could not take is tried again after 1, 2, 4... minutes, at most every 30. */
export const retryDelayMs = (attempts: number) => Math.min(30, 2 ** Math.max(0, attempts - 1)) * 60_000;
/** A registration the registry left pending is looked at again this often, if no poll message ended it. */
const PENDING_RECHECK_MS = 30 * 60_000;
/** An instance that took an attempt holds it this long (it crashed if the order is still paid after). */
const ATTEMPT_LEASE_MS = 10 * 60_000;

export type DomainFulfilment = ReturnType<typeof domainFulfilment>;

export function domainFulfilment(deps: {
  db: Database;
  checker: AvailabilityChecker;
  registrar: Registrar;
  moveIn: MoveIn;
  emails: Pick<DomainOrderEmails, "notifyStaff">;
  log: FastifyBaseLogger;
  queued: () => void;
  /** How long a registry that cannot take a registration is asked again before staff take over. */
  retryForMs?: number;
}) {
  const { db, checker, registrar, moveIn, log, queued } = deps;
  const { notifyStaff } = deps.emails;
  const retryForMs = deps.retryForMs ?? 48 * 3_600_000;
  /** Where the registrar writes down what it does for an order. */
  const registrarFor = (tld: string) => registrar.for?.(tld) ?? registrar;
  const steps = (orderId: string, fulfiller: string, actor: string | null = null) =>
    stepRecorder(db, { orderType: DOMAIN_ORDER_TYPE, orderId }, fulfiller, actor);
  /** After-payment work in flight on this instance (tests and shutdown wait for it). */
  const pending = new Set<Promise<void>>();

  /** A paid order a registrar (not staff) was handling whose last step failed, or that waits on a registry that is down. */
  function canRetry(row: DomainOrderRow, stepRows: readonly OrderStepRow[]): boolean {
    if (row.status !== "paid" || registrarFor(row.tld).name === "manual") return false;
    return row.registryWait === "registry" || lastUnfinishedStep(stepRows)?.status === "failed";
  }

  function track(work: Promise<void>) {
    const guarded = work.catch((error: unknown) => log.error({ err: error }, "domain order after-payment step failed"));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  /**
   * After payment: ask the registry again (the name may have gone while the customer paid). Taken
   * means a refund; otherwise the registrar gets the order (the manual one leaves it to staff).
   * Safe to run twice or on two instances: each step is a compare-and-set on the stored order.
   */
  async function afterPayment(id: string): Promise<void> {
    const order = await db.transaction((tx) => findOrderById(tx, id, true));
    if (!order || order.status !== "paid" || order.recheckedAt) return;
    const answer = await checker.check(order.domainName, order.tld, { authoritative: true, details: true });
    const source = answer.source.toUpperCase();
    const checked = await db.transaction(async (tx) => {
      const current = await findOrderById(tx, id, true);
      if (!current || current.status !== "paid" || current.recheckedAt) return null;
      const stamp = { recheckState: answer.state, recheckedAt: new Date() };
      if (answer.state === "registered") {
        const moved = await moveIn(tx, current, "needs_refund", {
          actor: SYSTEM,
          body: dt("history.recheckTaken", { name: current.unicodeName, source }),
          changes: stamp,
        });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
        return null;
      }
      const body =
        answer.state === "available"
          ? dt("history.recheckAvailable", { source })
          : dt("history.recheckUnknown", { reason: dt(`reason.${answer.reason ?? "unclear"}`).replace(/\.$/, "") });
      await addEvent(tx, { orderId: id, kind: "note", body });
      return updateOrder(tx, id, { ...stamp, registrar: registrarFor(current.tld).name });
    });
    queued();
    if (!checked) return;
    await register(checked);
  }

  /** The staff email's line about the check after payment. */
  function recheckLine(order: DomainOrderRow): string {
    return order.recheckState === "available"
      ? dt("history.recheckAvailable", { source: "RDAP/WHOIS" })
      : dt("history.recheckUnknown", { reason: dt("reason.unclear").replace(/\.$/, "") });
  }

  /** Hands the order to its registry's registrar, and moves it by the answer. Safe to repeat: registrars are idempotent on the order. */
  async function register(order: DomainOrderRow, staff: AuditActor | null = null): Promise<RegistrationResult | null> {
    const fulfiller = registrarFor(order.tld);
    const recheck = recheckLine(order);
    let result: RegistrationResult;
    try {
      result = await fulfiller.register(
        {
          orderId: order.id,
          reference: order.reference,
          domain: order.domainName,
          years: order.years,
          nameservers: nameserversOf(order),
          registrant: {
            name: order.customerName,
            organisation: order.organisation,
            email: order.email,
            phoneNumber: order.phoneNumber,
            address: order.address,
            city: order.city,
            country: order.country,
          },
        },
        { steps: steps(order.id, fulfiller.name, staff?.username ?? null) },
      );
    } catch (error) {
      log.error({ err: error, orderId: order.id, registrar: fulfiller.name }, "registrar failed");
      result = { kind: "failed", message: error instanceof Error ? error.message : String(error) };
    }
    const settled = { registryWait: null, nextAttemptAt: null } as const;
    await db.transaction(async (tx) => {
      const current = await findOrderById(tx, order.id, true);
      if (!current || current.status !== "paid") return;
      const actor = { id: null, username: `${REGISTRAR_ACTOR}${fulfiller.name}` };
      const now = new Date();
      if (result.kind === "manual") {
        await updateOrder(tx, order.id, settled);
        await addEvent(tx, { orderId: order.id, kind: "note", body: dt("history.registrarManual") });
        await notifyStaff(tx, current, "staffRegister", { recheck });
      } else if (result.kind === "registered") {
        await moveIn(tx, current, "registered", {
          actor,
          body: dt("history.registeredBy", { registrar: fulfiller.name }),
          changes: {
            ...settled,
            registeredAt: now,
            registryReference: result.registryReference,
            expiresAt: result.expiresAt ?? addYears(now, current.years),
          },
        });
      } else if (result.kind === "taken") {
        const moved = await moveIn(tx, current, "needs_refund", {
          actor,
          body: dt("history.registrarTaken", { registrar: fulfiller.name }),
          changes: settled,
        });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
      } else if (result.kind === "pending") {
        if (current.registryWait !== "pending")
          await addEvent(tx, { orderId: order.id, kind: "note", body: st("history.registryPending") });
        // The registry's poll message usually ends it first; this is the fallback look.
        await updateOrder(tx, order.id, {
          registryWait: "pending",
          nextAttemptAt: new Date(now.getTime() + PENDING_RECHECK_MS),
        });
      } else if (result.kind === "retry") {
        const attempts = current.attempts + 1;
        const waited = now.getTime() - (current.paidAt ?? now).getTime();
        if (waited >= retryForMs) {
          await updateOrder(tx, order.id, { ...settled, attempts });
          await addEvent(tx, {
            orderId: order.id,
            kind: "note",
            body: st("history.registryGaveUp", { registrar: fulfiller.name, message: result.message }),
          });
          await notifyStaff(tx, current, "staffRegister", { recheck: st("email.gaveUp", { message: result.message }) });
        } else {
          if (current.registryWait !== "registry")
            await addEvent(tx, {
              orderId: order.id,
              kind: "note",
              body: st("history.registryUnavailable", { registrar: fulfiller.name, message: result.message }),
            });
          await updateOrder(tx, order.id, {
            registryWait: "registry",
            attempts,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          });
        }
      } else {
        await updateOrder(tx, order.id, settled);
        await addEvent(tx, {
          orderId: order.id,
          kind: "note",
          body: dt("history.registrarFailed", { registrar: fulfiller.name, error: result.message }),
        });
        await notifyStaff(tx, current, "staffRegister", {
          recheck: `${recheck}\n\n${st("email.registryRefused", { registrar: fulfiller.name, message: result.message })}`,
        });
      }
    });
    queued();
    return result;
  }

  return {
    registrarFor,
    steps,
    canRetry,
    register,
    track,

    /** The order was paid: the second check and the registrar run once the payment's transaction has committed. */
    schedule(orderId: string): void {
      // They wait on the network. afterPayment locks the row first, so it starts once the payment is stored.
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => afterPayment(orderId)));
    },

    /** Orders paid a while ago whose after-payment step never ran (a restart in between): run it. */
    async recheckDue(now = new Date()): Promise<number> {
      const due = await ordersAwaitingRecheck(db, new Date(now.getTime() - 60_000));
      for (const order of due) await afterPayment(order.id);
      return due.length;
    },

    /**
     * Registrations due another try (the registry was down or left one pending): each is claimed
     * by one instance and handed to its registrar again. `now` is the job's clock.
     */
    async retryDue(now = new Date()): Promise<number> {
      let done = 0;
      for (const due of await ordersDueForAttempt(db, now)) {
        const claimed = await claimAttempt(db, due, new Date(now.getTime() + ATTEMPT_LEASE_MS));
        if (!claimed) continue;
        await register(claimed);
        done++;
      }
      return done;
    },

    /** A registry's poll message ended a pending registration: look at the registry's record and move the order. */
    async pendingFinished(domainName: string): Promise<boolean> {
      const order = await pendingOrderFor(db, domainName);
      if (!order) return false;
      await register(order);
      return true;
    },

    /** Resolves once the after-payment work started on this instance has finished. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
