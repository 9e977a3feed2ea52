// Reports' public entry: figures over a date range, composed from each capability's own summary.
export { reportRoutes } from "./report-routes.ts";
