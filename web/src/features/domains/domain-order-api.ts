import { DomainOrderCreated, DomainOrderView, type DomainOrderRequest } from "#contracts/domain-orders.ts";
import { OrderPaymentStarted } from "#contracts/orders.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { paths } from "../../lib/route-table.ts";

export function orderPath(name: string): string {
  return paths.domainOrder({ name: name });
}

export async function placeDomainOrder(order: DomainOrderRequest): Promise<DomainOrderCreated> {
  return DomainOrderCreated.parse(await (await apiRequest("POST", "/api/domains/orders", order)).json());
}

export async function fetchDomainOrder(token: string): Promise<DomainOrderView> {
  return DomainOrderView.parse(
    await (await apiRequest("GET", `/api/domains/orders/${encodeURIComponent(token)}`)).json(),
  );
}

export async function payDomainOrder(token: string): Promise<string> {
  const response = await apiRequest("POST", `/api/domains/orders/${encodeURIComponent(token)}/payment`);
  return OrderPaymentStarted.parse(await response.json()).redirectUrl;
}
