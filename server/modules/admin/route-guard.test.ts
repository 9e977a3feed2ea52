import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { SESSION_COOKIE } from "./sessions.ts";

const ANY_ID = "00000000-0000-4000-8000-000000000000";
const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, ANY_ID);
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Walks every registered /api/admin route, so a route added later is covered without anyone
 * remembering to add a test: no session -> 401, wrong role -> 403, foreign origin -> 403.
 */
describe.each(databaseBackends())("every /api/admin route on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let agentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const agent = await createStaffUser(database.db, "route-agent", "agent");
    const admin = await createStaffUser(database.db, "route-admin", "admin");
    agentCookie = await signIn(app, agent.username, agent.password, "10.1.1.1");
    adminCookie = await signIn(app, admin.username, admin.password, "10.1.1.2");
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("knows the admin routes (sign-in's two steps and logout are the only public ones)", () => {
    const urls = new Set(app.adminRoutes.map((r) => r.url));
    for (const url of [
      "/api/admin/login",
      "/api/admin/verify",
      "/api/admin/logout",
      "/api/admin/users",
      "/api/admin/enquiries",
      "/api/admin/audit",
      "/api/admin/overview",
    ]) {
      expect(urls).toContain(url);
    }
    const publicRoutes = app.adminRoutes.filter((r) => r.access.public).map((r) => r.url);
    expect([...new Set(publicRoutes)].sort()).toEqual([
      "/api/admin/login",
      "/api/admin/login/second-factor",
      "/api/admin/logout",
    ]);
    // An admin still to set up a second factor reaches these only.
    const beforeSecondFactor = app.adminRoutes.filter((r) => r.access.beforeSecondFactor).map((r) => r.url);
    expect([...new Set(beforeSecondFactor)].sort()).toEqual([
      "/api/admin/me/two-factor/confirm",
      "/api/admin/me/two-factor/setup",
      "/api/admin/verify",
    ]);
  });

  it("refuses every non-public route without a session (401)", async () => {
    const guarded = app.adminRoutes.filter((r) => !r.access.public && r.method !== "HEAD");
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const response = await app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: SAFE.has(route.method) ? {} : { origin: "https://www.example.test" },
        payload: SAFE.has(route.method) ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      const bogus = await app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: {
          cookie: `${SESSION_COOKIE}=forged-token`,
          ...(SAFE.has(route.method) ? {} : { origin: "https://www.example.test" }),
        },
        payload: SAFE.has(route.method) ? undefined : {},
      });
      expect(bogus.statusCode, `forged cookie: ${route.method} ${route.url}`).toBe(401);
    }
  });

  it("refuses an agent on every admin-only route (403)", async () => {
    const adminOnly = app.adminRoutes.filter(
      (r) => !r.access.public && !(r.access.roles ?? ["admin"]).includes("agent") && r.method !== "HEAD",
    );
    expect(adminOnly.map((r) => r.url)).toEqual(expect.arrayContaining(["/api/admin/users", "/api/admin/audit"]));
    for (const route of adminOnly) {
      const response = await app.inject({
        method: route.method as "GET",
        url: concretePath(route.url),
        headers: asStaff(agentCookie),
        payload: SAFE.has(route.method) ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("refuses every state-changing route from a foreign origin, even for an admin (403)", async () => {
    const unsafe = app.adminRoutes.filter((r) => !SAFE.has(r.method));
    expect(unsafe.length).toBeGreaterThan(5);
    for (const route of unsafe) {
      for (const origin of ["https://evil.example", undefined]) {
        const response = await app.inject({
          method: route.method as "POST",
          url: concretePath(route.url),
          headers: { cookie: `${SESSION_COOKIE}=${adminCookie}`, ...(origin ? { origin } : {}) },
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(response.json()).toMatchObject({ error: "bad_origin" });
      }
    }
  });

  it("lets the allowed roles through", async () => {
    for (const [cookie, url] of [
      [agentCookie, "/api/admin/enquiries"],
      [agentCookie, "/api/admin/overview"],
      [agentCookie, "/api/admin/assignees"],
      [adminCookie, "/api/admin/users"],
      [adminCookie, "/api/admin/audit"],
    ] as const) {
      expect((await app.inject({ method: "GET", url, headers: asStaff(cookie) })).statusCode, url).toBe(200);
    }
  });
});
