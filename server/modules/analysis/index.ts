// Website analysis' public entry.
export { analysisRoutes } from "./analysis-routes.ts";
export type { LabRunner } from "./analysis-runner.ts";
export { analysisService } from "./analysis-service.ts";
export { lighthouseRunner } from "./lighthouse-runner.ts";
export { reportExpiry } from "./report-expiry.ts";
export { networkPolicy, type ResolveAll } from "./ssrf-guard.ts";
