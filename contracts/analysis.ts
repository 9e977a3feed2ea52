import { z } from "zod";

/** What a visitor can get wrong, in English; the server translates by code (decision 0004). */
export const analysisMessages = {
  urlRequired: "Enter a web address to analyse",
  urlTooLong: "That address is too long (2048 characters at most)",
  reportId: "Not a report id",
} as const;
export type AnalysisMessageCode = keyof typeof analysisMessages;

export function analysisMessageCode(message: string): AnalysisMessageCode | undefined {
  return (Object.keys(analysisMessages) as AnalysisMessageCode[]).find((code) => analysisMessages[code] === message);
}

/** `POST /api/analyze-speed|seo|security` body. */
export const AnalyzeRequest = z.object({
  url: z.string().trim().min(1, analysisMessages.urlRequired).max(2048, analysisMessages.urlTooLong),
  /** Speed only: also run the Lighthouse lab test in a real browser when the server has one. */
  lab: z.boolean().optional(),
});
export type AnalyzeRequest = z.infer<typeof AnalyzeRequest>;

export const AnalysisKind = z.enum(["speed", "seo", "security"]);
export type AnalysisKind = z.infer<typeof AnalysisKind>;

/** pass / warn / fail like the reference tools' green / orange / red; info is not scored. */
export const CheckStatus = z.enum(["pass", "warn", "fail", "info"]);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** One finding: a stable id (tests and translations use it), words, and what to do about it. */
export const Check = z.object({
  id: z.string(),
  status: CheckStatus,
  title: z.string(),
  detail: z.string(),
  /** Highest first: how much fixing this is worth. */
  priority: z.enum(["high", "medium", "low"]).optional(),
  fix: z.string().optional(),
});
export type Check = z.infer<typeof Check>;

/** One of the MDN HTTP Observatory's twelve tests, with its score modifier. */
export const ObservatoryTest = z.object({
  id: z.enum([
    "csp",
    "cookies",
    "cors",
    "redirection",
    "referrer-policy",
    "hsts",
    "sri",
    "x-content-type-options",
    "x-frame-options",
    "corp",
    "coep",
    "coop",
  ]),
  result: z.string(),
  modifier: z.number(),
  pass: z.boolean(),
  detail: z.string(),
});
export type ObservatoryTest = z.infer<typeof ObservatoryTest>;

export const TlsSummary = z.object({
  protocol: z.string().nullable(),
  cipher: z.string().nullable(),
  authorized: z.boolean(),
  authorizationError: z.string().nullable(),
  validTo: z.string().nullable(),
  daysLeft: z.number().nullable(),
  issuer: z.string().nullable(),
});

export const SecurityResult = z.object({
  kind: z.literal("security"),
  score: z.number(),
  grade: z.string(),
  tests: z.array(ObservatoryTest),
  extras: z.array(Check),
  tls: TlsSummary.nullable(),
  headers: z.array(z.tuple([z.string(), z.string()])),
});
export type SecurityResult = z.infer<typeof SecurityResult>;

export const SeoResult = z.object({
  kind: z.literal("seo"),
  score: z.number(),
  checks: z.array(Check),
  summary: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    h1: z.array(z.string()),
    canonical: z.string().nullable(),
    lang: z.string().nullable(),
    wordCount: z.number(),
    links: z.object({ internal: z.number(), external: z.number() }),
    images: z.object({ total: z.number(), withoutAlt: z.number() }),
  }),
});
export type SeoResult = z.infer<typeof SeoResult>;

export const ResourceType = z.enum(["document", "css", "js", "font", "image", "other"]);
export type ResourceType = z.infer<typeof ResourceType>;

export const Opportunity = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** Estimated bytes and milliseconds saved; 0 when not measurable. */
  savingsBytes: z.number(),
  savingsMs: z.number(),
  items: z.array(z.string()).max(20),
});
export type Opportunity = z.infer<typeof Opportunity>;

export const LabMetric = z.object({
  id: z.enum([
    "first-contentful-paint",
    "speed-index",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
  ]),
  value: z.number(),
  displayValue: z.string(),
  score: z.number(),
  rating: z.enum(["good", "needs-improvement", "poor"]),
});
export type LabMetric = z.infer<typeof LabMetric>;

export const LabRun = z.object({
  formFactor: z.enum(["mobile", "desktop"]),
  performanceScore: z.number().nullable(),
  metrics: z.array(LabMetric),
  error: z.string().nullable(),
  lighthouseVersion: z.string(),
  durationMs: z.number(),
});
export type LabRun = z.infer<typeof LabRun>;

export const SpeedResult = z.object({
  kind: z.literal("speed"),
  score: z.number(),
  timing: z.object({
    dns: z.number(),
    connect: z.number(),
    tls: z.number(),
    ttfb: z.number(),
    download: z.number(),
    total: z.number(),
  }),
  redirects: z.array(z.object({ url: z.string(), status: z.number(), ms: z.number() })),
  httpVersion: z.string(),
  h2: z.boolean().nullable(),
  compression: z.string().nullable(),
  weight: z.object({
    totalBytes: z.number(),
    requests: z.number(),
    byType: z.array(z.object({ type: ResourceType, bytes: z.number(), requests: z.number() })),
    /** Resources we did not fetch (limits reached or refused). */
    skipped: z.number(),
  }),
  opportunities: z.array(Opportunity),
  checks: z.array(Check),
  /** Filled when the Lighthouse lab tier ran. */
  lab: z.array(LabRun),
  labStatus: z.enum(["not-requested", "unavailable", "done", "failed"]),
});
export type SpeedResult = z.infer<typeof SpeedResult>;

export const AnalysisResult = z.discriminatedUnion("kind", [SpeedResult, SeoResult, SecurityResult]);
export type AnalysisResult = z.infer<typeof AnalysisResult>;

/** A stored run: the id is unguessable, so the URL can be shared but not enumerated. */
export const AnalysisReport = z.object({
  id: z.string(),
  kind: AnalysisKind,
  url: z.string(),
  finalUrl: z.string(),
  status: z.number(),
  score: z.number(),
  grade: z.string().nullable(),
  createdAt: z.string(),
  durationMs: z.number(),
  /** True when this is a recent run of the same URL, reused instead of fetching again. */
  cached: z.boolean(),
  warnings: z.array(z.string()),
  result: AnalysisResult,
});
export type AnalysisReport = z.infer<typeof AnalysisReport>;

export const AnalysisHistoryItem = z.object({
  id: z.string(),
  kind: AnalysisKind,
  score: z.number(),
  grade: z.string().nullable(),
  createdAt: z.string(),
});
export type AnalysisHistoryItem = z.infer<typeof AnalysisHistoryItem>;

/** `GET /api/analysis-reports/:id`. */
export const AnalysisReportWithHistory = z.object({
  report: AnalysisReport,
  history: z.array(AnalysisHistoryItem),
});
export type AnalysisReportWithHistory = z.infer<typeof AnalysisReportWithHistory>;

/**
 * The analyze endpoints answer in NDJSON when asked (`Accept: application/x-ndjson`): stage
 * events as the work goes, then the report, or an error. Otherwise a single JSON report.
 */
export const AnalysisEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("stage"), stage: z.string(), progress: z.number().min(0).max(1) }),
  z.object({ type: z.literal("report"), report: AnalysisReport }),
  z.object({ type: z.literal("error"), status: z.number(), error: z.string(), message: z.string() }),
]);
export type AnalysisEvent = z.infer<typeof AnalysisEvent>;

export const ANALYSIS_STAGES = [
  "fetching",
  "security-probes",
  "seo-files",
  "resources",
  "lab-mobile",
  "lab-desktop",
  "saving",
] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];
