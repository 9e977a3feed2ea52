import type { RegistryHealth } from "#contracts/domain-orders-admin.ts";
import { registryProfiles } from "#content/registries.ts";
import { randomBytes } from "node:crypto";
import { domainCheck, pollAck, pollRequest, readCheck, readPendingAction } from "../../adapters/epp/epp-commands.ts";
import { NS } from "../../adapters/epp/epp-xml.ts";
import { EppPool } from "../../adapters/epp/epp-pool.ts";
import type { Config } from "../../config.ts";
import type { EppAvailability } from "./availability-service.ts";
import { eppRegistrar, routingRegistrar } from "./epp-registrar.ts";
import type { Registrar } from "./registrar.ts";

export interface EppRegistry {
  id: string;
  name: string;
  tlds: string[];
  pool: EppPool;
  registrar: Registrar;
}

/** One pool and registrar per configured EPP server; TLDs without one stay with `fallback`. */
export function eppRegistries(config: Config["epp"], fallback: Registrar) {
  const registries: EppRegistry[] = config.servers.map((server) => {
    const pool = new EppPool(
      {
        host: server.host,
        port: server.port,
        username: server.username,
        password: server.password,
        ca: server.ca,
        cert: server.cert,
        key: server.key,
        timeoutMs: config.timeoutMs,
      },
      { maxSessions: server.sessions, keepAliveMs: config.keepAliveMs },
    );
    return {
      id: `epp:${server.id}`,
      name: server.name,
      tlds: server.tlds,
      pool,
      registrar: eppRegistrar({ id: server.id, profile: registryProfiles[server.id], pool, username: server.username }),
    };
  });
  const routes = new Map<string, Registrar>();
  const byTld = new Map<string, EppRegistry>();
  for (const registry of registries)
    for (const tld of registry.tlds) {
      routes.set(tld, registry.registrar);
      byTld.set(tld, registry);
    }

  /** `domain:check` on the TLD's server: what the registry says now, or "unknown" if it could not be asked. */
  const availability: EppAvailability = {
    covers: (tld) => byTld.has(tld),
    async check(name, tld) {
      const registry = byTld.get(tld);
      if (!registry) return "unknown";
      try {
        const response = await registry.pool.execute(
          domainCheck([name], `KTS-avail-${randomBytes(6).toString("hex")}`),
        );
        if (response.code !== 1000) return "unknown";
        const answer = readCheck(response.resData, NS.domain).find((cd) => cd.name.toLowerCase() === name);
        return answer ? (answer.available ? "available" : "registered") : "unknown";
      } catch {
        // Unreachable, timed out or refused the session: RDAP or WHOIS is asked instead.
        return "unknown";
      }
    },
  };

  return {
    registries,
    registrar: registries.length ? routingRegistrar(routes, fallback) : fallback,
    availability,

    /** Each server's state, after a <hello> on one of its sessions. */
    async health(): Promise<RegistryHealth[]> {
      return Promise.all(
        registries.map(async (registry) => {
          const health = await registry.pool.probe();
          const up = health.lastOkAt !== null && (health.lastErrorAt === null || health.lastOkAt >= health.lastErrorAt);
          return {
            id: registry.id,
            name: registry.name,
            endpoint: `${registry.pool.endpoint.host}:${registry.pool.endpoint.port}`,
            tlds: registry.tlds,
            state: up ? "up" : "down",
            sessions: health.sessions,
            maxSessions: health.maxSessions,
            serverId: health.serverId,
            latencyMs: health.latencyMs,
            lastOkAt: health.lastOkAt?.toISOString() ?? null,
            lastErrorAt: health.lastErrorAt?.toISOString() ?? null,
            lastError: health.lastError,
            checkedAt: new Date().toISOString(),
          } satisfies RegistryHealth;
        }),
      );
    },

    /**
     * Reads every server's poll queue to the end (RFC 5730 §2.9.2.3), handing each message to
     * `onMessage` before acknowledging it, so a crash in between reads it again rather than losing it.
     */
    async poll(
      onMessage: (message: { registry: string; domain: string | null; text: string | null }) => Promise<void>,
    ) {
      let read = 0;
      for (const registry of registries) {
        for (let guard = 0; guard < 100; guard++) {
          const response = await registry.pool.execute(pollRequest(`KTS-poll-${Date.now()}-${guard}`));
          if (response.code !== 1301 || !response.msgQ) break;
          const pending = readPendingAction(response.resData);
          await onMessage({ registry: registry.id, domain: pending?.name ?? null, text: response.msgQ.text });
          await registry.pool.execute(pollAck(response.msgQ.id, `KTS-ack-${response.msgQ.id}`));
          read++;
        }
      }
      return read;
    },

    async close() {
      await Promise.all(registries.map((r) => r.pool.close()));
    },
  };
}
export type EppRegistries = ReturnType<typeof eppRegistries>;
