import { randomBytes } from "node:crypto";
import type { AnalysisKind, AnalysisReport, AnalysisReportWithHistory, AnalysisStage } from "../../../contracts/analysis.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { findRecentReport, findReport, insertReport, listHostHistory } from "./analysis-repository.ts";
import { fetchDocument, type FetchedDocument, runAnalysis, type RunnerDeps } from "./analysis-runner.ts";
import { TargetError } from "./safe-fetch.ts";
import { checkUrl, UrlRefusedError } from "./ssrf-guard.ts";

/** Fresh analyses of one site per window, whoever asks: we must not become a load generator. */
export const HOST_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

export interface AnalysisServiceDeps extends RunnerDeps {
  db: Database;
  rateLimiter: RateLimiter;
  cacheSeconds: number;
}

/** Everything the analyzer says no to becomes a 400 that names the field and the reason. */
export function toAppError(error: unknown): unknown {
  if (error instanceof UrlRefusedError) return new AppError("url_refused", error.message, 400, { fields: { url: error.message } });
  if (error instanceof TargetError) return new AppError(`target_${error.code}`, error.message, 422, { fields: { url: error.message } });
  return error;
}

export interface Prepared {
  /** A recent report of the same URL, reused. */
  cached: AnalysisReport | null;
  run: (onStage: (stage: AnalysisStage, progress: number) => void) => Promise<AnalysisReport>;
}

export function analysisService(deps: AnalysisServiceDeps) {
  return {
    /**
     * Checks the URL, reuses a recent run, or fetches the page itself. Everything that can be
     * refused is refused here, before a streamed answer has started.
     */
    async prepare(kind: AnalysisKind, rawUrl: string, options: { lab: boolean; ipAddress: string | undefined }): Promise<Prepared> {
      let url: URL;
      let doc: FetchedDocument;
      try {
        url = checkUrl(rawUrl, deps.policy);
      } catch (error) {
        throw toAppError(error);
      }
      if (deps.cacheSeconds > 0) {
        const recent = await findRecentReport(deps.db, kind, url.href, new Date(Date.now() - deps.cacheSeconds * 1000));
        const labMissing = recent?.result.kind === "speed" && options.lab && recent.result.labStatus === "not-requested";
        if (recent && !labMissing) return { cached: recent, run: async () => recent };
      }
      const hit = await deps.rateLimiter.hit(`analysis-host:${url.hostname}`, HOST_LIMIT.windowMs);
      if (hit.count > HOST_LIMIT.max) {
        const seconds = Math.ceil(hit.ttlMs / 1000);
        throw new AppError("rate_limited", `${url.hostname} has been analysed many times in the last few minutes. Try again in ${seconds} seconds.`, 429, {
          headers: { "retry-after": String(seconds) },
        });
      }
      const started = performance.now();
      try {
        doc = await fetchDocument(url, deps);
      } catch (error) {
        throw toAppError(error);
      }
      return {
        cached: null,
        run: async (onStage) => {
          onStage("fetching", 0.2);
          const result = await runAnalysis(kind, doc, deps, { lab: options.lab, onStage });
          onStage("saving", 0.95);
          const report: AnalysisReport = {
            id: randomBytes(16).toString("base64url"),
            kind,
            url: url.href,
            finalUrl: doc.follow.final.url,
            status: doc.follow.final.status,
            score: Math.round(result.score),
            grade: result.kind === "security" ? result.grade : null,
            createdAt: new Date().toISOString(),
            durationMs: Math.round(performance.now() - started),
            cached: false,
            warnings: doc.warnings,
            result,
          };
          await insertReport(deps.db, { ...report, host: url.hostname, ipAddress: options.ipAddress });
          return report;
        },
      };
    },

    async get(id: string): Promise<AnalysisReportWithHistory | null> {
      const found = await findReport(deps.db, id);
      if (!found) return null;
      return { report: found.report, history: await listHostHistory(deps.db, found.host) };
    },
  };
}
export type AnalysisService = ReturnType<typeof analysisService>;
