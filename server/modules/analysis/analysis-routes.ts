import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AnalysisEvent,
  type AnalysisKind,
  AnalysisReport,
  AnalysisReportWithHistory,
  AnalyzeRequest,
  analysisMessages,
} from "#contracts/analysis.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AppError } from "../../lib/errors.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { analysisT } from "./analysis-i18n.ts";
import type { AnalysisService } from "./analysis-service.ts";

/** Analyses per IP address per window: a person checking a few sites, not a scanner. */
export const ANALYSIS_RATE_LIMIT = { max: 30, timeWindow: 10 * 60 * 1000 };

export interface AnalysisRoutesOptions {
  service: AnalysisService;
}

const KINDS: AnalysisKind[] = ["speed", "seo", "security"];

export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (app, { service }) => {
  for (const kind of KINDS) {
    app.post(
      `/api/analyze-${kind}`,
      {
        config: { rateLimit: ANALYSIS_RATE_LIMIT },
        schema: {
          body: AnalyzeRequest,
          response: { 200: AnalysisReport, 400: ApiErrorBody, 422: ApiErrorBody, 429: ApiErrorBody },
        },
      },
      async (request, reply) => {
        const lab = kind === "speed" && request.body.lab === true;
        // Captured here: the run below may finish after this request's context is gone.
        const lng = currentLanguage();
        const prepared = await service.prepare(kind, request.body.url, { lab, ipAddress: request.ip, lng });
        const streaming = /application\/x-ndjson/.test(request.headers.accept ?? "");
        if (!streaming) {
          return reply.status(200).send(await prepared.run(() => {}));
        }
        const stream = new PassThrough();
        const emit = (event: AnalysisEvent) => stream.write(`${JSON.stringify(event)}\n`);
        reply
          .status(200)
          .header("cache-control", "no-store")
          .header("x-accel-buffering", "no")
          .type("application/x-ndjson; charset=utf-8");
        void prepared
          .run((stage, progress) => emit({ type: "stage", stage, progress }))
          .then((report) => emit({ type: "report", report }))
          .catch((error: unknown) => {
            request.log.error({ err: error }, "analysis failed");
            emit({ type: "error", status: 500, error: "internal", message: analysisT(lng)("errors.failed") });
          })
          .finally(() => stream.end());
        // A stream skips the response serializer; each line is an AnalysisEvent.
        return reply.send(stream as never);
      },
    );
  }

  app.get(
    "/api/analysis-reports/:id",
    {
      schema: {
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, analysisMessages.reportId) }),
        response: { 200: AnalysisReportWithHistory, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const found = await service.get(request.params.id);
      if (!found) throw new AppError("not_found", analysisT()("errors.reportNotFound"), 404);
      return found;
    },
  );
};
