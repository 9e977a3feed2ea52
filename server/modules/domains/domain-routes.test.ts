import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainSearchEvent, domainMessages } from "#contracts/domains.ts";
import { startDnsDouble, type DnsDouble } from "../../../tests/doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../../../tests/doubles/rdap-server.ts";
import { startWhoisDouble, whoisReplies, type WhoisDouble } from "../../../tests/doubles/whois-server.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testConfig } from "../../../tests/support/test-app.ts";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { moneySet } from "./domain-pricing.ts";
import { suggestLabels } from "./domain-suggestions.ts";

const unlimited: RateLimiter = {
  hit: async () => ({ count: 1, ttlMs: 60_000 }),
  peek: async () => ({ count: 0, ttlMs: 0 }),
  release: async () => {},
  reset: async () => {},
  sweep: async () => {},
};

function events(body: string): DomainSearchEvent[] {
  return body
    .split("\n")
    .filter(Boolean)
    .map((line) => DomainSearchEvent.parse(JSON.parse(line)));
}

describe("prices and suggestions", () => {
  it("shows a USD price in every currency, rounded up to the local step", () => {
    expect(moneySet(12.5)).toEqual({ RWF: 18200, UGX: 46500, KES: 1630, USD: 12.5 });
    expect(moneySet(14)).toEqual({ RWF: 20300, UGX: 52000, KES: 1820, USD: 14 });
  });

  it.each([
    [
      "kigalitech",
      ["kigali-tech", "getkigalitech", "mykigalitech", "thekigalitech", "kigalitechhq", "kigalitechonline"],
    ],
    ["shop", ["getshop", "myshop", "theshop", "shophq", "shoponline", "shopafrica"]],
    ["xn--caf-dma", []],
  ])("%s", (label, expected) => {
    expect(suggestLabels(label)).toEqual(expected);
  });
});

describe.each(databaseBackends())("domain search API on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let rdap: RdapDouble;
  let whois: WhoisDouble;
  let dns: DnsDouble;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    [rdap, whois, dns] = await Promise.all([startRdapDouble(), startWhoisDouble(), startDnsDouble()]);
    const config = testConfig({
      LOG_LEVEL: "info",
      DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      DOMAINS_DNS_SERVERS: dns.server,
      DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
      DOMAINS_LOOKUP_TIMEOUT_MS: "5000",
    });
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    });
    app = await buildApp(config, {
      database,
      rateLimiter: unlimited,
      mailer: null,
      logger: { level: "trace", stream },
    });
    await app.ready();
    dns.names["kigalitech.com"] = "ns";
    rdap.names["kigalitech.rw"] = { kind: "registered" };
    rdap.names["kigalitech.ke"] = { kind: "status", status: 503 };
    whois.names["kigalitech.co.ug"] = { kind: "reply", text: whoisReplies.ugFound("kigalitech.co.ug") };
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([rdap?.close(), whois?.close(), dns?.close()]);
    await cleanup?.();
  });

  it("streams one row per TLD as each answer arrives, then suggestions, then done", async () => {
    const response = await app.inject({ method: "POST", url: "/api/domains/search", payload: { q: "KigaliTech" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/x-ndjson/);
    const all = events(response.body);
    const first = all[0]!;
    expect(first.type).toBe("candidates");
    if (first.type !== "candidates") throw new Error("no candidates");
    const tldRows = first.candidates.filter((c) => c.kind === "tld").map((c) => c.tld);
    expect(tldRows).toEqual([
      "rw",
      "co.rw",
      "com",
      "africa",
      "ke",
      "co.ke",
      "ug",
      "co.ug",
      "org",
      "net",
      "io",
      "tech",
      "dev",
    ]);
    expect(first.candidates.filter((c) => c.kind === "suggestion").map((c) => c.name)).toContain("kigali-tech.rw");
    expect(first.prices.find((p) => p.tld === "tech")).toMatchObject({ register: { USD: 8 }, renew: { USD: 45 } });
    expect(all.at(-1)).toEqual({ type: "done" });
    const results = Object.fromEntries(all.flatMap((e) => (e.type === "result" ? [[e.result.name, e.result]] : [])));
    expect(Object.keys(results)).toHaveLength(first.candidates.length);
    expect(results["kigalitech.com"]).toMatchObject({ state: "registered", source: "dns" });
    expect(results["kigalitech.rw"]).toMatchObject({ state: "registered", source: "rdap" });
    expect(results["kigalitech.ke"]).toMatchObject({ state: "unknown", reason: "server_error" });
    expect(results["kigalitech.co.ug"]).toMatchObject({ state: "registered", source: "whois" });
    expect(results["kigalitech.ug"]).toMatchObject({ state: "available", source: "whois" });
    expect(results["kigalitech.io"]).toMatchObject({ state: "available", source: "rdap" });
  });

  it("puts the typed TLD first and marks rows whose TLD refuses the name instead of checking them", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/domains/search",
      payload: { q: "www.café.com", suggestions: false },
    });
    const all = events(response.body);
    const first = all[0]!;
    if (first.type !== "candidates") throw new Error("no candidates");
    expect(first.candidates[0]).toMatchObject({ name: "xn--caf-dma.com", unicodeName: "café.com", kind: "exact" });
    expect(first.candidates.find((c) => c.tld === "rw")?.problem).toBe(
      ".rw names can only use the letters a-z, digits and hyphens.",
    );
    const checked = all.filter((e) => e.type === "result").map((e) => (e.type === "result" ? e.result.name : ""));
    expect(checked.sort()).toEqual(["xn--caf-dma.com", "xn--caf-dma.dev", "xn--caf-dma.net", "xn--caf-dma.org"]);
  });

  it.each([
    ["", "Type a name to search."],
    ["kigali_tech", "Use letters, digits and hyphens only."],
    ["example.xyz", "We don't sell names ending in .xyz."],
    [
      "https://www.café.com/menu",
      "Type the domain name only, without http://, a path or an @ (for example kigalitech.rw).",
    ],
    ["-bücher.com", "A name can't start or end with a hyphen."],
    ["bü--cher.com", "A hyphen in the third and fourth places is reserved for international names."],
    ["i❤.com", "❤ can't be used in a domain name: registries take letters, digits and hyphens, not symbols or emoji."],
    ["àא.com", domainMessages.bidi],
  ])("refuses %j with the rule's words", async (q, message) => {
    const response = await app.inject({ method: "POST", url: "/api/domains/search", payload: { q } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "validation_failed", message, fields: { q: message } });
  });

  it("details a registered name: registrar, dates, plain-word statuses, nameservers, DNSSEC", async () => {
    const response = await app.inject({ method: "GET", url: "/api/domains/KIGALITECH.RW" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "kigalitech.rw",
      state: "registered",
      registration: {
        registrar: "Example Registrar Ltd",
        registeredAt: "2019-03-04T10:00:00Z",
        expiresAt: "2027-03-04T10:00:00Z",
        nameservers: ["ns1.example-dns.net", "ns2.example-dns.net"],
        dnssec: true,
        statuses: [
          { code: "client transfer prohibited", meaning: expect.stringMatching(/transfer/) },
          { code: "client update prohibited", meaning: expect.stringMatching(/changes/) },
        ],
      },
      price: { tld: "rw" },
    });
  });

  it("details an available name with its prices", async () => {
    const response = await app.inject({ method: "GET", url: `/api/domains/${encodeURIComponent("free-name.co.rw")}` });
    expect(response.json()).toMatchObject({
      name: "free-name.co.rw",
      state: "available",
      registration: null,
      price: { tld: "co.rw", register: { USD: 10 } },
    });
  });

  it("refuses a name it can't sell", async () => {
    const response = await app.inject({ method: "GET", url: "/api/domains/caf%C3%A9.rw" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(".rw names can only use the letters a-z, digits and hyphens.");
  });

  it("refuses in the request's language, with the ending the rule names", async () => {
    const search = await app.inject({
      method: "POST",
      url: "/api/domains/search",
      headers: { "accept-language": "fr" },
      payload: { q: "example.xyz" },
    });
    expect(search.json()).toEqual({
      error: "validation_failed",
      message: "Nous ne vendons pas de noms en .xyz.",
      fields: { q: "Nous ne vendons pas de noms en .xyz." },
    });
    const details = await app.inject({
      method: "GET",
      url: "/api/domains/caf%C3%A9.rw",
      headers: { "accept-language": "rw" },
    });
    expect(details.json().message).toBe(
      "Amazina arangira na .rw ashobora gukoresha inyuguti a-z, imibare n'uturongo (-) gusa.",
    );
    const tooLong = await app.inject({
      method: "POST",
      url: "/api/domains/search",
      headers: { "accept-language": "sw" },
      payload: { q: "a".repeat(301) },
    });
    expect(tooLong.json()).toMatchObject({ fields: { q: "Jina la kikoa lisizidi herufi 253." } });
  });

  it("names the source of every answer on the details page, or says that no registry answered", async () => {
    const get = async (name: string) => (await app.inject({ method: "GET", url: `/api/domains/${name}` })).json();
    rdap.names["sourced.org"] = { kind: "registered" };
    const first = await get("sourced.org");
    expect(first).toMatchObject({ state: "registered", source: "rdap" });
    expect(first).not.toHaveProperty("cachedSeconds");
    // Asked again at once: what RDAP said then, from our cache, with its age.
    expect(await get("sourced.org")).toMatchObject({
      state: "registered",
      source: "rdap",
      checkedAt: first.checkedAt,
      cachedSeconds: expect.any(Number),
    });
    whois.names["sourced.co.ug"] = { kind: "reply", text: whoisReplies.ugFound("sourced.co.ug") };
    expect(await get("sourced.co.ug")).toMatchObject({ state: "registered", source: "whois" });
    // RDAP was asked and answered with an error: it is named, with why nothing is known.
    rdap.names["sourced.ke"] = { kind: "status", status: 503 };
    expect(await get("sourced.ke")).toMatchObject({ state: "unknown", source: "rdap", reason: "server_error" });
    // A registry that asked us to slow down is not asked again for a while: no registry answered.
    rdap.names["slow.africa"] = { kind: "status", status: 429, retryAfter: "600" };
    expect(await get("slow.africa")).toMatchObject({ state: "unknown", source: "rdap", reason: "rate_limited" });
    const before = rdap.requests.length;
    const held = await get("sourced.africa");
    expect(held).toMatchObject({ state: "unknown", source: "none", reason: "held_back" });
    expect(held).not.toHaveProperty("cachedSeconds");
    expect(rdap.requests.length).toBe(before);
  });

  it("lists the TLDs on sale with their prices", async () => {
    const response = await app.inject({ method: "GET", url: "/api/domains/tlds" });
    expect(response.json()).toHaveLength(13);
  });

  it("never writes a searched name to the logs", async () => {
    await app.inject({ method: "POST", url: "/api/domains/search", payload: { q: "secretbrand" } });
    await app.inject({ method: "GET", url: "/api/domains/secretbrand.rw" });
    await app.inject({ method: "GET", url: "/domain-details/secretbrand.rw?q=secretbrand" });
    const logs = logLines.join("");
    expect(logs).toContain("[name]");
    expect(logs).not.toContain("secretbrand");
  });
});
