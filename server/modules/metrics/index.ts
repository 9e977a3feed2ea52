// Prometheus metrics: registered on the app, served on a loopback port or behind a bearer token.
export { listenMetrics, registerMetrics, type Metrics } from "./metrics.ts";
