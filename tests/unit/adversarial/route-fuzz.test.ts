import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { RouteEntry } from "#server/lib/route-table.ts";
import { startDnsDouble, type DnsDouble } from "../../doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../../doubles/rdap-server.ts";
import { testResolver } from "../../doubles/test-resolver.ts";
import { startWhoisDouble, type WhoisDouble } from "../../doubles/whois-server.ts";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../support/admin.ts";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

/**
 * The standing adversarial suite (issue 16): every route in the app's own route table, public
 * and staff (signed in as an admin), is sent requests built to break it: wrong types, huge and
 * empty strings, control characters, deep nesting, prototype keys, wrong content types. None
 * may answer 5xx, and a 400 about the input must name the field. Seeded, so a failure replays.
 */

/** Runs per route: well under a second each on PGlite, so the whole table stays under a minute (FUZZ_RUNS, FUZZ_SEED to explore). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 160_016);
/** A stream that opens (valid input) never finishes; this long without an answer counts as opened. */
const STREAM_WAIT_MS = 400;
/** Runs for a stream route: each one that opens waits STREAM_WAIT_MS. */
const STREAM_RUNS = 6;

// ---- What a zod schema says about its keys (field names the 400 may name). ----

interface ZodDef {
  type: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: Record<string, unknown>;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
}
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;

function keysOf(schema: unknown, depth = 0): string[] {
  const def = defOf(schema);
  if (!def || depth > 16) return [];
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return keysOf(def.innerType, depth + 1);
    case "pipe":
      return [...keysOf(def.in, depth + 1), ...keysOf(def.out, depth + 1)];
    case "lazy":
      return keysOf(def.getter?.(), depth + 1);
    case "union":
      return (def.options ?? []).flatMap((option) => keysOf(option, depth + 1));
    case "intersection":
      return [...keysOf(def.left, depth + 1), ...keysOf(def.right, depth + 1)];
    default:
      return [];
  }
}

// ---- The hostile values. ----

const CONTROL = ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\ud800", "\r\n"];
const hugeString = fc.constantFrom(70_000, 20_000, 3_000).map((n) => "a".repeat(n));
const hostileString = fc.oneof(
  fc.constant(""),
  fc.constant(" "),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 10 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "%ZZ",
    "NaN",
    "-1",
    "1e309",
    "9007199254740993",
    "chat_1700000000000",
    "00000000-0000-0000-0000-000000000000",
    "aline@example.rw",
    "https://127.0.0.1:1/",
    "xn--",
    "кириллица.рф",
    "🇷🇼",
  ),
  hugeString,
);
const scalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1e308, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
/** A JSON value, possibly nested: arrays and objects of scalars, with prototype keys among the keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor")), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** JSON text, written by hand so that "__proto__" stays an own key (JSON.stringify would drop it). */
function jsonText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

type Body = { kind: "none" } | { kind: "raw"; text: string; contentType: string };

const deepNesting = fc
  .constantFrom(64, 1_000, 20_000)
  .chain((depth) =>
    fc.constantFrom(
      "[".repeat(depth) + "]".repeat(depth),
      '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
      '{"__proto__":'.repeat(depth) + "{}" + "}".repeat(depth),
    ),
  );

/** A body for a route whose body schema names `keys`: its own keys with hostile values, extra and prototype keys. */
function bodyArbitrary(keys: string[]): fc.Arbitrary<Body> {
  const knownKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const anyKey = fc.oneof(
    { weight: 4, arbitrary: knownKey },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "", "a.b", "\u0000") },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const object = fc
    .array(fc.tuple(anyKey, hostileValue), { maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`);
  // Mostly the route's own keys, each filled with something wrong.
  const ownKeys = fc
    .tuple(...(keys.length > 0 ? keys : ["x"]).map(() => hostileValue))
    .map(
      (values) =>
        `{${(keys.length > 0 ? keys : ["x"]).map((k, i) => `${JSON.stringify(k)}:${jsonText(values[i])}`).join(",")}}`,
    );
  const json = fc.oneof(
    { weight: 4, arbitrary: ownKeys },
    { weight: 3, arbitrary: object },
    { weight: 1, arbitrary: hostileValue.map(jsonText) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "{'a':1}", "null", "[]", '{"a":1}{"b":2}', "\u0000") },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "application/json; charset=utf-16",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/json\u0000",
        "",
      ),
    },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "none" }) },
    {
      weight: 8,
      arbitrary: fc.tuple(json, contentType).map(([text, type]): Body => ({ kind: "raw", text, contentType: type })),
    },
  );
}

/** Lone surrogates as U+FFFD, as a browser sends them (they cannot be percent-encoded). */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** A query string: the route's own keys and others, repeated keys too (arrays), hostile values. */
function queryArbitrary(keys: string[]): fc.Arbitrary<string> {
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })) : fc.string({ maxLength: 6 });
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 5000),
    fc.integer().map(String),
  );
  return fc.array(fc.tuple(key, value), { maxLength: 6 }).map((pairs) =>
    pairs
      .map(([k, v]) => {
        const safe = (s: string) => encodeURIComponent(wellFormed(s));
        return `${safe(k)}=${safe(v)}`;
      })
      .join("&"),
  );
}

const paramValue = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 3000),
  fc.integer().map(String),
  fc.constantFrom("%", "%2F", "..", "%00"),
);

/** Fills each `:param` of a route's URL (and a trailing `*`). */
function urlArbitrary(url: string): fc.Arbitrary<string> {
  const parts = url.split("/");
  return fc
    .tuple(...parts.map((part) => (part.startsWith(":") || part === "*" ? paramValue : fc.constant(part))))
    .map((filled) =>
      filled
        .map((segment, i) =>
          parts[i]!.startsWith(":") || parts[i] === "*" ? encodeURIComponent(wellFormed(segment)) : segment,
        )
        .join("/"),
    );
}

/** The top-level keys a request carried (body object keys or array indexes, query keys): fields a 400 may name. */
function sentKeys(body: Body, query: string): Set<string> {
  const keys = new Set<string>();
  if (body.kind === "raw") {
    try {
      const parsed: unknown = JSON.parse(body.text);
      if (parsed && typeof parsed === "object") for (const key of Object.keys(parsed)) keys.add(key);
    } catch {
      // not JSON: nothing named from it
    }
  }
  for (const key of new URLSearchParams(query).keys()) keys.add(key);
  return keys;
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

// ---- The routes. ----

const isStream = (route: RouteEntry) => route.url.endsWith("/stream");
const needsStaff = (route: RouteEntry) =>
  (route.url.startsWith("/api/admin") || route.config?.access !== undefined) && !route.config?.access?.public;

interface Registry {
  rdap: RdapDouble;
  whois: WhoisDouble;
  dns: DnsDouble;
}

const [backend] = databaseBackends();

describe("every route, fuzzed (issue 16: the standing adversarial suite)", () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let registry: Registry;
  let adminCookie: string;
  let signInCount = 0;
  let requestCount = 0;
  const results: { route: string; staff: boolean; runs: number; ms: number; statuses: Record<number, number> }[] = [];
  const routes: RouteEntry[] = [];

  beforeAll(async () => {
    const opened = await backend!.open();
    cleanup = opened.cleanup;
    database = opened.database;
    const [rdap, whois, dns] = await Promise.all([startRdapDouble(), startWhoisDouble(), startDnsDouble()]);
    registry = { rdap, whois, dns };
    app = await testApp(opened.database, {
      env: {
        DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
        DOMAINS_DNS_SERVERS: dns.server,
        DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
        DOMAINS_LOOKUP_TIMEOUT_MS: "500",
        CHAT_HOURS: "always",
      },
      // Names resolve nowhere: the analyzer refuses every site without asking real DNS.
      analysis: { resolve: testResolver({}), lab: null, timeoutMs: 2000 },
    });
    const admin = await createStaffUser(opened.database.db, "fuzz-admin", "admin");
    adminCookie = await signIn(app, admin.username, admin.password, "10.250.0.1");
    routes.push(...app.routeTable);
  });
  afterAll(async () => {
    console.info(
      `route fuzz: ${results.length} routes, ${results.reduce((n, r) => n + r.runs, 0)} requests, seed ${SEED}; slowest:`,
      results
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6)
        .map((r) => `${r.route} ${r.ms} ms`)
        .join(", "),
    );
    await app?.close();
    await Promise.all([registry?.rdap.close(), registry?.whois.close(), registry?.dns.close()]);
    await cleanup?.();
  });

  it("finds the routes in the app's route table, staff routes among them", () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter(needsStaff).length).toBeGreaterThan(25);
  });

  /** A fresh admin session when a fuzzed request ended the one in use (sign-out, a password change). */
  async function staffHeaders(): Promise<Record<string, string>> {
    const check = await app.inject({ method: "GET", url: "/api/admin/verify", headers: asStaff(adminCookie) });
    if (check.statusCode !== 200) {
      const admin = await createStaffUser(database.db, `fuzz-admin-${++signInCount}`, "admin");
      adminCookie = await signIn(app, admin.username, admin.password, `10.250.1.${signInCount % 250}`);
    }
    return asStaff(adminCookie);
  }

  // One test per route would need the table before the app exists; a single test walks them all
  // and reports every failing route at once.
  it("answers every route's hostile requests without a 5xx, naming the field in a 400", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const bodyKeys = keysOf(schema.body);
      const queryKeys = keysOf(schema.querystring);
      const paramKeys = route.url
        .split("/")
        .filter((p) => p.startsWith(":") || p === "*")
        .map((p) => p.replace(/^:/, ""));
      const namable = new Set([...bodyKeys, ...queryKeys, ...paramKeys, "body", "query", "querystring", "params"]);
      const hasBody = !["GET", "DELETE", "OPTIONS"].includes(route.method);
      const staff = needsStaff(route);
      const statuses: Record<number, number> = {};
      const started = performance.now();
      let runs = 0;
      const request = fc.record({
        url: urlArbitrary(route.url),
        query: queryArbitrary(queryKeys),
        body: hasBody ? bodyArbitrary(bodyKeys) : fc.constant<Body>({ kind: "none" }),
      });
      const property = fc.asyncProperty(request, async ({ url, query, body }) => {
        runs += 1;
        requestCount += 1;
        const headers: Record<string, string> = staff ? await staffHeaders() : { origin: SITE_ORIGIN };
        if (body.kind === "raw") headers["content-type"] = body.contentType;
        const sent = app.inject({
          method: route.method as "GET",
          url: query ? `${url}?${query}` : url,
          headers,
          // A fresh address per request: rate limits are not what this suite is about.
          remoteAddress: `10.${1 + Math.floor(requestCount / 62_500)}.${Math.floor(requestCount / 250) % 250}.${requestCount % 250}`,
          ...(body.kind === "raw" ? { payload: body.text } : {}),
        });
        const response = isStream(route)
          ? await Promise.race([
              sent,
              new Promise<null>((resolve) => setTimeout(() => resolve(null), STREAM_WAIT_MS).unref()),
            ])
          : await sent;
        if (response === null) return; // a stream opened and stays open: no error
        const r = response as LightMyRequestResponse;
        statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
        expect(r.statusCode, `${label} → ${r.statusCode} ${r.body.slice(0, 300)}`).toBeLessThan(500);
        expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeNames);
        if (r.statusCode === 400 && route.url.startsWith("/api/")) {
          const answer = r.json<{ error: string; message: string; fields?: Record<string, string> }>();
          expect(answer.message, `${label}: a 400 says what is wrong`).toBeTruthy();
          if (answer.error !== "invalid_json") {
            const fields = Object.keys(answer.fields ?? {});
            expect(fields.length, `${label}: a 400 names the field: ${r.body.slice(0, 300)}`).toBeGreaterThan(0);
            const sent = sentKeys(body, query);
            for (const field of fields) {
              // "answers.projectType" names answers; a sent key may itself hold dots.
              const parts = field.split(".");
              const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("."));
              expect(
                prefixes.some((prefix) => namable.has(prefix) || sent.has(prefix)),
                `${label}: field "${field}" is one the route or the request has`,
              ).toBe(true);
            }
          }
        }
      });
      try {
        await fc.assert(property, { numRuns: isStream(route) ? STREAM_RUNS : RUNS, seed: SEED, endOnFailure: true });
      } catch (error) {
        // The counterexample (long values cut) and what went wrong with it.
        const lines = (error as Error).message.split("\n").map((line) => line.slice(0, 400));
        const cause = (error as Error & { cause?: Error }).cause?.message ?? "";
        failures.push(`${label}: ${lines.slice(0, 3).join("\n")}\n${cause.slice(0, 600)}`);
      }
      results.push({ route: label, staff, runs, ms: Math.round(performance.now() - started), statuses });
    }
    expect(failures).toEqual([]);
    // The signed-in admin really reached every staff route (not only the guard's 401 or 403).
    const guardedOnly = results.filter(
      (r) => r.staff && Object.keys(r.statuses).every((status) => status === "401" || status === "403"),
    );
    expect(guardedOnly.map((r) => r.route)).toEqual([]);
  }, 600_000);
});
