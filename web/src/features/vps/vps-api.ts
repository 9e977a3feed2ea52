import { useMemo } from "react";
import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans } from "#content/vps.ts";
import { catalogFromContent, VpsCatalog, VpsOrderCreated, VpsOrderView, type VpsOrderRequest } from "#contracts/vps.ts";
import { OrderPaymentStarted } from "#contracts/orders.ts";
import { useContent } from "../../i18n/content.ts";
import { useLanguage } from "../../i18n/use-language.ts";
import { apiRequest } from "../../lib/api-client.ts";

/** The catalogue as shipped; the live one (with staff price changes) replaces it once loaded. */
export const contentCatalog = catalogFromContent({
  plans: vpsPlans,
  locations: vpsLocations,
  images: vpsImages,
  periods: vpsPeriods,
  addons: vpsAddons,
});

const englishVps = { vpsPlans, vpsLocations, vpsImages, vpsPeriods, vpsAddons };
type LocalVps = typeof englishVps;

/** The text of one catalogue entry in the page's language, where it is still the shipped English text. */
function localizeEntry<T extends object>(
  entry: T,
  english: T | undefined,
  local: T | undefined,
  fields: readonly (keyof T)[],
): T {
  if (!english || !local) return entry;
  const out = { ...entry };
  // A name staff changed in the admin stays as they wrote it.
  for (const field of fields) if (entry[field] === english[field]) out[field] = local[field];
  return out;
}

function localizeCatalog(catalog: VpsCatalog, local: LocalVps): VpsCatalog {
  const byId = <T extends { id: string }>(list: readonly T[], id: string) => list.find((item) => item.id === id);
  return {
    ...catalog,
    plans: catalog.plans.map((plan) =>
      localizeEntry(
        plan,
        byId(englishVps.vpsPlans, plan.id) as typeof plan | undefined,
        byId(local.vpsPlans, plan.id) as typeof plan | undefined,
        ["name", "bestFor"],
      ),
    ),
    locations: catalog.locations.map((location) =>
      localizeEntry(location, byId(englishVps.vpsLocations, location.id), byId(local.vpsLocations, location.id), [
        "city",
        "country",
      ]),
    ),
    images: catalog.images.map((image) =>
      localizeEntry(image, byId(englishVps.vpsImages, image.id), byId(local.vpsImages, image.id), ["name", "version"]),
    ),
    addons: catalog.addons.map((addon) =>
      localizeEntry(
        addon,
        byId(englishVps.vpsAddons, addon.id) as typeof addon | undefined,
        byId(local.vpsAddons, addon.id) as typeof addon | undefined,
        ["name", "description"],
      ),
    ),
  };
}

/** The catalogue (shipped or live) with its plan, place, image and add-on words in the page's language. */
export function useLocalizedCatalog(catalog: VpsCatalog): VpsCatalog {
  const local = useContent("vps", englishVps);
  const language = useLanguage();
  // The overlay is fixed for a language; the catalogue changes when the live one arrives.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => localizeCatalog(catalog, local), [catalog, language]);
}

export async function fetchCatalog(): Promise<VpsCatalog> {
  return VpsCatalog.parse(await (await apiRequest("GET", "/api/vps/catalog")).json());
}

export async function placeOrder(order: VpsOrderRequest): Promise<VpsOrderCreated> {
  return VpsOrderCreated.parse(await (await apiRequest("POST", "/api/vps/orders", order)).json());
}

export async function fetchOrder(token: string): Promise<VpsOrderView> {
  return VpsOrderView.parse(await (await apiRequest("GET", `/api/vps/orders/${encodeURIComponent(token)}`)).json());
}

export async function payOrder(token: string): Promise<string> {
  const response = await apiRequest("POST", `/api/vps/orders/${encodeURIComponent(token)}/payment`);
  return OrderPaymentStarted.parse(await response.json()).redirectUrl;
}
