import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDnsDouble, type DnsDouble } from "../../../tests/doubles/dns-server.ts";
import { rdapRecord, startRdapDouble, type RdapDouble } from "../../../tests/doubles/rdap-server.ts";
import { startWhoisDouble, whoisReplies, type WhoisDouble } from "../../../tests/doubles/whois-server.ts";
import { dnsPrecheck } from "../../adapters/registry-lookup/dns-precheck.ts";
import { matchBaseUrl, parseBootstrap, rdapBootstrap } from "../../adapters/registry-lookup/rdap-bootstrap.ts";
import { classifyWhois, whoisLookup } from "../../adapters/registry-lookup/whois-client.ts";
import { availabilityChecker, type AvailabilityOptions } from "./availability-service.ts";
import { serverLimiter } from "./server-limiter.ts";

let rdap: RdapDouble;
let whois: WhoisDouble;
let dns: DnsDouble;

beforeAll(async () => {
  [rdap, whois, dns] = await Promise.all([startRdapDouble(), startWhoisDouble(), startDnsDouble()]);
});
afterAll(async () => {
  await Promise.all([rdap.close(), whois.close(), dns.close()]);
});
afterEach(() => {
  rdap.names = {};
  rdap.requests.length = 0;
  rdap.bootstrap = null;
  rdap.limitPerBase = null;
  rdap.delayMs = 0;
  whois.names = {};
  whois.queries.length = 0;
  whois.fallback = () => ({ kind: "reply", text: whoisReplies.ugNotFound() });
  dns.names = {};
  dns.queries.length = 0;
  dns.fallback = "nxdomain";
});

/** Waits for a background refresh to land (the machine may be slow). */
async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
}

const ugPatterns = { notFound: [/No entries found for the selected source/i], found: [/^Domain name:\s*\S+/im] };

function checker(overrides: Partial<AvailabilityOptions> = {}) {
  return availabilityChecker({
    bootstrap: rdapBootstrap({ url: rdap.bootstrapUrl, snapshot: { services: [] } }),
    dns: dnsPrecheck({ servers: [dns.server], timeoutMs: 300 }),
    whois: { ug: { host: whois.host, port: whois.port, ...ugPatterns } },
    limiter: serverLimiter({ perSecond: 50, burst: 50 }),
    timeoutMs: 600,
    registeredTtlMs: 60_000,
    availableTtlMs: 60_000,
    ...overrides,
  });
}

describe("the IANA bootstrap", () => {
  const services = parseBootstrap({
    services: [
      [["com"], ["http://plain.example/com/", "https://secure.example/com"]],
      [["example"], ["https://one.example/"]],
      [["co.example"], ["https://two.example/"]],
      [["goodexample.com"], ["https://lookalike.example/"]],
    ],
  })!;

  it.each([
    ["shop.com", "https://secure.example/com/"],
    ["goodexample.com", "https://lookalike.example/"],
    ["example.com", "https://secure.example/com/"],
    ["x.co.example", "https://two.example/"],
    ["x.example", "https://one.example/"],
    ["x.ug", null],
  ])("%s -> %s (HTTPS first, trailing slash added, longest label match)", (name, expected) => {
    expect(matchBaseUrl(services, name)).toBe(expected);
  });

  it("is fetched once, revalidated with its ETag, and kept when the live file breaks", async () => {
    let clock = 0;
    const bootstrap = rdapBootstrap({
      url: rdap.bootstrapUrl,
      ttlMs: 1000,
      snapshot: { services: [] },
      now: () => clock,
    });
    expect(await bootstrap.baseUrlFor("a.com")).toBe(rdap.bases["verisign-com"]);
    expect(await bootstrap.baseUrlFor("b.rw")).toBe(rdap.bases["ricta"]);
    expect(rdap.requests.filter((p) => p === "/rdap/dns.json")).toHaveLength(1);
    clock = 5000;
    await bootstrap.baseUrlFor("a.com");
    await until(() => rdap.requests.filter((p) => p === "/rdap/dns.json").length === 2);
    expect(rdap.requests.filter((p) => p === "/rdap/dns.json")).toHaveLength(2); // answered 304
    expect(await bootstrap.baseUrlFor("a.com")).toBe(rdap.bases["verisign-com"]);
    rdap.bootstrap = { status: 500 };
    clock = 10_000;
    await bootstrap.baseUrlFor("a.com");
    await until(() => rdap.requests.filter((p) => p === "/rdap/dns.json").length === 3);
    rdap.bootstrap = { body: "{not json", etag: '"v2"' };
    clock = 15_000;
    await bootstrap.baseUrlFor("a.com");
    await until(() => rdap.requests.filter((p) => p === "/rdap/dns.json").length === 4);
    await new Promise((r) => setTimeout(r, 20));
    expect(await bootstrap.baseUrlFor("a.com")).toBe(rdap.bases["verisign-com"]);
  });

  it("falls back to the shipped snapshot when IANA can't be reached", async () => {
    rdap.bootstrap = { status: 503 };
    const bootstrap = rdapBootstrap({ url: rdap.bootstrapUrl });
    expect(await bootstrap.baseUrlFor("example.com")).toBe("https://rdap.verisign.com/com/v1/");
    expect(await bootstrap.baseUrlFor("example.co.ug")).toBeNull();
  });
});

describe("availability", () => {
  it("says registered from DNS alone when the name is delegated, without asking the registry", async () => {
    dns.names["taken.com"] = "ns";
    const result = await checker().check("taken.com", "com");
    expect(result).toMatchObject({ name: "taken.com", state: "registered", source: "dns" });
    expect(rdap.requests.some((p) => p.includes("/domain/"))).toBe(false);
  });

  it("asks the registry on SERVFAIL: a lame delegation and a resolver outage look the same", async () => {
    dns.names["lame.com"] = "servfail";
    rdap.names["lame.com"] = { kind: "registered", record: rdapRecord("lame.com") };
    expect(await checker().check("lame.com", "com")).toMatchObject({ state: "registered", source: "rdap" });
    dns.names["outage.com"] = "servfail";
    rdap.names["outage.com"] = { kind: "not_found" };
    expect(await checker().check("outage.com", "com")).toMatchObject({ state: "available", source: "rdap" });
  });

  it.each(["nxdomain", "nodata", "refused", "drop"] as const)("asks RDAP when DNS says %s", async (behaviour) => {
    dns.names["free.com"] = behaviour;
    rdap.names["free.com"] = { kind: "not_found" };
    expect(await checker().check("free.com", "com")).toMatchObject({ state: "available", source: "rdap" });
    expect(rdap.requests).toContain("/verisign-com/domain/free.com");
  });

  it("reads the registry record: 200 means registered, even when not in DNS (held names)", async () => {
    rdap.names["held.rw"] = { kind: "registered", record: rdapRecord("held.rw", { status: ["serverHold"] }) };
    const result = await checker().check("held.rw", "rw");
    expect(result).toMatchObject({ state: "registered", source: "rdap" });
    expect(result.registration?.statuses[0]).toMatchObject({ code: "server hold" });
  });

  it.each([
    ["json", "available"],
    ["html", "available"],
    ["empty", "available"],
  ] as const)("404 with a %s body is available", async (body, state) => {
    rdap.names["nothing.ke"] = { kind: "not_found", body };
    expect(await checker().check("nothing.ke", "ke")).toMatchObject({ state });
  });

  it.each([
    [{ kind: "status", status: 429, retryAfter: "2" }, "rate_limited"],
    [{ kind: "status", status: 429 }, "rate_limited"],
    [{ kind: "status", status: 500 }, "server_error"],
    [{ kind: "status", status: 503 }, "server_error"],
    [{ kind: "status", status: 400 }, "unclear"],
    [{ kind: "status", status: 501 }, "unclear"],
    [{ kind: "slow", ms: 2000 }, "timeout"],
    [{ kind: "reset" }, "server_error"],
    [{ kind: "registered", record: { objectClassName: "entity" } }, "unclear"],
    [{ kind: "redirect", to: "{url}/verisign-com/domain/loop.com" }, "unclear"],
  ] as const)("%j is unknown (%s), never available", async (behaviour, reason) => {
    rdap.names["loop.com"] = behaviour;
    const result = await checker().check("loop.com", "com");
    expect(result).toMatchObject({ state: "unknown", reason });
  });

  it("follows a redirect to another base", async () => {
    rdap.names["moved.io"] = { kind: "redirect", to: "{url}/elsewhere/domain/moved-target.io", status: 302 };
    rdap.names["moved-target.io"] = { kind: "registered" };
    const result = await checker().check("moved.io", "io");
    expect(result).toMatchObject({ state: "registered", source: "rdap" });
    expect(result.registration).toMatchObject({
      registrar: "Example Registrar Ltd",
      registrarIanaId: "9999",
      registeredAt: "2019-03-04T10:00:00Z",
      expiresAt: "2027-03-04T10:00:00Z",
      nameservers: ["ns1.example-dns.net", "ns2.example-dns.net"],
      dnssec: true,
    });
    expect(result.registration?.statuses.map((s) => s.code)).toEqual([
      "client transfer prohibited",
      "client update prohibited",
    ]);
  });

  it("reads records without an expiry or a registrar IANA id", async () => {
    rdap.names["plain.org"] = {
      kind: "registered",
      record: rdapRecord("plain.org", {
        events: [{ eventAction: "registration", eventDate: "2020-01-01T00:00:00Z" }],
        entities: [{ roles: ["registrar"], vcardArray: ["vcard", [["fn", {}, "text", "Small Registrar"]]] }],
        secureDNS: undefined,
      }),
    };
    const result = await checker().check("plain.org", "org");
    expect(result.registration).toMatchObject({
      registrar: "Small Registrar",
      registrarIanaId: null,
      expiresAt: null,
      dnssec: null,
    });
  });

  it("pauses a server that answered 429 and does not hammer it", async () => {
    rdap.names["a.net"] = { kind: "status", status: 429, retryAfter: "30" };
    const check = checker();
    expect(await check.check("a.net", "net")).toMatchObject({
      state: "unknown",
      source: "rdap",
      reason: "rate_limited",
    });
    const before = rdap.requests.length;
    // Held back, the registry was not asked: nobody answered, and the result says so.
    expect(await check.check("b.net", "net")).toMatchObject({ state: "unknown", source: "none", reason: "held_back" });
    expect(rdap.requests.length).toBe(before);
  });

  it("keeps to the per-server rate and answers unknown rather than queueing forever", async () => {
    const check = checker({ limiter: serverLimiter({ perSecond: 1, burst: 2 }), timeoutMs: 400 });
    const results = await Promise.all(["a", "b", "c", "d"].map((n) => check.check(`${n}.tech`, "tech")));
    expect(results.filter((r) => r.state === "available")).toHaveLength(2);
    expect(
      results.filter((r) => r.state === "unknown" && r.source === "none" && r.reason === "held_back"),
    ).toHaveLength(2);
    expect(rdap.requests.filter((p) => p.startsWith("/radix/"))).toHaveLength(2);
  });

  it("shares identical lookups in flight and caches answers, but never unknowns", async () => {
    rdap.delayMs = 50;
    const check = checker();
    await Promise.all([check.check("same.dev", "dev"), check.check("same.dev", "dev"), check.check("same.dev", "dev")]);
    await check.check("same.dev", "dev");
    expect(rdap.requests.filter((p) => p === "/google/domain/same.dev")).toHaveLength(1);
    rdap.names["flaky.dev"] = { kind: "status", status: 503 };
    await check.check("flaky.dev", "dev");
    rdap.names["flaky.dev"] = { kind: "not_found" };
    expect(await check.check("flaky.dev", "dev")).toMatchObject({ state: "available" });
  });

  it("says when an answer comes from the cache, and how old it is", async () => {
    let clock = Date.parse("2026-11-25T08:00:00Z");
    const check = checker({ now: () => clock });
    rdap.names["aged.org"] = { kind: "registered" };
    const fresh = await check.check("aged.org", "org");
    expect(fresh).toMatchObject({ state: "registered", source: "rdap", checkedAt: "2026-11-25T08:00:00.000Z" });
    expect(fresh.cachedSeconds).toBeUndefined();
    clock += 45_000;
    // What RDAP said 45 seconds ago (the cache keeps it 60), not a fresh answer.
    expect(await check.check("aged.org", "org")).toMatchObject({
      state: "registered",
      source: "rdap",
      checkedAt: "2026-11-25T08:00:00.000Z",
      cachedSeconds: 45,
    });
    expect(rdap.requests.filter((p) => p === "/pir/domain/aged.org")).toHaveLength(1);
    // The check before payment asks again, and is not a cached answer.
    expect((await check.check("aged.org", "org", { authoritative: true })).cachedSeconds).toBeUndefined();
  });

  it("skips the cache for the authoritative check before and after payment", async () => {
    const check = checker();
    expect(await check.check("race.com", "com")).toMatchObject({ state: "available" });
    rdap.names["race.com"] = { kind: "registered" };
    expect(await check.check("race.com", "com")).toMatchObject({ state: "available" });
    expect(await check.check("race.com", "com", { authoritative: true })).toMatchObject({ state: "registered" });
  });

  it("reads the registry record for the details page even when DNS has the answer", async () => {
    dns.names["known.com"] = "ns";
    rdap.names["known.com"] = { kind: "registered" };
    const result = await checker().check("known.com", "com", { details: true });
    expect(result).toMatchObject({ state: "registered", source: "rdap" });
    expect(result.registration?.registrar).toBe("Example Registrar Ltd");
  });

  it("asks WHOIS for .ug and .co.ug, which have no RDAP", async () => {
    whois.names["taken.co.ug"] = { kind: "reply", text: whoisReplies.ugFound("taken.co.ug") };
    const check = checker();
    expect(await check.check("taken.co.ug", "co.ug")).toMatchObject({ state: "registered", source: "whois" });
    expect(await check.check("free.ug", "ug")).toMatchObject({ state: "available", source: "whois" });
    expect(whois.queries).toEqual(["taken.co.ug", "free.ug"]);
  });

  it("says unknown for a TLD with neither RDAP nor WHOIS", async () => {
    expect(await checker({ whois: {} }).check("x.ug", "ug")).toMatchObject({
      state: "unknown",
      source: "none",
      reason: "no_source",
    });
  });
});

describe("WHOIS replies", () => {
  const kenic = { notFound: [/Status:\s*Not Registered/i], found: [/^Created:/im] };
  it.each([
    [whoisReplies.ugNotFound(), ugPatterns, "not_found"],
    [whoisReplies.ugFound("x.ug"), ugPatterns, "found"],
    [whoisReplies.kenicLegacyNotFound("x.ke"), kenic, "not_found"],
    [whoisReplies.kenicBroken(), kenic, "unknown"],
    [whoisReplies.verisignNotFound("x.com"), { notFound: [/^No match for/im], found: [] }, "not_found"],
    [whoisReplies.rateLimited(), ugPatterns, "unknown"],
    ["", ugPatterns, "unknown"],
  ])("reply %#", (text, patterns, kind) => {
    expect(classifyWhois(patterns, text).kind).toBe(kind);
  });

  const server = () => ({ host: whois.host, port: whois.port, ...ugPatterns });

  it("reads answers sent in several delayed chunks and in Latin-1", async () => {
    whois.names["chunks.ug"] = { kind: "reply", text: whoisReplies.ugFound("chunks.ug"), chunks: 4, chunkDelayMs: 20 };
    whois.names["latin.ug"] = {
      kind: "reply",
      text: `${whoisReplies.ugFound("latin.ug")}Registrant: Société Générale\r\n`,
      latin1: true,
    };
    expect(await whoisLookup(server(), "chunks.ug", 1000)).toEqual({ kind: "found" });
    expect(await whoisLookup(server(), "latin.ug", 1000)).toEqual({ kind: "found" });
  });

  it.each([
    [{ kind: "silent" }, "timeout"],
    [{ kind: "close" }, "server_error"],
    [{ kind: "huge" }, "unclear"],
  ] as const)("%j is unknown (%s)", async (behaviour, reason) => {
    whois.names["fault.ug"] = behaviour;
    expect(await whoisLookup(server(), "fault.ug", 300)).toEqual({ kind: "unknown", reason });
  });
});
