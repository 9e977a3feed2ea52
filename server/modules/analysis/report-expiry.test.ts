import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalysisReport } from "#contracts/analysis.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { analysisReports } from "./analysis-schema.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { insertReport } from "./analysis-repository.ts";
import { expireReports, reportExpiry } from "./report-expiry.ts";

const DAY = 24 * 60 * 60 * 1000;

function report(id: string, ageDays: number): AnalysisReport & { host: string; ipAddress: undefined } {
  return {
    id,
    kind: "seo",
    url: "https://example.com/",
    finalUrl: "https://example.com/",
    status: 200,
    score: 90,
    grade: null,
    createdAt: new Date(Date.now() - ageDays * DAY).toISOString(),
    durationMs: 100,
    cached: false,
    warnings: [],
    result: {
      kind: "seo",
      score: 90,
      checks: [],
      summary: {
        title: null,
        description: null,
        h1: [],
        canonical: null,
        lang: null,
        wordCount: 0,
        links: { internal: 0, external: 0 },
        images: { total: 0, withoutAlt: 0 },
      },
    },
    host: "example.com",
    ipAddress: undefined,
  };
}

describe.each(databaseBackends())("analysis report expiry on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
  });
  afterAll(async () => cleanup?.());

  const ids = async () =>
    (await database.db.select({ id: analysisReports.id }).from(analysisReports)).map((row) => row.id).sort();

  it("deletes reports older than the retention and keeps the rest", async () => {
    for (const [id, age] of [
      ["fresh", 1],
      ["edge", 89.9],
      ["old", 90.1],
      ["ancient", 400],
    ] as const)
      await insertReport(database.db, report(id, age));
    expect(await expireReports(database.db, 90)).toBe(2);
    expect(await ids()).toEqual(["edge", "fresh"]);
    expect(await expireReports(database.db, 90)).toBe(0);
  });

  it("sweeps on a timer until stopped", async () => {
    await insertReport(database.db, report("stale", 91));
    const expiry = reportExpiry({
      db: database.db,
      retentionDays: 90,
      log: pino({ level: "silent" }) as unknown as FastifyBaseLogger,
      intervalMs: 20,
    });
    expiry.start();
    for (let i = 0; i < 100 && (await ids()).includes("stale"); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await expiry.stop();
    expect(await ids()).toEqual(["edge", "fresh"]);
  });
});
