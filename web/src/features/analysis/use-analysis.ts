import { useCallback, useRef, useState } from "react";
import {
  AnalysisEvent,
  AnalysisReportWithHistory,
  type AnalysisKind,
  type AnalysisReport,
} from "#contracts/analysis.ts";
import { ApiError, languageHeaders, throwIfNotOk } from "../../lib/api-client.ts";
import { postForEvents } from "../../lib/ndjson.ts";

export type RunState =
  | { phase: "idle" }
  | { phase: "running"; stage: string; progress: number }
  | { phase: "done"; report: AnalysisReport }
  | { phase: "error"; message: string; status: number };

function errorMessage(error: unknown): { message: string; status: number } {
  if (error instanceof ApiError) return { message: error.serverMessage() ?? error.message, status: error.status };
  return { message: "", status: 0 };
}

/** Runs one analysis, reading the NDJSON stream so the page can show each stage as it happens. */
export function useAnalysis() {
  const [runs, setRuns] = useState<Partial<Record<AnalysisKind, RunState>>>({});
  const controllers = useRef<Partial<Record<AnalysisKind, AbortController>>>({});
  const set = (kind: AnalysisKind, state: RunState) => setRuns((current) => ({ ...current, [kind]: state }));

  /** Resolves to the error when the request was refused outright, so a form can name the field. */
  const run = useCallback(
    async (kind: AnalysisKind, url: string, options: { lab?: boolean } = {}): Promise<unknown> => {
      controllers.current[kind]?.abort();
      const controller = new AbortController();
      controllers.current[kind] = controller;
      set(kind, { phase: "running", stage: "fetching", progress: 0.05 });
      try {
        // The findings are written in the page's language, not the browser's.
        const body = { url, ...(kind === "speed" && options.lab ? { lab: true } : {}) };
        for await (const event of postForEvents(`/api/analyze-${kind}`, body, AnalysisEvent, controller.signal)) {
          if (event.type === "stage") set(kind, { phase: "running", stage: event.stage, progress: event.progress });
          else if (event.type === "report") set(kind, { phase: "done", report: event.report });
          else set(kind, { phase: "error", message: event.message, status: event.status });
        }
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        set(kind, { phase: "error", ...errorMessage(error) });
        return error;
      }
      return undefined;
    },
    [],
  );

  const show = useCallback((report: AnalysisReport) => set(report.kind, { phase: "done", report }), []);
  const reset = useCallback(() => {
    for (const controller of Object.values(controllers.current)) controller?.abort();
    setRuns({});
  }, []);
  return { runs, run, show, reset };
}

export async function loadReport(id: string): Promise<AnalysisReportWithHistory> {
  // A stored report keeps the language it was written in; this only words a "not found".
  const response = await fetch(`/api/analysis-reports/${encodeURIComponent(id)}`, { headers: languageHeaders() });
  await throwIfNotOk(response);
  return AnalysisReportWithHistory.parse(await response.json());
}
