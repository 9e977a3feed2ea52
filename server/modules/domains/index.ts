// Domains' public entry.
export { registerDomains } from "./domains-module.ts";
export type { Registrar } from "./registrar.ts";
export { countOrdersToFulfil as countDomainOrdersToFulfil } from "./domain-order-repository.ts";
export {
  domainOrderRecordsOf,
  domainsExpiringBy,
  domainsOf,
  eraseDomainOrders,
  type ExpiringDomain,
} from "./domain-customer.ts";
export type { DomainOrderService, DomainRenewed } from "./domain-order-service.ts";
export { domainOrderTotals } from "./domain-order-repository.ts";
