import { hkdfSync } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { company } from "#content/company.ts";
import { registryProfileIds, registryProfiles, type RegistryProfileId } from "#content/registries.ts";
import { vpsLocations } from "#content/vps.ts";

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
  /** Where the public reaches this site; every absolute URL the server makes starts with it. */
  PUBLIC_URL: urlWithProtocol(["http", "https"]).optional(),
  SMTP_URL: urlWithProtocol(["smtp", "smtps"]).optional(),
  MAIL_FROM: z
    .string()
    .min(3)
    .default(`"${company.name}" <no-reply@${new URL(company.website.url).hostname.replace(/^www\./, "")}>`),
  CONTACT_NOTIFY_TO: z.email().default(company.email),
  STATIC_DIR: z.string().min(1).default("./build/client"),
  /** "false", a hop count ("1"), or the proxies' addresses and CIDRs ("127.0.0.1,10.0.0.0/8"). */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "string") {
        context.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** "false" when migrations run as their own step (npm run db:migrate, kts-migrate.service). */
  MIGRATE_ON_START: booleanFlag.default(true),
  /** Prometheus metrics on their own port, bound to 127.0.0.1 only. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Or on the public port at /metrics, for this bearer token only. */
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters (openssl rand -hex 24)").optional(),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,40}$/, "3-40 letters, digits, dots, dashes or underscores")
    .optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** Admins (whose powers include payouts) must sign in with a second factor (TOTP); "false" only for development. */
  REQUIRE_ADMIN_TOTP: booleanFlag.default(true),
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
  /** Chat streams one client address may hold open at once (tabs, and people behind one office or carrier NAT). */
  CHAT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(20),
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
    .transform((value) =>
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (servers) => servers.every((s) => /^[0-9a-f.:[\]]+$/i.test(s)),
      "must be IP addresses, optionally with :port",
    ),
  /** WHOIS hosts for TLDs without RDAP, overriding content/domains.ts: "ug=whois.co.ug:43,co.ug=...". */
  DOMAINS_WHOIS_SERVERS: z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+=[a-z0-9.-]+(:\d{1,5})?\s*(,\s*[a-z0-9.-]+=[a-z0-9.-]+(:\d{1,5})?\s*)*$/i,
      'must look like "ug=whois.co.ug:43"',
    )
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
    .refine(
      (value) => vpsKeyBytes(value) !== null,
      "must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)",
    )
    .optional(),
  /** Per call to a Proxmox VE cluster; a slower answer is "outcome unknown", retried later. */
  PROXMOX_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** How long a clone, start or delete task may run before the build is retried later. */
  PROXMOX_TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How long a new server has to report its address through the QEMU guest agent. */
  PROXMOX_ADDRESS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** How often each instance looks for servers due to be built (first tries lost to a restart, retries). */
  VPS_PROVISION_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  /** Days a suspended or cancelled server's disk is kept before staff are asked to delete it. */
  VPS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How long connecting, logging in and each EPP command may take before the registry counts as unreachable. */
  EPP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
  /** An idle EPP session is sent a <hello> this often, so registries do not drop it. */
  EPP_KEEPALIVE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** A registration the registry cannot take now (maintenance, down) is retried with backoff for this long, then handed to staff. */
  EPP_RETRY_FOR_HOURS: z.coerce.number().min(0.01).max(720).default(48),
  /** How often each EPP server's poll queue is read (and acknowledged). */
  EPP_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  ...eppServerVariables(),
});

/** Who may tell us the client's address: nobody, the nearest N hops, or proxies at these addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Every setting the server reads by name (the README's table and .env.example list each one). */
export const settingNames = Object.keys(EnvSchema.shape);

const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

function parseTrustProxy(value: string): TrustProxy | string {
  if (/^(false|no|off|0)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) {
    return (
      'must say whom to trust: the number of proxies in front of the server ("1") or their addresses ' +
      '("127.0.0.1"); "true" would let any client choose its own address'
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { hops } : "a hop count must be between 0 and 10";
  }
  const addresses = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = addresses.filter((item) => !NAMED_RANGES.includes(item) && !isAddressOrCidr(item));
  if (addresses.length === 0 || bad.length > 0) {
    return `must be false, a hop count, or IP addresses/CIDRs (or loopback, linklocal, uniquelocal); not ${bad.join(", ") || "empty"}`;
  }
  return { addresses };
}

function isAddressOrCidr(value: string): boolean {
  if (value.includes("/")) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
}

/** Names and addresses nobody outside can reach or own (RFC 6761, RFC 2606, RFC 8375) are not a public site. */
const SPECIAL_USE_SUFFIXES = ["localhost", "test", "example", "invalid", "local", "internal", "home.arpa"];

export function isPublicUrl(url: string): boolean {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (ipaddr.isValid(hostname)) {
    const address = ipaddr.process(hostname);
    return address.range() === "unicast";
  }
  return !SPECIAL_USE_SUFFIXES.some((suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`));
}

/** One location's Proxmox VE cluster: PROXMOX_<LOCATION>_URL and friends (location ids from content/vps.ts). */
const ProxmoxClusterSchema = z.object({
  URL: urlWithProtocol(["https"]),
  TOKEN: z
    .string()
    .trim()
    .regex(/^[^\s@!=]+@[^\s@!=]+![A-Za-z][A-Za-z0-9._-]*=\S+$/, 'must be an API token "USER@REALM!TOKENID=SECRET"'),
  NODES: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((node) => node.trim())
        .filter(Boolean),
    )
    .refine(
      (nodes) => nodes.length > 0 && nodes.every((node) => /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(node)),
      "must list the cluster's node names, comma-separated",
    ),
  STORAGE: z
    .string()
    .regex(/^[a-z][a-z0-9._-]*$/i, "must be a storage id")
    .optional(),
  POOL: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, "must be a pool id")
    .optional(),
  FINGERPRINT: z
    .string()
    .regex(/^([0-9a-f]{2}:){31}[0-9a-f]{2}$/i, "must be a SHA-256 fingerprint (AA:BB:...:FF)")
    .optional(),
  CA_FILE: z.string().min(1).optional(),
});

export interface ProxmoxClusterConfig {
  locationId: string;
  url: string;
  token: string;
  nodes: string[];
  storage: string | undefined;
  pool: string | undefined;
  fingerprint: string | undefined;
  /** PEM of the cluster's certificate authority (PROXMOX_<LOCATION>_CA_FILE). */
  ca: string | undefined;
}

/** The PROXMOX_<LOCATION>_* variables: a cluster for each location that has a URL, and every mistake. */
function proxmoxClusters(present: Record<string, string | undefined>): {
  clusters: ProxmoxClusterConfig[];
  problems: string[];
} {
  const problems: string[] = [];
  const clusters: ProxmoxClusterConfig[] = [];
  const prefixes = new Map(
    vpsLocations.map((location) => [`PROXMOX_${location.id.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`, location.id]),
  );
  const global = new Set(["PROXMOX_TIMEOUT_MS", "PROXMOX_TASK_TIMEOUT_MS", "PROXMOX_ADDRESS_TIMEOUT_MS"]);
  for (const name of Object.keys(present)) {
    if (!name.startsWith("PROXMOX_") || global.has(name)) continue;
    const prefix = [...prefixes.keys()].find((p) => name.startsWith(p));
    const field = prefix ? name.slice(prefix.length) : "";
    if (!prefix || !(field in ProxmoxClusterSchema.shape))
      problems.push(
        `${name}: not a setting; use PROXMOX_<LOCATION>_{${Object.keys(ProxmoxClusterSchema.shape).join(",")}} ` +
          `for a location of content/vps.ts (${vpsLocations.map((l) => l.id).join(", ")})`,
      );
  }
  for (const [prefix, locationId] of prefixes) {
    const values = Object.fromEntries(
      Object.keys(ProxmoxClusterSchema.shape).flatMap((field) =>
        present[prefix + field] === undefined ? [] : [[field, present[prefix + field]]],
      ),
    );
    if (Object.keys(values).length === 0) continue;
    const parsed = ProxmoxClusterSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${prefix}${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    let ca: string | undefined;
    if (parsed.data.CA_FILE) {
      try {
        ca = readFileSync(parsed.data.CA_FILE, "utf8");
        if (!ca.includes("-----BEGIN CERTIFICATE-----")) throw new Error("no PEM certificate in it");
      } catch (error) {
        problems.push(
          `${prefix}CA_FILE: cannot read a certificate from ${parsed.data.CA_FILE} (${(error as Error).message})`,
        );
        continue;
      }
    }
    clusters.push({
      locationId,
      url: parsed.data.URL.replace(/\/+$/, ""),
      token: parsed.data.TOKEN,
      nodes: parsed.data.NODES,
      storage: parsed.data.STORAGE,
      pool: parsed.data.POOL,
      fingerprint: parsed.data.FINGERPRINT,
      ca,
    });
  }
  return { clusters, problems };
}

/** EPP_<PROFILE>_* for each registry profile in content/registries.ts. */
function eppServerVariables() {
  const shape: Record<string, z.ZodType> = {};
  for (const id of registryProfileIds) {
    const prefix = `EPP_${id.toUpperCase()}_`;
    shape[`${prefix}SERVER`] = z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'must be "host" or "host:port" (EPP\'s port is 700)')
      .optional();
    shape[`${prefix}USERNAME`] = z.string().trim().min(3).max(16, "EPP client ids are 3-16 characters").optional();
    shape[`${prefix}PASSWORD`] = z.string().min(6).max(16, "EPP passwords are 6-16 characters").optional();
    shape[`${prefix}TLS_CA`] = z.string().min(1).optional();
    shape[`${prefix}TLS_CERT`] = z.string().min(1).optional();
    shape[`${prefix}TLS_KEY`] = z.string().min(1).optional();
    shape[`${prefix}SESSIONS`] = z.coerce.number().int().min(1).max(20).default(2);
    shape[`${prefix}TLDS`] = z
      .string()
      .regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, "a comma-separated list of TLDs")
      .optional();
  }
  return shape;
}

/** One EPP server we register names through. */
export interface EppServerConfig {
  id: RegistryProfileId;
  name: string;
  tlds: string[];
  host: string;
  port: number;
  username: string;
  password: string;
  ca: string | undefined;
  cert: string | undefined;
  key: string | undefined;
  sessions: number;
}

function eppServers(env: Record<string, unknown>, problems: string[]): EppServerConfig[] {
  const servers: EppServerConfig[] = [];
  const pem = (name: string): string | undefined => {
    const file = env[name] as string | undefined;
    if (!file) return undefined;
    try {
      return readFileSync(file, "utf8");
    } catch {
      problems.push(`${name}: cannot read ${file}`);
      return undefined;
    }
  };
  for (const id of registryProfileIds) {
    const prefix = `EPP_${id.toUpperCase()}_`;
    const server = env[`${prefix}SERVER`] as string | undefined;
    const username = env[`${prefix}USERNAME`] as string | undefined;
    const password = env[`${prefix}PASSWORD`] as string | undefined;
    if (!server && !username && !password) continue;
    if (!server || !username || !password) {
      problems.push(`${prefix}SERVER, ${prefix}USERNAME and ${prefix}PASSWORD: set all three or none`);
      continue;
    }
    if (Boolean(env[`${prefix}TLS_CERT`]) !== Boolean(env[`${prefix}TLS_KEY`]))
      problems.push(`${prefix}TLS_CERT and ${prefix}TLS_KEY: set both or neither`);
    const [host, port] = server.split(":");
    const tlds = env[`${prefix}TLDS`] as string | undefined;
    servers.push({
      id,
      name: registryProfiles[id].name,
      tlds: tlds ? tlds.split(",").map((t) => t.trim().toLowerCase()) : [...registryProfiles[id].tlds],
      host: host!,
      port: port ? Number(port) : 700,
      username,
      password,
      ca: pem(`${prefix}TLS_CA`),
      cert: pem(`${prefix}TLS_CERT`),
      key: pem(`${prefix}TLS_KEY`),
      sessions: env[`${prefix}SESSIONS`] as number,
    });
  }
  return servers;
}

function vpsKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, "base64")
      : null;
  return bytes?.length === 32 ? bytes : null;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Origin (and optional path) every absolute URL starts with: return URLs, email links, sitemap. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactNotifyTo: string;
  staticDir: string;
  /** false, or whom to believe about the client's address and protocol (X-Forwarded-For/-Proto). */
  trustProxy: TrustProxy;
  logLevel: string;
  outboxIntervalMs: number;
  shutdownTimeoutMs: number;
  /** How long a client may take to send a request's headers and body (a half-sent request is cut). */
  requestTimeoutMs: number;
  /** Apply pending migrations at start (true) or refuse to start until npm run db:migrate has (false). */
  migrateOnStart: boolean;
  /** Prometheus metrics: a loopback-only port, and/or a bearer token for /metrics on the public port. */
  metrics: { port: number | undefined; token: string | undefined };
  /** The first staff account, created at start when there is none. */
  bootstrapAdmin: { username: string; password: string } | undefined;
  sessionIdleMs: number;
  /** Admins must enrol a TOTP second factor before their session reaches anything else. */
  requireAdminTotp: boolean;
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
    /** Open visitor chat streams allowed per client address (429 beyond). */
    streamsPerAddress: number;
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
  epp: {
    /** Configured EPP servers; a TLD none of them serves goes to the manual registrar. */
    servers: EppServerConfig[];
    timeoutMs: number;
    keepAliveMs: number;
    retryForMs: number;
    pollIntervalMs: number;
  };
  vps: {
    /** AES-256-GCM key for VPS login details. */
    credentialsKey: Buffer;
    /** true: derived from the data location because VPS_CREDENTIALS_KEY is unset (development, loopback). */
    credentialsKeyDerived: boolean;
    /** One Proxmox VE cluster per location that has one; none: staff build servers by hand. */
    proxmox: {
      clusters: ProxmoxClusterConfig[];
      timeoutMs: number;
      taskTimeoutMs: number;
      addressTimeoutMs: number;
    };
    provisionIntervalMs: number;
    retentionDays: number;
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
  const proxmox = proxmoxClusters(present);
  if (proxmox.problems.length) throw new ConfigError(proxmox.problems);
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(["ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither"]);
  }
  if (e.ANALYSIS_ALLOW_LOOPBACK && e.NODE_ENV === "production") {
    throw new ConfigError([
      "ANALYSIS_ALLOW_LOOPBACK: must not be on in production (it lets strangers make the server fetch loopback addresses)",
    ]);
  }
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new ConfigError(["LLM_MODEL: required when LLM_BASE_URL is set"]);
  }
  // A server strangers can reach: bound to a public interface, or behind a proxy that forwards to it.
  const loopbackOnly = ["127.0.0.1", "localhost", "::1"].includes(e.HOST) && e.TRUST_PROXY === false;
  const problems: string[] = [];
  // Return URLs and email links come from here, never from the Host header a client sends.
  if (e.NODE_ENV === "production" && !loopbackOnly) {
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production on a public address (https://www.example.rw)");
    else if (!e.PUBLIC_URL.startsWith("https://"))
      problems.push("PUBLIC_URL: must start with https:// in production on a public address");
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  // Test mode where strangers can pay would take fake payments: only when asked for.
  if (!e.PAWAPAY_API_TOKEN && !e.PAYMENTS_TEST_MODE) {
    if (isPublicUrl(publicUrl))
      problems.push(
        `PAWAPAY_API_TOKEN: required when PUBLIC_URL is a public address (${new URL(publicUrl).host}); ` +
          "set PAYMENTS_TEST_MODE=true to take test payments there on purpose",
      );
    else if (e.NODE_ENV === "production" && !loopbackOnly)
      problems.push(
        "PAWAPAY_API_TOKEN: required in production on a public address (or set PAYMENTS_TEST_MODE=true to take test payments on purpose)",
      );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // Server passwords must not be readable with a key anyone can derive: a public server needs its own.
  if (e.NODE_ENV === "production" && !e.VPS_CREDENTIALS_KEY && !loopbackOnly) {
    throw new ConfigError([
      "VPS_CREDENTIALS_KEY: required in production on a public address (32 random bytes: openssl rand -base64 32)",
    ]);
  }
  const eppProblems: string[] = [];
  const servers = eppServers(e as Record<string, unknown>, eppProblems);
  if (eppProblems.length) throw new ConfigError(eppProblems);
  const chromePath =
    e.CHROME_PATH === undefined
      ? existsSync("/usr/bin/chromium")
        ? "/usr/bin/chromium"
        : null
      : /^(off|none|false)$/i.test(e.CHROME_PATH)
        ? null
        : e.CHROME_PATH;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactNotifyTo: e.CONTACT_NOTIFY_TO,
    staticDir: path.resolve(e.STATIC_DIR),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    migrateOnStart: e.MIGRATE_ON_START,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    bootstrapAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    requireAdminTotp: e.REQUIRE_ADMIN_TOTP,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    payments: {
      pawapay: e.PAWAPAY_API_TOKEN
        ? {
            baseUrl: e.PAWAPAY_BASE_URL.replace(/\/+$/, ""),
            token: e.PAWAPAY_API_TOKEN,
            timeoutMs: e.PAWAPAY_TIMEOUT_MS,
          }
        : null,
      reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
    },
    chromePath,
    analysisAllowLoopback: e.ANALYSIS_ALLOW_LOOPBACK,
    analysisCacheSeconds: e.ANALYSIS_CACHE_SECONDS,
    analysisRetentionDays: e.ANALYSIS_RETENTION_DAYS,
    chat: {
      agentWaitMs: e.CHAT_AGENT_WAIT_SECONDS * 1000,
      hours: e.CHAT_HOURS,
      streamsPerAddress: e.CHAT_STREAMS_PER_ADDRESS,
      llm:
        e.LLM_BASE_URL && e.LLM_MODEL
          ? {
              baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ""),
              apiKey: e.LLM_API_KEY,
              model: e.LLM_MODEL,
              timeoutMs: e.LLM_TIMEOUT_MS,
            }
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
    epp: {
      servers,
      timeoutMs: e.EPP_TIMEOUT_MS,
      keepAliveMs: e.EPP_KEEPALIVE_SECONDS * 1000,
      retryForMs: e.EPP_RETRY_FOR_HOURS * 3_600_000,
      pollIntervalMs: e.EPP_POLL_INTERVAL_SECONDS * 1000,
    },
    vps: {
      credentialsKey: e.VPS_CREDENTIALS_KEY
        ? vpsKeyBytes(e.VPS_CREDENTIALS_KEY)!
        : // Not secret, only stable per data location, so a fresh clone and the tests run without setup.
          Buffer.from(
            hkdfSync(
              "sha256",
              "kigalitech-development-vps-credentials",
              e.DATABASE_URL ?? path.resolve(e.DATA_DIR),
              "vps-credentials-v1",
              32,
            ),
          ),
      credentialsKeyDerived: !e.VPS_CREDENTIALS_KEY,
      proxmox: {
        clusters: proxmox.clusters,
        timeoutMs: e.PROXMOX_TIMEOUT_MS,
        taskTimeoutMs: e.PROXMOX_TASK_TIMEOUT_MS,
        addressTimeoutMs: e.PROXMOX_ADDRESS_TIMEOUT_MS,
      },
      provisionIntervalMs: e.VPS_PROVISION_INTERVAL_MS,
      retentionDays: e.VPS_RETENTION_DAYS,
    },
  };
}
