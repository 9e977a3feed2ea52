import type { FastifyBaseLogger } from "fastify";
import type { LabRunner } from "./analysis-runner.ts";
import type { NetworkPolicy } from "./ssrf-guard.ts";

export interface LighthouseRunnerOptions {
  chromePath: string;
  policy: NetworkPolicy;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/**
 * The Lighthouse lab tier. Not built yet: it must run Chromium behind our own filtering proxy
 * (so the SSRF rules hold for the browser too) before it may take strangers' URLs. Until then
 * there is no runner, and speed reports say the browser test is unavailable.
 */
export function lighthouseRunner(options: LighthouseRunnerOptions): (LabRunner & { close(): Promise<void> }) | null {
  void options;
  return null;
}
