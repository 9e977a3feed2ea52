import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asStaff, createStaffUser, signIn } from "../../tests/support/admin.ts";
import { databaseBackends } from "../../tests/support/databases.ts";
import { testApp } from "../../tests/support/test-app.ts";
import { documentedOperations } from "./openapi.ts";

const [pglite] = databaseBackends();

describe("OpenAPI documents", () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let staffCookie: string;

  beforeAll(async () => {
    const opened = await pglite!.open();
    cleanup = opened.cleanup;
    app = await testApp(opened.database);
    const agent = await createStaffUser(opened.database.db, "openapi-agent", "agent");
    staffCookie = await signIn(app, agent.username, agent.password, "10.9.9.9");
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const publicDocument = async () => (await app.inject({ url: "/api/openapi.json" })).json();
  const staffDocument = async () =>
    (await app.inject({ url: "/api/admin/openapi.json", headers: asStaff(staffCookie) })).json();

  it("publishes the public API as OpenAPI 3.1, with the request schemas the routes validate", async () => {
    const document = await publicDocument();
    expect(document.openapi).toBe("3.1.0");
    const contact = document.paths["/api/contact"].post;
    expect(contact.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["firstName", "email", "message"]),
    );
    expect(Object.keys(document.paths).every((path: string) => !path.startsWith("/api/admin"))).toBe(true);
  });

  it("keeps the staff API to signed-in staff", async () => {
    expect((await app.inject({ url: "/api/admin/openapi.json" })).statusCode).toBe(401);
    const document = await staffDocument();
    expect(document.paths["/api/admin/enquiries"].get).toBeDefined();
    expect(Object.keys(document.paths).every((path: string) => path.startsWith("/api/admin"))).toBe(true);
  });

  it("describes every registered API route in one of the two documents", async () => {
    const documented = new Set([
      ...documentedOperations(await publicDocument()),
      ...documentedOperations(await staffDocument()),
    ]);
    const missing = app.apiRoutes.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(app.apiRoutes.length).toBeGreaterThan(40);
  });

  it("serves a reading page for the public document", async () => {
    const page = await app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    // The site's policy allows no inline script: the page must load all of its code from files.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const served = (await app.inject({ url: "/api/docs/json" })).json();
    expect(Object.keys(served.paths).some((path: string) => path.startsWith("/api/admin"))).toBe(false);
  });
});
