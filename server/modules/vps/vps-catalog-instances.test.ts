import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VpsCatalog } from "#contracts/vps.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";

/**
 * The public catalogue is kept in memory on each instance (change-notified-cache.ts). A price that
 * staff change through one instance must reach the other's visitors, not wait for a restart.
 */
describe.each(databaseBackends())("the VPS catalogue on two instances, on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let one: FastifyInstance;
  let other: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    [one, other] = await Promise.all([testApp(database), testApp(database)]);
    const admin = await createStaffUser(database.db, "price-admin", "admin");
    cookie = await signIn(one, admin.username, admin.password);
  });
  afterAll(async () => {
    await Promise.all([one.close(), other.close()]);
    await cleanup();
  });

  const starterPrice = async (app: FastifyInstance) =>
    (await app.inject({ method: "GET", url: "/api/vps/catalog" }))
      .json<VpsCatalog>()
      .plans.find((plan) => plan.id === "starter")?.monthly.RWF;

  it("shows a price change made on one instance on both", async () => {
    const before = await starterPrice(other);
    expect(before).toBe(await starterPrice(one));
    const changed = await one.inject({
      method: "PUT",
      url: "/api/admin/vps/prices/starter",
      headers: asStaff(cookie),
      payload: { monthly: { RWF: 9_100, UGX: 25_000, KES: 900, USD: 7 }, active: true },
    });
    expect(changed.statusCode).toBe(200);
    // The instance that made the change answers with it at once.
    expect(await starterPrice(one)).toBe(9_100);
    // The other hears of it when PostgreSQL (or PGlite) delivers the notification.
    await expect.poll(() => starterPrice(other), { timeout: 10_000 }).toBe(9_100);
    expect(before).not.toBe(9_100);
  });

  it("answers with the same JSON the schema describes, with its cache headers", async () => {
    const response = await other.inject({ method: "GET", url: "/api/vps/catalog" });
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(response.json<VpsCatalog>().plans.length).toBeGreaterThan(0);
  });
});
