import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asStaff, createStaffUser, signIn } from "../../support/admin.ts";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

/**
 * Finding 9 of issue 16: staff answers (enquiries, payments with phone numbers, VPS orders) had
 * no Cache-Control: a shared or browser cache could keep personal data. Every staff route, from
 * the registered route table, answers with no-store.
 */
describe("staff API answers are never stored by a cache", () => {
  const [backend] = databaseBackends();
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    const opened = await backend!.open();
    cleanup = opened.cleanup;
    app = await testApp(opened.database);
    const ann = await createStaffUser(opened.database.db, "ann", "admin");
    cookie = await signIn(app, "ann", ann.password);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("covers every GET staff route without path parameters, signed in and not", async () => {
    const routes = app.adminRoutes.filter((r) => r.method === "GET" && !r.url.includes(":") && !r.url.includes("*"));
    expect(routes.length).toBeGreaterThan(10);
    for (const { url } of routes) {
      if (url.endsWith("/stream") || url.includes("/events")) continue;
      const signedIn = await app.inject({ method: "GET", url, headers: asStaff(cookie) });
      expect(signedIn.statusCode, url).toBeLessThan(500);
      expect(signedIn.headers["cache-control"], url).toMatch(/no-store/);
      const anonymous = await app.inject({ method: "GET", url });
      expect(anonymous.headers["cache-control"], url).toMatch(/no-store/);
    }
  });

  it("covers routes with an id and state-changing answers too", async () => {
    const missing = await app.inject({
      method: "GET",
      url: "/api/admin/enquiries/00000000-0000-4000-8000-000000000000",
      headers: asStaff(cookie),
    });
    expect(missing.headers["cache-control"]).toMatch(/no-store/);
    const logout = await app.inject({ method: "POST", url: "/api/admin/logout", headers: asStaff(cookie) });
    expect(logout.headers["cache-control"]).toMatch(/no-store/);
  });
});
