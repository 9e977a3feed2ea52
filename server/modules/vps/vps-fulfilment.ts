import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { OrderFulfilment } from "#contracts/orders.ts";
import type { VpsTransitionRequest } from "#contracts/vps-admin.ts";
import type { VpsOrderStatus } from "#contracts/vps.ts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import {
  lastUnfinishedStep,
  listOrderSteps,
  refundable,
  stepRecorder,
  toOrderStep,
  type OrderStepRow,
  type StepRecorder,
} from "../../lib/orders.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import type { CredentialCipher } from "./credential-cipher.ts";
import { ProvisioningError, type Provisioner, type ServerAction, type ServerActionResult } from "./provisioner.ts";
import { addEvent, claimProvisioning, findOrderById, updateOrder, type VpsOrderRow } from "./vps-repository.ts";

/**
 * Building, stopping, starting and deleting customers' servers through the provisioner, with every
 * step on the order's record (order_steps) so staff see who handled it, what the cluster answered,
 * and can retry what failed. An automatic provisioner's work runs after the request or payment that
 * asked for it, on whichever instance claims it first (a lease in the order row); a failure whose
 * outcome is unknown is retried with backoff, any other is handed to staff.
 */

export const VPS_ORDER_TYPE = "vps";
/** Automatic tries of one build before staff are asked (a retry by staff starts the count again). */
export const PROVISION_MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;

/** Operations whose steps are recorded as "<operation>:<step>" ("provision:clone", "suspend:shutdown"). */
export type VpsOperation = "provision" | ServerAction;
const SERVER_ACTIONS: readonly string[] = ["suspend", "resume", "destroy"];

const vt = (key: string, options: Record<string, unknown> = {}) => serverT(key, { ns: "vps", lng: "en", ...options });

/** A password a person can type from a phone: 20 characters, no look-alikes (0/O, 1/l/I). */
export function newServerPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** The order's steps of one operation, seen by the provisioner without the operation's prefix. */
function operationSteps(
  db: Database,
  orderId: string,
  operation: VpsOperation,
  fulfiller: string,
  actorUsername: string | null,
): StepRecorder {
  const recorder = stepRecorder(db, { orderType: VPS_ORDER_TYPE, orderId }, fulfiller, actorUsername);
  const prefix = `${operation}:`;
  return {
    start: (action, detail) => recorder.start(prefix + action, detail),
    async previous() {
      return (await recorder.previous())
        .filter((row) => row.action.startsWith(prefix))
        .map((row) => ({ ...row, action: row.action.slice(prefix.length) }));
    },
  };
}

const operationOf = (row: OrderStepRow) => row.action.split(":")[0] as VpsOperation;

export type TransitionIn = (
  tx: Database,
  order: VpsOrderRow,
  request: z.output<typeof VpsTransitionRequest>,
  actor: AuditActor,
) => Promise<VpsOrderRow>;

export function vpsFulfilment(deps: {
  db: Database;
  provisioner: Provisioner;
  cipher: CredentialCipher;
  log: FastifyBaseLogger;
  transitionIn: TransitionIn;
  notifyStaff: (db: Database, row: VpsOrderRow, kind: string, extra?: Record<string, unknown>) => Promise<void>;
  queued: () => void;
  /** Longer than one build can take: an instance that died mid-build lets another take over after it. */
  leaseMs: number;
}) {
  const { db, provisioner, cipher, log } = deps;
  const pending = new Set<Promise<void>>();
  const isAutomatic = (row: Pick<VpsOrderRow, "locationId">) => provisioner.fulfillerFor(row.locationId) !== "manual";

  function track(work: Promise<void>) {
    const guarded = work.catch((error: unknown) => log.error({ err: error }, "VPS fulfilment failed"));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  /** Builds the server (paid → provisioning → active), or hands it to staff saying why. */
  async function provision(id: string, actorUsername: string | null): Promise<void> {
    const order = await db.transaction(async (tx) => {
      const current = await findOrderById(tx, id, true);
      if (!current || (current.status !== "paid" && current.status !== "provisioning")) {
        if (current) await updateOrder(tx, id, { provisionDueAt: null, provisionLeaseUntil: null });
        return null;
      }
      // The password is chosen once, before the first try, so every retry sets the same one.
      if (current.accessMethod === "password" && !current.credentialsCiphertext) {
        const password = newServerPassword();
        current.credentialsCiphertext = cipher.encrypt(password, id);
        await updateOrder(tx, id, { credentialsCiphertext: current.credentialsCiphertext });
      }
      if (current.status === "paid")
        return deps.transitionIn(
          tx,
          current,
          { to: "provisioning" },
          { id: null, username: provisioner.fulfillerFor(current.locationId) },
        );
      return current;
    });
    deps.queued();
    if (!order) return;
    const who = provisioner.fulfillerFor(order.locationId);
    const steps = operationSteps(db, id, "provision", who, actorUsername);
    const plan = order.plan as { vcpu: number; ramGb: number; ssdGb: number };
    let result;
    try {
      result = await provisioner.provision(
        {
          orderId: order.id,
          reference: order.reference,
          hostname: order.hostname,
          planId: order.planId,
          plan: { vcpu: plan.vcpu, ramGb: plan.ramGb, ssdGb: plan.ssdGb },
          locationId: order.locationId,
          imageId: order.imageId,
          sshPublicKey: order.accessMethod === "ssh_key" ? order.sshPublicKey : null,
          password:
            order.accessMethod === "password" && order.credentialsCiphertext
              ? cipher.decrypt(order.credentialsCiphertext, order.id)
              : null,
        },
        steps,
      );
    } catch (error) {
      const failure =
        error instanceof ProvisioningError
          ? error
          : new ProvisioningError(error instanceof Error ? error.message : String(error), false);
      const retry = failure.retryable && order.provisionAttempts < PROVISION_MAX_ATTEMPTS;
      log.warn({ orderId: id, err: failure.message, retry }, "VPS provisioning attempt failed");
      await db.transaction(async (tx) => {
        await updateOrder(tx, id, {
          provisionDueAt: retry
            ? new Date(Date.now() + RETRY_BASE_MS * 2 ** Math.max(0, order.provisionAttempts - 1))
            : null,
          provisionLeaseUntil: null,
        });
        if (retry) return;
        await addEvent(tx, {
          orderId: id,
          kind: "note",
          body: vt("fulfilment.stopped", { fulfiller: who, error: failure.message }),
          actorUsername: who,
        });
        await deps.notifyStaff(tx, order, "staffProvisionFailed", { fulfiller: who, detail: failure.message });
      });
      deps.queued();
      return;
    }
    if (result.kind === "manual") {
      const reason = result.reason ?? vt("fulfilment.byHand");
      await (await steps.start("handover")).manual(reason);
      await db.transaction(async (tx) => {
        await updateOrder(tx, id, { provisionDueAt: null, provisionLeaseUntil: null });
        await addEvent(tx, { orderId: id, kind: "note", body: reason, actorUsername: who });
        await deps.notifyStaff(tx, order, "staffProvisionManual", { fulfiller: who, detail: reason });
      });
      deps.queued();
      return;
    }
    if ((await steps.previous()).at(-1)?.status !== "succeeded")
      await (await steps.start("ready")).succeed(`${result.ipAddress}, login ${result.username}`);
    await db.transaction(async (tx) => {
      const current = await findOrderById(tx, id, true);
      await updateOrder(tx, id, { provisionDueAt: null, provisionLeaseUntil: null });
      if (current?.status !== "provisioning") return;
      await deps.transitionIn(
        tx,
        current,
        {
          to: "active",
          server: {
            ipAddress: result.ipAddress,
            username: result.username,
            ...(result.password ? { password: result.password } : {}),
          },
        },
        { id: null, username: who },
      );
    });
    deps.queued();
  }

  /** Claims the order (once the transaction that asked for it has committed) and builds its server. */
  async function claimAndProvision(id: string, actorUsername: string | null): Promise<void> {
    await db.transaction((tx) => findOrderById(tx, id, true));
    const [claimed] = await claimProvisioning(db, { id, leaseMs: deps.leaseMs });
    if (claimed) await provision(claimed, actorUsername);
  }

  /**
   * Does to the server what its order's new state says. The order has already moved: a provisioner
   * that cannot do it ("manual") or fails leaves the work to staff, who are emailed, find it on the
   * order's history and steps, and may retry it.
   */
  async function serverAction(
    row: VpsOrderRow,
    action: ServerAction,
    actor: AuditActor,
  ): Promise<ServerActionResult | null> {
    const who = provisioner.fulfillerFor(row.locationId);
    const steps = operationSteps(db, row.id, action, who, actor.id ? actor.username : null);
    const server = { orderId: row.id, reference: row.reference, hostname: row.hostname, locationId: row.locationId };
    let body: string;
    let staffKind: string | null = null;
    let result: ServerActionResult | null = null;
    try {
      result = await provisioner[action](server, steps);
      if (result.kind === "manual") {
        body = vt(`serverAction.manual.${action}`);
        await (await steps.start("handover")).manual(body);
        staffKind = "staffServerAction";
      } else {
        body = vt(`serverAction.done.${action}`, { provisioner: who });
        if (result.detail) body += ` ${result.detail}`;
        // A provisioner that keeps no steps of its own still leaves its answer on the record.
        if ((await steps.previous()).at(-1)?.status !== "succeeded")
          await (await steps.start("done")).succeed(result.detail ?? body);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ orderId: row.id, action, err: message }, "VPS server action failed");
      body = vt(`serverAction.failed.${action}`, { provisioner: who, error: message });
      // The provisioner records its own failing step; one that failed before any step gets one here.
      if (lastUnfinishedStep(await steps.previous())?.status !== "failed")
        await (await steps.start("call")).fail(message);
      staffKind = "staffServerActionFailed";
    }
    await db.transaction(async (tx) => {
      await addEvent(tx, { orderId: row.id, kind: "note", body, actorUsername: actor.username ?? who });
      if (staffKind)
        await deps.notifyStaff(tx, row, staffKind, { action: vt(`serverAction.verb.${action}`), detail: body });
    });
    deps.queued();
    return result;
  }

  /** What a retry would run again, if anything: the operation of the last step, when it failed or was handed over. */
  function retryable(row: VpsOrderRow, steps: OrderStepRow[]): VpsOperation | null {
    const last = lastUnfinishedStep(steps);
    if (!last || last.fulfiller === "manual") return null;
    const operation = operationOf(last);
    const status = row.status as VpsOrderStatus;
    if (operation === "provision") return status === "paid" || status === "provisioning" ? operation : null;
    if (operation === "suspend") return status === "suspended" || status === "cancelled" ? operation : null;
    if (operation === "resume") return status === "active" ? operation : null;
    if (operation === "destroy") return row.serverDeletedAt ? operation : null;
    return null;
  }

  return {
    isAutomatic,

    /** After the transaction that made the order due commits (a payment, a staff move): build it now. */
    schedule(id: string, actorUsername: string | null = null): void {
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => claimAndProvision(id, actorUsername)));
    },

    /** One round of the job on every listening instance: builds whose time has come (first tries lost to a restart, retries). */
    async runDue(limit = 5): Promise<number> {
      const ids = await claimProvisioning(db, { limit, leaseMs: deps.leaseMs });
      for (const id of ids) await provision(id, null);
      return ids.length;
    },

    serverAction,

    async fulfilmentOf(row: VpsOrderRow): Promise<OrderFulfilment> {
      const steps = await listOrderSteps(db, VPS_ORDER_TYPE, row.id);
      return {
        fulfiller: row.provisioner ?? provisioner.fulfillerFor(row.locationId),
        steps: steps.map(toOrderStep),
        canRetry: retryable(row, steps) !== null,
        // A failed order is the VPS side's "needs refund".
        canRefund: refundable(row.status === "failed", row.paymentTransactionId !== null, steps),
      };
    },

    /** Staff's retry of the failed step's operation: builds again from where it stopped, or repeats the server action. */
    async retry(id: string, actor: AuditActor, ipAddress?: string): Promise<void> {
      const row = await findOrderById(db, id);
      if (!row) throw new AppError("not_found", serverT("adminOrderNotFound", { ns: "vps" }), 404);
      const operation = retryable(row, await listOrderSteps(db, VPS_ORDER_TYPE, id));
      if (!operation) throw new AppError("nothing_to_retry", serverT("nothingToRetry", { ns: "vps" }), 409);
      await recordAudit(db, {
        actor,
        action: "vps.order.retry",
        targetType: "vps_order",
        targetId: id,
        details: { reference: row.reference, operation },
        ...(ipAddress ? { ipAddress } : {}),
      });
      if (SERVER_ACTIONS.includes(operation)) {
        await serverAction(row, operation as ServerAction, actor);
        return;
      }
      await updateOrder(db, id, { provisionDueAt: new Date(), provisionAttempts: 0, provisionLeaseUntil: null });
      await claimAndProvision(id, actor.username);
    },

    /** Resolves when the work this instance started has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
