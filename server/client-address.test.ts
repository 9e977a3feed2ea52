import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../tests/support/databases.ts";
import { testApp } from "../tests/support/test-app.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { CONTACT_ADDRESS_LIMIT } from "./modules/contact/contact-routes.ts";

const enquiry = {
  firstName: "Aline",
  lastName: "Uwase",
  email: "aline@example.rw",
  service: "cloud-infrastructure",
  message: "We need a managed VPS for our booking system.",
};

// What nginx does with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: the client's own
// header, then the address nginx saw. A client can write anything on the left; only the right is nginx's.
const throughProxy = (clientHeader: string | null, seenByProxy: string) =>
  clientHeader ? `${clientHeader}, ${seenByProxy}` : seenByProxy;

describe.each(databaseBackends())("the client address behind a proxy, on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const apps: FastifyInstance[] = [];

  const start = async (TRUST_PROXY: string) => {
    const app = await testApp(database, {
      env: { TRUST_PROXY },
      extend: (instance) =>
        instance.get("/whoami", async (request) => ({ ip: request.ip, protocol: request.protocol })),
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await cleanup();
  });

  it.each(["1", "127.0.0.1", "loopback"])(
    "with TRUST_PROXY=%s, request.ip is what the proxy saw, whatever the client forwards",
    async (trust) => {
      const app = await start(trust);
      for (const forged of [null, "1.2.3.4", "127.0.0.1", "10.0.0.1, 8.8.8.8", "::1", "garbage", "unknown"]) {
        const response = await app.inject({
          url: "/whoami",
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": throughProxy(forged, "198.51.100.23"), "x-forwarded-proto": "https" },
        });
        expect(response.json(), String(forged)).toEqual({ ip: "198.51.100.23", protocol: "https" });
      }
    },
  );

  it("believes nothing forwarded by a peer that is not a listed proxy", async () => {
    const app = await start("127.0.0.1");
    const response = await app.inject({
      url: "/whoami",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-for": "198.51.100.1", "x-forwarded-proto": "https" },
    });
    expect(response.json()).toEqual({ ip: "203.0.113.9", protocol: "http" });
  });

  it("believes nothing forwarded when TRUST_PROXY is off", async () => {
    const app = await start("false");
    const response = await app.inject({
      url: "/whoami",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "198.51.100.1", "x-forwarded-proto": "https" },
    });
    expect(response.json()).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });

  it("keeps the per-address limit on a client that rotates its own X-Forwarded-For", async () => {
    const app = await start("1");
    // A different sender each time, so only the address's own limit can stop them.
    let sent = 0;
    const send = (forged: string) =>
      app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { ...enquiry, email: `sender${++sent}@example.rw` },
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": throughProxy(forged, "198.51.100.77") },
      });
    for (let i = 0; i < CONTACT_ADDRESS_LIMIT.max; i++) expect((await send(`203.0.113.${i}`)).statusCode).toBe(201);
    expect((await send("203.0.113.200")).statusCode).toBe(429);
    expect((await send("")).statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    const other = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: enquiry,
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "198.51.100.78" },
    });
    expect(other.statusCode).toBe(201);
  });
});
