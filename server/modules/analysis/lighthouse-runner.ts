import type { FastifyBaseLogger } from "fastify";
import type { LabRun } from "../../../contracts/analysis.ts";
import type { LabRunner } from "./analysis-runner.ts";
import type { NetworkPolicy } from "./ssrf-guard.ts";

export interface LighthouseRunnerOptions {
  chromePath: string;
  policy: NetworkPolicy;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/** Placeholder until the lab tier lands: reports itself unavailable. */
export function lighthouseRunner(options: LighthouseRunnerOptions): LabRunner & { close(): Promise<void> } {
  void options;
  return {
    async run(_url, formFactor): Promise<LabRun> {
      return { formFactor, performanceScore: null, metrics: [], error: "The browser test is not available yet.", lighthouseVersion: "12.8.2", durationMs: 0 };
    },
    async close() {},
  };
}
