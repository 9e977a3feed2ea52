import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

const SECRET = "Zq8sEcReTlInK4vX2mN0pA";
const NAME = "private-search-name.rw";
const CYRILLIC = "%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.rw";

/** Every URL that carries a secret link or a searched name, as a visitor (or a link in an email) would send it. */
const privateUrls = [
  `/vps-hosting/order/${SECRET}`,
  `/domains/order-status/${SECRET}`,
  `/project-details/${SECRET}`,
  `/domain-details/${NAME}`,
  `/domain-details/${CYRILLIC}`,
  `/domains/order/${NAME}`,
  `/speed-analysis?report=${SECRET}`,
  `/payment/receipt?id=${SECRET}`,
];
const apiUrls = [
  `/api/vps/orders/${SECRET}`,
  `/api/domains/orders/${SECRET}`,
  `/api/projects/${SECRET}`,
  `/api/domains/${NAME}`,
  `/api/admin/enquiries?q=${SECRET}`,
];

describe("logs under attack: secret links and searched names, in every language", () => {
  const [backend] = databaseBackends();
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    const opened = await backend!.open();
    cleanup = opened.cleanup;
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    app = await testApp(opened.database, { logger: { level: "trace", stream } });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const cases = [
    ...["", "/fr", "/sw", "/rw"].flatMap((prefix) => privateUrls.map((url) => `${prefix}${url}`)),
    ...apiUrls,
  ];
  it.each(cases)("never logs what %s carries", async (url) => {
    lines.length = 0;
    await app.inject({ method: "GET", url, headers: { "accept-language": "fr" } });
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join("\n");
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(NAME);
    expect(logged).not.toContain(CYRILLIC);
    expect(logged).not.toContain("пример");
  });
});

describe("logs under attack: a failed query's values never reach the error log", () => {
  it.each(databaseBackends())("on $name", async (backend) => {
    const { database, cleanup } = await backend.open();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await testApp(database, {
      logger: { level: "info", stream },
      extend: (instance) =>
        instance.get("/test/failing-query", async () => {
          // A value PostgreSQL refuses, the way a NUL in a name once reached it.
          await database.db.execute(sql`select ${"aline@example.rw"}::int as n`);
          return {};
        }),
    });
    try {
      const response = await app.inject("/test/failing-query");
      expect(response.statusCode).toBe(500);
      const logged = lines.join("\n");
      expect(logged).toContain("unhandled error");
      expect(logged).not.toContain("aline@example.rw");
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
