// The tech stack advisor's public entry.
export { advisorRoutes } from "./advisor-routes.ts";
export { erasePlans, planRecordsOf, plansOf } from "./plan-customer.ts";
