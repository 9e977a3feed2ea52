// The staff dashboard: figures composed from each capability's own summary.
export { overviewRoutes } from "./overview-routes.ts";
