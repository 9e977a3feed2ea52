import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans } from "#content/vps.ts";
import { type VpsPriceItem } from "#contracts/vps-admin.ts";
import { catalogFromContent, type VpsCatalog, type VpsPrices } from "#contracts/vps.ts";
import type { Database } from "../../db/client.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { notifyChange } from "../../lib/change-notified-cache.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { priceOverrides, savePriceOverride } from "./vps-repository.ts";

/** What VPS hosting sells and at what price: the catalogue, with the price changes staff made. */

/** The NOTIFY channel of a price change (the public catalogue is kept until one). */
export const PRICE_CHANGES = "vps_prices";

/** The catalogue with staff price changes applied; withdrawn plans stay listed as inactive. */
export async function vpsCatalog(db: Database): Promise<VpsCatalog> {
  const base = catalogFromContent({
    plans: vpsPlans,
    locations: vpsLocations,
    images: vpsImages,
    periods: vpsPeriods,
    addons: vpsAddons,
  });
  const overrides = new Map((await priceOverrides(db)).map((row) => [row.itemId, row]));
  return {
    ...base,
    plans: base.plans.map((plan) => {
      const o = overrides.get(plan.id);
      return o?.kind === "plan" ? { ...plan, monthly: o.monthly as VpsPrices, active: o.active === 1 } : plan;
    }),
    addons: base.addons.map((addon) => {
      const o = overrides.get(addon.id);
      return o?.kind === "addon" ? { ...addon, monthly: o.monthly as VpsPrices } : addon;
    }),
  };
}

/** Every plan and add-on as staff price it, and whether they changed its price. */
export async function vpsPrices(db: Database): Promise<VpsPriceItem[]> {
  const current = await vpsCatalog(db);
  const changed = new Set((await priceOverrides(db)).map((row) => row.itemId));
  return [
    ...current.plans.map((plan) => ({
      id: plan.id,
      kind: "plan" as const,
      name: plan.name,
      monthly: plan.monthly,
      active: plan.active,
      changed: changed.has(plan.id),
    })),
    ...current.addons.map((addon) => ({
      id: addon.id,
      kind: "addon" as const,
      name: addon.name,
      monthly: addon.monthly,
      active: true,
      changed: changed.has(addon.id),
    })),
  ];
}

/** Staff change a plan's or an add-on's monthly prices (a plan may be withdrawn); audited. */
export async function updateVpsPrice(
  db: Database,
  itemId: string,
  update: { monthly: VpsPrices; active: boolean },
  actor: AuditActor,
  ipAddress?: string,
): Promise<VpsPriceItem[]> {
  const kind = vpsPlans.some((p) => p.id === itemId) ? "plan" : vpsAddons.some((a) => a.id === itemId) ? "addon" : null;
  if (!kind) throw new AppError("not_found", serverT("priceItemNotFound", { ns: "vps" }), 404);
  const before =
    (await vpsCatalog(db)).plans.find((p) => p.id === itemId)?.monthly ??
    vpsAddons.find((a) => a.id === itemId)?.monthly;
  await db.transaction(async (tx) => {
    await savePriceOverride(tx, {
      itemId,
      kind,
      monthly: update.monthly,
      active: kind === "addon" || update.active ? 1 : 0,
      updatedBy: actor.username,
    });
    await notifyChange(tx, PRICE_CHANGES);
    await recordAudit(tx, {
      actor,
      action: "vps.price.update",
      targetType: `vps_${kind}`,
      targetId: itemId,
      details: { before, after: update.monthly, active: update.active },
      ...(ipAddress ? { ipAddress } : {}),
    });
  });
  return vpsPrices(db);
}
