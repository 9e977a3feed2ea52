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
      publicUrl: "https://www.kigalitech.rw",
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
      TRUST_PROXY: "true",
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
      trustProxy: true,
      logLevel: "warn",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it("lists every problem at once", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://db/site", SMTP_URL: "mail.example.rw", TRUST_PROXY: "maybe" });
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
    expect(() => loadConfig({ NODE_ENV: "production", ANALYSIS_ALLOW_LOOPBACK: "true" })).toThrow(/ANALYSIS_ALLOW_LOOPBACK: must not be on in production/);
    expect(() => loadConfig({ ANALYSIS_ALLOW_LOOPBACK: "true" })).toThrow(ConfigError);
  });

  it("takes payments through pawaPay with a token, and through the built-in test provider without one", () => {
    expect(loadConfig({}).payments).toEqual({ pawapay: null, reconcileIntervalMs: 60_000 });
    expect(loadConfig({ PAWAPAY_API_TOKEN: "token-1234567890", PAWAPAY_BASE_URL: "https://api.sandbox.pawapay.io/" }).payments.pawapay).toEqual({
      baseUrl: "https://api.sandbox.pawapay.io", token: "token-1234567890", timeoutMs: 15_000,
    });
  });

  it("refuses test-mode payments on a public production server unless told to take them", () => {
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(/PAWAPAY_API_TOKEN: required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", TRUST_PROXY: "true" })).toThrow(/PAWAPAY_API_TOKEN/);
    expect(loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", PAYMENTS_TEST_MODE: "true", VPS_CREDENTIALS_KEY: VPS_KEY }).payments.pawapay).toBeNull();
    expect(loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", PAWAPAY_API_TOKEN: "token-1234567890", VPS_CREDENTIALS_KEY: VPS_KEY }).payments.pawapay).not.toBeNull();
    // A fresh clone on loopback (npm start) takes test payments end to end.
    expect(loadConfig({ NODE_ENV: "production" }).payments.pawapay).toBeNull();
  });

  it("encrypts VPS login details with the given key, and refuses a public production server without one", () => {
    expect(loadConfig({ VPS_CREDENTIALS_KEY: VPS_KEY }).vps).toEqual({ credentialsKey: Buffer.from(VPS_KEY, "base64"), credentialsKeyDerived: false });
    expect(loadConfig({ VPS_CREDENTIALS_KEY: "ab".repeat(32) }).vps.credentialsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadConfig({ VPS_CREDENTIALS_KEY: "too-short" })).toThrow(/VPS_CREDENTIALS_KEY: must be 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", PAWAPAY_API_TOKEN: "token-1234567890" })).toThrow(/VPS_CREDENTIALS_KEY: required in production/);
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

  it("configures chat: the agent wait, the hours and the optional LLM", () => {
    expect(loadConfig({}).chat).toEqual({ agentWaitMs: 120_000, hours: "content", llm: null });
    expect(loadConfig({ CHAT_AGENT_WAIT_SECONDS: "30", CHAT_HOURS: "always" }).chat).toMatchObject({ agentWaitMs: 30_000, hours: "always" });
    expect(loadConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1/", LLM_MODEL: "m", LLM_API_KEY: "k" }).chat.llm).toEqual({
      baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", model: "m", timeoutMs: 15_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: "http://127.0.0.1:9/v1" })).toThrow(/LLM_MODEL: required/);
    expect(() => loadConfig({ CHAT_AGENT_WAIT_SECONDS: "1", CHAT_HOURS: "never" })).toThrow(/CHAT_AGENT_WAIT_SECONDS[\s\S]*CHAT_HOURS/);
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
    expect(loadConfig({ DOMAINS_DNS_SERVERS: "127.0.0.1:5353, [::1]:53", DOMAINS_WHOIS_SERVERS: "ug=127.0.0.1:4343,co.ug=whois.example" }).domains).toMatchObject({
      dnsServers: ["127.0.0.1:5353", "[::1]:53"],
      whoisServers: { ug: { host: "127.0.0.1", port: 4343 }, "co.ug": { host: "whois.example", port: 43 } },
    });
    expect(() => loadConfig({ DOMAINS_DNS_SERVERS: "dns.google", DOMAINS_WHOIS_SERVERS: "ug" })).toThrow(/DOMAINS_DNS_SERVERS[\s\S]*DOMAINS_WHOIS_SERVERS/);
  });
});
