import { afterEach, describe, expect, it } from "vitest";
import { startEppDouble, type EppDouble } from "../../../tests/doubles/epp-server.ts";
import { domainCheck, readCheck } from "./epp-commands.ts";
import { EppPool, EppUnavailableError } from "./epp-pool.ts";
import { NS } from "./epp-xml.ts";

describe("EPP sessions and pool against the loopback registry", () => {
  let double: EppDouble;
  const pools: EppPool[] = [];
  const pool = (options: Partial<ConstructorParameters<typeof EppPool>[1]> = {}, password?: string) => {
    const created = new EppPool(
      {
        host: double.host,
        port: double.port,
        username: double.username,
        password: password ?? double.password,
        ca: double.ca,
        timeoutMs: 3000,
      },
      { maxSessions: 2, keepAliveMs: 0, openBackoffMs: [], ...options },
    );
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
    await double?.close();
  });

  it("logs in over TLS with the registry's own certificate, reuses the session and logs out", async () => {
    double = await startEppDouble();
    const epp = pool();
    const first = await epp.execute(domainCheck(["kigali.rw"], "T-1"));
    expect(first).toMatchObject({ code: 1000, clTRID: "T-1", svTRID: expect.stringMatching(/^SV-/) });
    expect(readCheck(first.resData, NS.domain)).toEqual([{ name: "kigali.rw", available: true, reason: null }]);
    await epp.execute(domainCheck(["kigali.rw"], "T-2"));
    expect(double.logins).toBe(1);
    expect(double.commands.map((c) => c.verb)).toEqual(["login", "check", "check"]);
    // The login names the objects we use, in their namespaces.
    expect(double.commands[1]).toMatchObject({ object: NS.domain, subject: "kigali.rw" });
    await epp.close();
    expect(double.commands.at(-1)?.verb).toBe("logout");
  });

  it("refuses a server whose certificate it was not told to trust", async () => {
    double = await startEppDouble();
    const untrusted = new EppPool(
      { host: double.host, port: double.port, username: double.username, password: double.password, timeoutMs: 3000 },
      { maxSessions: 1, keepAliveMs: 0, openBackoffMs: [] },
    );
    pools.push(untrusted);
    await expect(untrusted.execute(domainCheck(["a.rw"], "T"))).rejects.toBeInstanceOf(EppUnavailableError);
    expect(double.logins).toBe(0);
  });

  it("says a wrong password is a login failure, not an outage", async () => {
    double = await startEppDouble();
    const error = await pool({}, "wrong-pass")
      .execute(domainCheck(["a.rw"], "T"))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "login_failed", code: 2200 });
  });

  it("stays under the registry's session limit (2502) and still runs every command", async () => {
    double = await startEppDouble({ maxSessions: 1 });
    const epp = pool({ maxSessions: 3, openBackoffMs: [10, 10, 10] });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => epp.execute(domainCheck([`name${i}.rw`], `T-${i}`))),
    );
    expect(answers.map((a) => a.code)).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(double.openSessions()).toBe(1);
    expect(double.commands.filter((c) => c.verb === "check")).toHaveLength(6);
    expect(epp.health.lastError).toMatch(/2502/);
  });

  it("reconnects after the server drops the session, and a <hello> probe says how it answers", async () => {
    double = await startEppDouble();
    const epp = pool();
    await epp.execute(domainCheck(["a.rw"], "T-1"));
    double.faults.maintenance = "Registry maintenance until 04:00 UTC";
    const refused = await epp.execute(domainCheck(["a.rw"], "T-2"));
    expect(refused).toMatchObject({ code: 2500, reason: "Registry maintenance until 04:00 UTC" });
    double.faults.maintenance = null;
    const again = await epp.execute(domainCheck(["a.rw"], "T-3"));
    expect(again.code).toBe(1000);
    expect(double.logins).toBe(2);
    const health = await epp.probe();
    expect(health).toMatchObject({ serverId: "Example EPP server epp.example.com", sessions: 1 });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("sends <hello> on idle sessions so the registry keeps them", async () => {
    double = await startEppDouble();
    const epp = pool({ keepAliveMs: 1000 });
    await epp.execute(domainCheck(["a.rw"], "T-1"));
    expect(double.hellos).toBe(0);
    // Wait for the keep-alive itself: the pool notes each <hello>'s round trip as it is answered.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (epp.health.latencyMs !== null) {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });
    expect(double.hellos).toBeGreaterThanOrEqual(1);
    // Same session, kept: no second login.
    expect(double.logins).toBe(1);
  });
});
