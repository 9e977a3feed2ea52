import { randomBytes } from "node:crypto";
import type { AnalysisKind, AnalysisReport, AnalysisReportWithHistory, AnalysisStage } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { analysisT } from "./analysis-i18n.ts";
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

/** Everything the analyzer says no to becomes a 400 that names the field and the reason, in `lng`. */
export function toAppError(error: unknown, lng?: Language): unknown {
  if (error instanceof UrlRefusedError) {
    const message = error.localized(lng);
    return new AppError("url_refused", message, 400, { fields: { url: message } });
  }
  if (error instanceof TargetError) {
    const message = error.localized(lng);
    return new AppError(`target_${error.code}`, message, 422, { fields: { url: message } });
  }
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
    async prepare(
      kind: AnalysisKind,
      rawUrl: string,
      options: { lab: boolean; ipAddress: string | undefined; lng?: Language },
    ): Promise<Prepared> {
      // The report is written in the language it was asked in, whenever the run gets to write it
      // (a lab run waits in a queue behind other sites' runs).
      const lng = options.lng ?? currentLanguage();
      const t = analysisT(lng);
      let url: URL;
      let doc: FetchedDocument;
      try {
        url = checkUrl(rawUrl, deps.policy);
      } catch (error) {
        throw toAppError(error, lng);
      }
      if (deps.cacheSeconds > 0) {
        // Only a report written in this language is reused: its findings are words, not codes.
        const recent = await findRecentReport(
          deps.db,
          kind,
          url.href,
          new Date(Date.now() - deps.cacheSeconds * 1000),
          lng,
        );
        const labMissing =
          recent?.result.kind === "speed" && options.lab && recent.result.labStatus === "not-requested";
        if (recent && !labMissing) return { cached: recent, run: async () => recent };
      }
      const hit = await deps.rateLimiter.hit(`analysis-host:${url.hostname}`, HOST_LIMIT.windowMs);
      if (hit.count > HOST_LIMIT.max) {
        const seconds = Math.ceil(hit.ttlMs / 1000);
        throw new AppError("rate_limited", t("errors.hostLimited", { host: url.hostname, count: seconds }), 429, {
          headers: { "retry-after": String(seconds) },
        });
      }
      const started = performance.now();
      try {
        doc = await fetchDocument(url, deps, lng);
      } catch (error) {
        throw toAppError(error, lng);
      }
      return {
        cached: null,
        run: async (onStage) => {
          onStage("fetching", 0.2);
          const result = await runAnalysis(kind, doc, deps, { lab: options.lab, onStage, lng });
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
          await insertReport(deps.db, { ...report, host: url.hostname, ipAddress: options.ipAddress, language: lng });
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
