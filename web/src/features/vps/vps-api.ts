import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans } from "../../../../content/vps.ts";
import { catalogFromContent, VpsCatalog, VpsOrderCreated, VpsOrderView, type VpsOrderRequest } from "../../../../contracts/vps.ts";
import { apiRequest } from "../../lib/api-client.ts";

/** The catalogue as shipped; the live one (with staff price changes) replaces it once loaded. */
export const contentCatalog = catalogFromContent({ plans: vpsPlans, locations: vpsLocations, images: vpsImages, periods: vpsPeriods, addons: vpsAddons });

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
  const body = (await (await apiRequest("POST", `/api/vps/orders/${encodeURIComponent(token)}/payment`)).json()) as { redirectUrl: string };
  return body.redirectUrl;
}
