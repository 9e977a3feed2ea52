import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const VPS_KEY = Buffer.alloc(32, 7).toString("base64");

describe("loadConfig", () => {
  it("serves on port 3000 with the embedded database in ./data by default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      trustProxy: false,
      // A fresh clone's payments, emails and sitemap point at the server it runs.
      publicUrl: "http://localhost:3000",
      contactNotifyTo: "info@kigalitech.rw",
    });
  });

  it("reads every variable it documents", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/site",
      DATABASE_URL: "postgres://u:p@db:5432/site",
      REDIS_URL: "redis://cache:6379",
      PUBLIC_URL: "https://example.rw/",
      SMTP_URL: "smtps://user:pass@mail.example.rw:465",
      MAIL_FROM: "Site <site@example.rw>",
      CONTACT_NOTIFY_TO: "sales@example.rw",
      TRUST_PROXY: "10.0.0.0/8, 127.0.0.1",
      LOG_LEVEL: "warn",
      PAWAPAY_API_TOKEN: "token-1234567890",
      VPS_CREDENTIALS_KEY: VPS_KEY,
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/site",
      databaseUrl: "postgres://u:p@db:5432/site",
      redisUrl: "redis://cache:6379",
      publicUrl: "https://example.rw",
      smtpUrl: "smtps://user:pass@mail.example.rw:465",
      mailFrom: "Site <site@example.rw>",
      contactNotifyTo: "sales@example.rw",
      trustProxy: { addresses: ["10.0.0.0/8", "127.0.0.1"] },
      logLevel: "warn",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it("lists every problem at once", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://db/site",
        SMTP_URL: "mail.example.rw",
        TRUST_PROXY: "maybe",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = [...new Set((error as ConfigError).problems.map((p) => p.split(":")[0]))];
    expect(problems.sort()).toEqual(["DATABASE_URL", "PORT", "SMTP_URL", "TRUST_PROXY"]);
    expect((error as ConfigError).message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
  });

  it("lets the analyzer reach loopback only outside production", () => {
    expect(loadConfig({ NODE_ENV: "test", ANALYSIS_ALLOW_LOOPBACK: "true" }).analysisAllowLoopback).toBe(true);
    expect(loadConfig({}).analysisAllowLoopback).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", ANALYSIS_ALLOW_LOOPBACK: "true" })).toThrow(
      /ANALYSIS_ALLOW_LOOPBACK: must not be on in production/,
    );
    expect(() => loadConfig({ ANALYSIS_ALLOW_LOOPBACK: "true" })).toThrow(ConfigError);
  });

  it("takes payments through pawaPay with a token, and through the built-in test provider without one", () => {
    expect(loadConfig({}).payments).toEqual({ pawapay: null, reconcileIntervalMs: 60_000 });
    expect(
      loadConfig({ PAWAPAY_API_TOKEN: "token-1234567890", PAWAPAY_BASE_URL: "https://api.sandbox.pawapay.io/" })
        .payments.pawapay,
    ).toEqual({
      baseUrl: "https://api.sandbox.pawapay.io",
      token: "token-1234567890",
      timeoutMs: 15_000,
    });
  });

  it("refuses test-mode payments on a public production server unless told to take them", () => {
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(
      /PAWAPAY_API_TOKEN: required in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.test" }),
    ).toThrow(/PAWAPAY_API_TOKEN: required in production/);
    const publicServer = { NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "https://www.example.rw" };
    expect(
      loadConfig({ ...publicServer, PAYMENTS_TEST_MODE: "true", VPS_CREDENTIALS_KEY: VPS_KEY }).payments.pawapay,
    ).toBeNull();
    expect(
      loadConfig({ ...publicServer, PAWAPAY_API_TOKEN: "token-1234567890", VPS_CREDENTIALS_KEY: VPS_KEY }).payments
        .pawapay,
    ).not.toBeNull();
    // A fresh clone on loopback (npm start) takes test payments end to end.
    expect(loadConfig({ NODE_ENV: "production" }).payments.pawapay).toBeNull();
  });

  it("takes test payments on a public https:// address only when PAYMENTS_TEST_MODE says so, even on loopback", () => {
    // A same-host proxy with TRUST_PROXY forgotten: the server looks loopback-only, the public pays.
    for (const PUBLIC_URL of ["https://www.kigalitech.rw", "https://41.186.0.10", "http://shop.example.rw"]) {
      expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_URL })).toThrow(
        /PAWAPAY_API_TOKEN: required when PUBLIC_URL is a public address/,
      );
      expect(() => loadConfig({ NODE_ENV: "development", PUBLIC_URL })).toThrow(/PAWAPAY_API_TOKEN/);
      expect(loadConfig({ PUBLIC_URL, PAYMENTS_TEST_MODE: "true" }).payments.pawapay).toBeNull();
    }
    // Addresses nobody outside can reach keep test mode (RFC 6761 names, loopback and private addresses).
    for (const PUBLIC_URL of [
      "http://localhost:3000",
      "https://kts.localhost",
      "https://shop.example.test",
      "https://127.0.0.1:8443",
      "http://[::1]:3000",
      "http://192.168.1.20",
    ]) {
      expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL }).payments.pawapay).toBeNull();
    }
  });

  it("builds absolute URLs from PUBLIC_URL, and needs an https:// one in production unless on loopback", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const behindProxy = { NODE_ENV: "production", TRUST_PROXY: "127.0.0.1", PAWAPAY_API_TOKEN: "token-1234567890" };
    expect(() => loadConfig({ ...behindProxy, VPS_CREDENTIALS_KEY: VPS_KEY })).toThrow(
      /PUBLIC_URL: required in production on a public address/,
    );
    expect(() =>
      loadConfig({ ...behindProxy, VPS_CREDENTIALS_KEY: VPS_KEY, PUBLIC_URL: "http://www.example.rw" }),
    ).toThrow(/PUBLIC_URL: must start with https:\/\//);
    expect(
      loadConfig({ ...behindProxy, VPS_CREDENTIALS_KEY: VPS_KEY, PUBLIC_URL: "https://www.example.rw/" }).publicUrl,
    ).toBe("https://www.example.rw");
    // Development and loopback-only servers may use plain http.
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).publicUrl).toBe("http://localhost:3000");
  });

  it("trusts a proxy's X-Forwarded-For only as far as it is told: a hop count or the proxies' addresses", () => {
    const dev = { NODE_ENV: "development" };
    expect(loadConfig({ ...dev, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ ...dev, TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ ...dev, TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ ...dev, TRUST_PROXY: "loopback, 10.1.2.0/24, fd00::/8, 192.0.2.7" }).trustProxy).toEqual({
      addresses: ["loopback", "10.1.2.0/24", "fd00::/8", "192.0.2.7"],
    });
    // Blanket trust would let any client choose its rate-limit key and audit address.
    for (const TRUST_PROXY of ["true", "yes", "11", "10.0.0.0/33", "proxy.example", "10.0.0.1,,nginx"]) {
      expect(() => loadConfig({ ...dev, TRUST_PROXY }), TRUST_PROXY).toThrow(/TRUST_PROXY: /);
    }
  });

  it("encrypts VPS login details with the given key, and refuses a public production server without one", () => {
    expect(loadConfig({ VPS_CREDENTIALS_KEY: VPS_KEY }).vps).toMatchObject({
      credentialsKey: Buffer.from(VPS_KEY, "base64"),
      credentialsKeyDerived: false,
    });
    expect(loadConfig({ VPS_CREDENTIALS_KEY: "ab".repeat(32) }).vps.credentialsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadConfig({ VPS_CREDENTIALS_KEY: "too-short" })).toThrow(/VPS_CREDENTIALS_KEY: must be 32 bytes/);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        HOST: "0.0.0.0",
        PUBLIC_URL: "https://www.example.rw",
        PAWAPAY_API_TOKEN: "token-1234567890",
      }),
    ).toThrow(/VPS_CREDENTIALS_KEY: required in production/);
    // Without one, a stable key per data location: 32 bytes, different for another database.
    const derived = loadConfig({ DATA_DIR: "/srv/a" }).vps;
    expect(derived.credentialsKeyDerived).toBe(true);
    expect(derived.credentialsKey).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: "/srv/a" }).vps.credentialsKey).toEqual(derived.credentialsKey);
    expect(loadConfig({ DATA_DIR: "/srv/b" }).vps.credentialsKey).not.toEqual(derived.credentialsKey);
  });

  it("runs the Lighthouse tier with the Chromium it is given, or none when off", () => {
    expect(loadConfig({ CHROME_PATH: "/opt/chrome/chrome" }).chromePath).toBe("/opt/chrome/chrome");
    expect(loadConfig({ CHROME_PATH: "off" }).chromePath).toBeNull();
    expect(loadConfig({ ANALYSIS_CACHE_SECONDS: "60" }).analysisCacheSeconds).toBe(60);
    expect(loadConfig({}).analysisRetentionDays).toBe(90);
    expect(loadConfig({ ANALYSIS_RETENTION_DAYS: "30" }).analysisRetentionDays).toBe(30);
    expect(() => loadConfig({ ANALYSIS_RETENTION_DAYS: "0" })).toThrow(/ANALYSIS_RETENTION_DAYS/);
  });

  it("configures chat: the agent wait, the hours, the open streams per address and the optional LLM", () => {
    expect(loadConfig({}).chat).toEqual({ agentWaitMs: 120_000, hours: "content", streamsPerAddress: 20, llm: null });
    expect(loadConfig({ CHAT_STREAMS_PER_ADDRESS: "4" }).chat.streamsPerAddress).toBe(4);
    expect(() => loadConfig({ CHAT_STREAMS_PER_ADDRESS: "0" })).toThrow(/CHAT_STREAMS_PER_ADDRESS/);
    expect(loadConfig({ CHAT_AGENT_WAIT_SECONDS: "30", CHAT_HOURS: "always" }).chat).toMatchObject({
      agentWaitMs: 30_000,
      hours: "always",
    });
    expect(loadConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1/", LLM_MODEL: "m", LLM_API_KEY: "k" }).chat.llm).toEqual({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "k",
      model: "m",
      timeoutMs: 15_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1" })).toThrow(/LLM_MODEL: required/);
    expect(() => loadConfig({ CHAT_AGENT_WAIT_SECONDS: "1", CHAT_HOURS: "never" })).toThrow(
      /CHAT_AGENT_WAIT_SECONDS[\s\S]*CHAT_HOURS/,
    );
  });

  it("points domain lookups at IANA's bootstrap, public resolvers and the content's WHOIS hosts unless told otherwise", () => {
    expect(loadConfig({}).domains).toEqual({
      bootstrapUrl: "https://data.iana.org/rdap/dns.json",
      dnsServers: ["1.1.1.1", "8.8.8.8"],
      whoisServers: {},
      timeoutMs: 2500,
      ratePerSecond: 5,
      rateBurst: 10,
      availableCacheMs: 120_000,
      registeredCacheMs: 3_600_000,
    });
    expect(
      loadConfig({
        DOMAINS_DNS_SERVERS: "127.0.0.1:5353, [::1]:53",
        DOMAINS_WHOIS_SERVERS: "ug=127.0.0.1:4343,co.ug=whois.example",
      }).domains,
    ).toMatchObject({
      dnsServers: ["127.0.0.1:5353", "[::1]:53"],
      whoisServers: { ug: { host: "127.0.0.1", port: 4343 }, "co.ug": { host: "whois.example", port: 43 } },
    });
    expect(() => loadConfig({ DOMAINS_DNS_SERVERS: "dns.google", DOMAINS_WHOIS_SERVERS: "ug" })).toThrow(
      /DOMAINS_DNS_SERVERS[\s\S]*DOMAINS_WHOIS_SERVERS/,
    );
  });

  it("configures an EPP server per registry profile only with its address and login, reading its PEM files", () => {
    expect(loadConfig({}).epp).toMatchObject({ servers: [], timeoutMs: 30_000, keepAliveMs: 300_000 });
    const dir = mkdtempSync(path.join(tmpdir(), "epp-config-"));
    writeFileSync(path.join(dir, "ca.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const epp = loadConfig({
      EPP_RICTA_SERVER: "epp.ricta.example",
      EPP_RICTA_USERNAME: "kts-registrar",
      EPP_RICTA_PASSWORD: "secret-pass",
      EPP_RICTA_TLS_CA: path.join(dir, "ca.pem"),
      EPP_GATEWAY_SERVER: "gw.example:7000",
      EPP_GATEWAY_USERNAME: "kts",
      EPP_GATEWAY_PASSWORD: "secret-pass",
      EPP_GATEWAY_TLDS: "com, NET",
      EPP_RETRY_FOR_HOURS: "2",
    }).epp;
    rmSync(dir, { recursive: true, force: true });
    expect(epp.servers).toEqual([
      expect.objectContaining({
        id: "ricta",
        host: "epp.ricta.example",
        port: 700,
        sessions: 2,
        tlds: expect.arrayContaining(["rw", "co.rw"]),
        ca: expect.stringContaining("BEGIN CERTIFICATE"),
      }),
      expect.objectContaining({ id: "gateway", host: "gw.example", port: 7000, tlds: ["com", "net"], ca: undefined }),
    ]);
    expect(epp.retryForMs).toBe(7_200_000);
    expect(() => loadConfig({ EPP_KENIC_SERVER: "epp.kenic.example" })).toThrow(
      /EPP_KENIC_SERVER, EPP_KENIC_USERNAME and EPP_KENIC_PASSWORD: set all three or none/,
    );
    expect(() =>
      loadConfig({
        EPP_UG_SERVER: "x.example",
        EPP_UG_USERNAME: "abc",
        EPP_UG_PASSWORD: "secret",
        EPP_UG_TLS_CA: "/nonexistent.pem",
      }),
    ).toThrow(/EPP_UG_TLS_CA: cannot read \/nonexistent.pem/);
    expect(() => loadConfig({ EPP_RICTA_SERVER: "epp.example:99999x" })).toThrow(/EPP_RICTA_SERVER/);
  });
});
