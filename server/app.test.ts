import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "./db/client.ts";
import { databaseBackends } from "../tests/support/databases.ts";
import { testApp } from "../tests/support/test-app.ts";

describe.each(databaseBackends())("the app on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  it("answers /healthz and /readyz", async () => {
    expect((await app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: backend.name });
  });

  it("sends security headers on every response, including errors", async () => {
    for (const url of ["/healthz", "/api/no-such-thing"]) {
      const response = await app.inject(url);
      // Responses that are not pages get the strictest policy: nothing may load or frame them.
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("adds HSTS only when the request came over HTTPS", async () => {
    const response = await app.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await app.inject({ method: "POST", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", message: "No such endpoint: POST /api/nothing-here" });
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(response.statusCode).toBe(415);
  });

  it("hides internal details of a 500 and logs it with the request id", async () => {
    let logged: ReturnType<typeof vi.spyOn> | undefined;
    const errorApp = await testApp(database, {
      extend: (instance) => {
        instance.get("/api/explode", async (request) => {
          logged = vi.spyOn(request.log, "error");
          throw new Error("secret connection string postgres://admin:hunter2@db");
        });
      },
    });
    const response = await errorApp.inject("/api/explode");
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(response.json()).toEqual({
      error: "internal",
      message: "Something went wrong on our side. Please try again.",
    });
    await errorApp.close();
    expect(logged).toHaveBeenCalled();
  });

  it("reports not ready once the database stops answering", async () => {
    const { database: doomed, cleanup: dispose } = await backend.open();
    const doomedApp = await testApp(doomed);
    await doomed.close();
    const response = await doomedApp.inject("/readyz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: "unavailable", message: "The service is temporarily unavailable." });
    await doomedApp.close();
    await dispose().catch(() => undefined);
    // It opens and migrates a database of its own, which the other tests do in a hook (hookTimeout).
  }, 60_000);
});
