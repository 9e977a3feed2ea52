import { hkdfSync } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { company } from "../content/company.ts";

const urlWithProtocol = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}://`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
  });

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: urlWithProtocol(["postgres", "postgresql"]).optional(),
  REDIS_URL: urlWithProtocol(["redis", "rediss"]).optional(),
  PUBLIC_URL: urlWithProtocol(["http", "https"]).default(company.website.url),
  SMTP_URL: urlWithProtocol(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().min(3).default(`"${company.name}" <no-reply@${new URL(company.website.url).hostname.replace(/^www\./, "")}>`),
  CONTACT_NOTIFY_TO: z.email().default(company.email),
  STATIC_DIR: z.string().min(1).default("./build/client"),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  ADMIN_USERNAME: z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{3,40}$/, "3-40 letters, digits, dots, dashes or underscores").optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** pawaPay Merchant API token; without it payments run on the built-in test provider. */
  PAWAPAY_API_TOKEN: z.string().min(10, "must be a pawaPay API token").optional(),
  PAWAPAY_BASE_URL: urlWithProtocol(["http", "https"]).default("https://api.pawapay.io"),
  PAWAPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Allow the built-in test provider on a production server reachable from outside. */
  PAYMENTS_TEST_MODE: booleanFlag.default(false),
  PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).default(60_000),
  /** Chromium for the Lighthouse lab tier; "off" disables it. Default: Debian's, when installed. */
  CHROME_PATH: z.string().min(1).optional(),
  /** Tests only: let the site analyzer fetch loopback fixture sites. Refused in production. */
  ANALYSIS_ALLOW_LOOPBACK: booleanFlag.default(false),
  ANALYSIS_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Analysis reports (and their share links) are deleted after this many days. */
  ANALYSIS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How long a visitor waits in the queue for an agent before the assistant takes the chat back. */
  CHAT_AGENT_WAIT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** "content": agents are offered chats during the business hours in content/; "always": around the clock. */
  CHAT_HOURS: z.enum(["content", "always"]).default("content"),
  /** Any OpenAI-compatible chat API; without it the built-in assistant answers from the site's content. */
  LLM_BASE_URL: urlWithProtocol(["http", "https"]).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** IANA's RDAP bootstrap file for DNS (RFC 9224); a snapshot ships with the server. */
  DOMAINS_RDAP_BOOTSTRAP_URL: urlWithProtocol(["http", "https"]).default("https://data.iana.org/rdap/dns.json"),
  /** Resolvers for the DNS pre-check, "host" or "host:port", comma-separated. */
  DOMAINS_DNS_SERVERS: z
    .string()
    .default("1.1.1.1,8.8.8.8")
    .transform((value) => value.split(",").map((s) => s.trim()).filter(Boolean))
    .refine((servers) => servers.every((s) => /^[0-9a-f.:[\]]+$/i.test(s)), "must be IP addresses, optionally with :port"),
  /** WHOIS hosts for TLDs without RDAP, overriding content/domains.ts: "ug=whois.co.ug:43,co.ug=...". */
  DOMAINS_WHOIS_SERVERS: z
    .string()
    .regex(/^\s*[a-z0-9.-]+=[a-z0-9.-]+(:\d{1,5})?\s*(,\s*[a-z0-9.-]+=[a-z0-9.-]+(:\d{1,5})?\s*)*$/i, 'must look like "ug=whois.co.ug:43"')
    .optional(),
  DOMAINS_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(2500),
  /** Lookups per second to any one registry server (they limit per source IP), and the burst allowed. */
  DOMAINS_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100).default(5),
  DOMAINS_RATE_BURST: z.coerce.number().int().min(1).max(200).default(10),
  /** How long answers are reused; "unknown" never is. */
  DOMAINS_AVAILABLE_CACHE_SECONDS: z.coerce.number().int().min(0).default(120),
  DOMAINS_REGISTERED_CACHE_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** 32 bytes, base64 or hex: encrypts VPS login details at rest (AES-256-GCM). */
  VPS_CREDENTIALS_KEY: z
    .string()
    .trim()
    .refine((value) => vpsKeyBytes(value) !== null, "must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)")
    .optional(),
});

function vpsKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, "base64") : null;
  return bytes?.length === 32 ? bytes : null;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactNotifyTo: string;
  staticDir: string;
  trustProxy: boolean;
  logLevel: string;
  outboxIntervalMs: number;
  shutdownTimeoutMs: number;
  /** The first staff account, created at start when there is none. */
  bootstrapAdmin: { username: string; password: string } | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  payments: {
    /** null: the built-in test provider (TEST MODE pages served by this server). */
    pawapay: { baseUrl: string; token: string; timeoutMs: number } | null;
    reconcileIntervalMs: number;
  };
  /** null: no Chromium, so speed analysis runs the network tier only. */
  chromePath: string | null;
  analysisAllowLoopback: boolean;
  analysisCacheSeconds: number;
  analysisRetentionDays: number;
  chat: {
    agentWaitMs: number;
    hours: "content" | "always";
    /** null: the built-in assistant only. */
    llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  };
  domains: {
    bootstrapUrl: string;
    dnsServers: string[];
    whoisServers: Record<string, { host: string; port: number }>;
    timeoutMs: number;
    ratePerSecond: number;
    rateBurst: number;
    availableCacheMs: number;
    registeredCacheMs: number;
  };
  vps: {
    /** AES-256-GCM key for VPS login details. */
    credentialsKey: Buffer;
    /** true: derived from the data location because VPS_CREDENTIALS_KEY is unset (development, loopback). */
    credentialsKeyDerived: boolean;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once, and fails with every problem listed, not just the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(["ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither"]);
  }
  if (e.ANALYSIS_ALLOW_LOOPBACK && e.NODE_ENV === "production") {
    throw new ConfigError(["ANALYSIS_ALLOW_LOOPBACK: must not be on in production (it lets strangers make the server fetch loopback addresses)"]);
  }
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new ConfigError(["LLM_MODEL: required when LLM_BASE_URL is set"]);
  }
  // Test mode on a server strangers can reach would take fake payments: only when asked for.
  const loopbackOnly = ["127.0.0.1", "localhost", "::1"].includes(e.HOST) && !e.TRUST_PROXY;
  if (e.NODE_ENV === "production" && !e.PAWAPAY_API_TOKEN && !e.PAYMENTS_TEST_MODE && !loopbackOnly) {
    throw new ConfigError(["PAWAPAY_API_TOKEN: required in production on a public address (or set PAYMENTS_TEST_MODE=true to take test payments on purpose)"]);
  }
  // Server passwords must not be readable with a key anyone can derive: a public server needs its own.
  if (e.NODE_ENV === "production" && !e.VPS_CREDENTIALS_KEY && !loopbackOnly) {
    throw new ConfigError(["VPS_CREDENTIALS_KEY: required in production on a public address (32 random bytes: openssl rand -base64 32)"]);
  }
  const chromePath =
    e.CHROME_PATH === undefined ? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : null) : /^(off|none|false)$/i.test(e.CHROME_PATH) ? null : e.CHROME_PATH;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactNotifyTo: e.CONTACT_NOTIFY_TO,
    staticDir: path.resolve(e.STATIC_DIR),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    bootstrapAdmin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    payments: {
      pawapay: e.PAWAPAY_API_TOKEN ? { baseUrl: e.PAWAPAY_BASE_URL.replace(/\/+$/, ""), token: e.PAWAPAY_API_TOKEN, timeoutMs: e.PAWAPAY_TIMEOUT_MS } : null,
      reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
    },
    chromePath,
    analysisAllowLoopback: e.ANALYSIS_ALLOW_LOOPBACK,
    analysisCacheSeconds: e.ANALYSIS_CACHE_SECONDS,
    analysisRetentionDays: e.ANALYSIS_RETENTION_DAYS,
    chat: {
      agentWaitMs: e.CHAT_AGENT_WAIT_SECONDS * 1000,
      hours: e.CHAT_HOURS,
      llm: e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ""), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS }
        : null,
    },
    domains: {
      bootstrapUrl: e.DOMAINS_RDAP_BOOTSTRAP_URL,
      dnsServers: e.DOMAINS_DNS_SERVERS,
      whoisServers: Object.fromEntries(
        (e.DOMAINS_WHOIS_SERVERS ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            const [tld, address] = entry.split("=") as [string, string];
            const [host, port] = address.split(":");
            return [tld.toLowerCase(), { host: host!, port: port ? Number(port) : 43 }];
          }),
      ),
      timeoutMs: e.DOMAINS_LOOKUP_TIMEOUT_MS,
      ratePerSecond: e.DOMAINS_RATE_PER_SECOND,
      rateBurst: e.DOMAINS_RATE_BURST,
      availableCacheMs: e.DOMAINS_AVAILABLE_CACHE_SECONDS * 1000,
      registeredCacheMs: e.DOMAINS_REGISTERED_CACHE_SECONDS * 1000,
    },
    vps: {
      credentialsKey: e.VPS_CREDENTIALS_KEY
        ? vpsKeyBytes(e.VPS_CREDENTIALS_KEY)!
        : // Not secret, only stable per data location, so a fresh clone and the tests run without setup.
          Buffer.from(hkdfSync("sha256", "kigalitech-development-vps-credentials", e.DATABASE_URL ?? path.resolve(e.DATA_DIR), "vps-credentials-v1", 32)),
      credentialsKeyDerived: !e.VPS_CREDENTIALS_KEY,
    },
  };
}
