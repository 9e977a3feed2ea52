import { parseItem, Token } from "structured-headers";
import { parse as parseDomain } from "tldts";
import { parsePage } from "./html.ts";

/**
 * The MDN HTTP Observatory's twelve tests and its grade, as its analyser decides them
 * (github.com/mdn/mdn-http-observatory, algorithm version 6). Written here from its published rules and
 * held to its own test cases (tests/references/observatory/cases.json, observatory-reference.test.ts):
 * every result, every pass and every grade agree. What a result means to a visitor is said elsewhere
 * (security-analysis.ts); this file only decides results.
 */

/** One HTTP response as the Observatory sees it: status, whether its certificate verified, raw headers. */
export interface ObservedResponse {
  status: number;
  verified: boolean;
  /** Every header line in the order received; a header sent twice appears twice. */
  headers: Array<[string, string]>;
}

export interface ObservatoryInput {
  /** The host name scanned. */
  site: string;
  /** The URL the scan settled on (its scheme decides what counts as insecure). */
  url: string;
  /** The body of the page when it is HTML (meta policies and scripts are read from it). */
  html: string;
  /** The page as fetched, after redirects. */
  auto: ObservedResponse | null;
  /** http:// of the site after redirects; null when nothing answered on http. */
  http: ObservedResponse | null;
  /** https:// of the site after redirects; null when nothing answered on https. */
  https: ObservedResponse | null;
  /** The page fetched again with a foreign Origin. */
  cors: (ObservedResponse & { requestOrigin: string | null }) | null;
  /** Every URL the http:// request went through, the first one included. */
  httpRedirects: Array<{ url: string; status: number }>;
  /** The cookies kept over the scan, one Set-Cookie line each. */
  cookieJar: string[];
  /** Hosts known to be on the browsers' HSTS preload list (covered by it, subdomains included). */
  hstsPreloaded: string[];
}

export type ObservatoryTestName =
  | "content-security-policy"
  | "cookies"
  | "cross-origin-embedder-policy"
  | "cross-origin-opener-policy"
  | "cross-origin-resource-sharing"
  | "redirection"
  | "referrer-policy"
  | "strict-transport-security"
  | "subresource-integrity"
  | "x-content-type-options"
  | "x-frame-options"
  | "cross-origin-resource-policy";

export interface ObservatoryOutcome {
  result: string;
  pass: boolean;
  modifier: number;
  /** Facts a description may quote (the header value, the cookie names, ...). */
  data: Record<string, string | number | string[] | null>;
}

/** The score each result carries (the Observatory's SCORE_TABLE). */
export const SCORE_MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,
  "csp-implemented-but-duplicate-directives": 0,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-anticsrf-without-samesite-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-all-redirects-preloaded": 0,
  "redirection-to-https": 0,
  "redirection-not-needed-no-http": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "redirection-invalid-cert": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-preloaded": 5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "hsts-invalid-cert": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 5,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-header-invalid": -5,
  "corp-implemented-with-cross-origin": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-not-implemented": 0,
  "coep-implemented-with-require-corp": 10,
  "coep-implemented-with-credentialless": 10,
  "coep-implemented-with-unsafe-none": 0,
  "coep-not-implemented": 0,
  "coep-header-invalid": -5,
  "coop-implemented-with-same-origin": 10,
  "coop-implemented-with-same-origin-allow-popups": 10,
  "coop-implemented-with-noopener-allow-popups": 10,
  "coop-implemented-with-unsafe-none": 0,
  "coop-not-implemented": 0,
  "coop-header-invalid": -5,
  "html-not-parseable": -20,
};

function outcome(result: string, pass: boolean, data: ObservatoryOutcome["data"] = {}): ObservatoryOutcome {
  return { result, pass, modifier: SCORE_MODIFIERS[result] ?? 0, data };
}

function headers(response: ObservedResponse | null, name: string): string[] {
  if (!response) return [];
  const lower = name.toLowerCase();
  return response.headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
}

const first = (response: ObservedResponse | null, name: string): string | null => headers(response, name)[0] ?? null;

/** What a page's meta elements say: CSP policies (http-equiv) and the last referrer policy (name). */
function metaPolicies(html: string): { csp: string[]; referrer: string[] } {
  const csp: string[] = [];
  let referrer: string[] = [];
  for (const meta of parsePage(html).all("meta")) {
    const attribs = meta.attribs;
    if ("http-equiv" in attribs && "content" in attribs) {
      if (attribs["http-equiv"]!.toLowerCase().trim() === "content-security-policy" && attribs.content)
        csp.push(attribs.content);
    } else if (attribs.name?.toLowerCase().trim() === "referrer" && attribs.content) {
      referrer = [attribs.content];
    }
  }
  return { csp, referrer };
}

// ---- CSP -----------------------------------------------------------------------------------

export type CspMap = Map<string, Set<string>>;
const DUPLICATE_WARNINGS = "\u0000duplicates";
const DISALLOWED_IN_META = ["frame-ancestors", "report-uri", "sandbox"];
const ALLOWED_DUPLICATES = new Set(["report-uri", "report-to"]);
const collator = new Intl.Collator("en").compare;

export class CspParseError extends Error {}

function pathPartMatch(a: string, b: string): boolean {
  if (a.length === 0) return true;
  if (a === "/" && b.length === 0) return true;
  const exact = !a.endsWith("/");
  const listA = a.split("/");
  const listB = b.split("/");
  if (listA.length > listB.length) return false;
  if (exact && listA.length !== listB.length) return false;
  if (!exact) listA.pop();
  return listA.every((piece, i) => {
    try {
      return decodeURIComponent(piece) === decodeURIComponent(listB[i]!);
    } catch {
      return piece === listB[i];
    }
  });
}

/**
 * Several policies as one (the Observatory's intersection): a source counts only when every policy
 * allows it. A directive twice in one policy makes it invalid (report-uri and report-to only warn), an
 * empty source list means 'none', and a policy shorter than any directive cannot be one.
 */
export function parseCspPolicies(list: string[]): CspMap {
  const clean = list.map((s) => s.replace(/[\r\n]/g, "").trim());
  if (clean.length === 0) return new Map();
  for (const policy of clean) if (policy.length < "img-src".length - 1) throw new CspParseError(policy);
  type Entry = { source: string; index: number; keep: boolean };
  const csp = new Map<string, Entry[]>();
  const warnings = new Set<string>();
  clean.forEach((policy, policyIndex) => {
    const seen = new Set<string>();
    for (const [name, ...values] of policy.split(";").map((entry) => entry.trim().split(/\s+/))) {
      if (!name) continue;
      const directive = name.toLowerCase();
      if (seen.has(directive)) {
        if (ALLOWED_DUPLICATES.has(directive)) warnings.add(directive);
        else throw new CspParseError(`duplicate ${directive}`);
      } else seen.add(directive);
      const keep = policyIndex === 0;
      const entries: Entry[] = values.map((raw) => ({ source: raw.trim().toLowerCase(), index: policyIndex, keep }));
      if (values.length === 0 && directive.endsWith("-src"))
        entries.push({ source: "'none'", index: policyIndex, keep });
      const combined = policyIndex === 0 ? [...entries] : [...(csp.get(directive) ?? []), ...entries];
      combined.sort((x, y) => collator(x.source, y.source));
      for (let i = 1; i < combined.length; i++) {
        const source = combined[i]!;
        const prev = combined[i - 1]!;
        if (source.index === prev.index && source.source.startsWith(prev.source)) source.keep = false;
        if (source.index !== prev.index && pathPartMatch(prev.source, source.source)) source.keep = true;
      }
      csp.set(
        directive,
        combined.filter((s) => s.keep),
      );
      if (policyIndex === 0 && list.length > 1) for (const s of csp.get(directive)!) s.keep = false;
    }
  });
  const result: CspMap = new Map(
    [...csp].map(([directive, sources]) => [
      directive,
      sources.length ? new Set(sources.map((s) => s.source)) : new Set(["'none'"]),
    ]),
  );
  if (warnings.size) result.set(DUPLICATE_WARNINGS, warnings);
  return result;
}

const DANGEROUSLY_BROAD = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, "'unsafe-inline'", "data:"]);
const PASSIVE = ["img-src", "media-src"];
const hasNonceOrHash = (sources: Iterable<string>) =>
  [...sources].some((s) => ["'sha256-", "'sha384-", "'sha512-", "'nonce-"].some((p) => s.startsWith(p)));

function splitPolicies(values: string[]): string[] {
  return values.flatMap((v) => v.split(",").map((s) => s.trim()));
}

interface CspOutcome extends ObservatoryOutcome {
  /** The directives of the combined policy, when it was analysed to the end. */
  directives: CspMap | null;
}

export function cspTest(input: ObservatoryInput): CspOutcome {
  const done = (result: string, pass = false, directives: CspMap | null = null): CspOutcome => ({
    ...outcome(result, pass),
    directives,
  });
  const response = input.auto;
  if (!response) return done("csp-not-implemented");
  const httpPolicies = splitPolicies(headers(response, "content-security-policy"));
  const metaList = splitPolicies(metaPolicies(input.html).csp);
  let csp: CspMap;
  try {
    csp = parseCspPolicies([...httpPolicies, ...metaList]);
  } catch {
    return done("csp-header-invalid");
  }
  const quietly = (parse: () => CspMap) => {
    try {
      return parse();
    } catch {
      return new Map() as CspMap;
    }
  };
  const headerOnly = quietly(() => parseCspPolicies(httpPolicies));
  const meta = quietly(() => {
    const parsed = parseCspPolicies(metaList);
    for (const directive of DISALLOWED_IN_META) parsed.delete(directive);
    return parsed;
  });
  if (headerOnly.size + meta.size === 0) {
    return done(
      first(response, "content-security-policy-report-only")
        ? "csp-not-implemented-but-reporting-enabled"
        : "csp-not-implemented",
    );
  }
  let result: string | null = null;
  const set = (r: string) => {
    if (result === null) result = r;
  };
  const objectSrc = csp.get("object-src") ?? csp.get("default-src") ?? new Set(["*"]);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? new Set(["*"]);
  const styleSrc = csp.get("style-src") ?? csp.get("default-src") ?? new Set(["*"]);
  // A nonce or a hash makes browsers ignore 'unsafe-inline' (the sets are shared, as in the Observatory).
  for (const list of [scriptSrc, styleSrc]) if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of [...scriptSrc]) {
      if (
        [...DANGEROUSLY_BROAD].some((b) => source.startsWith(b)) ||
        source === "'self'" ||
        source === "'unsafe-inline'"
      )
        scriptSrc.delete(source);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) set("csp-header-invalid");
  const active = [...csp]
    .filter(
      ([directive]) => !PASSIVE.includes(directive) && directive !== "script-src" && directive !== DUPLICATE_WARNINGS,
    )
    .flatMap(([, sources]) => [...sources]);
  active.push(...scriptSrc);
  const passive = PASSIVE.flatMap((d) => [...(csp.get(d) ?? csp.get("default-src") ?? [])]);
  const https = new URL(input.url).protocol === "https:";
  const insecure = (s: string) => s.startsWith("http:") || s.startsWith("ftp:");
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s)))
    set("csp-implemented-with-unsafe-inline");
  if (https && active.some(insecure)) set("csp-implemented-with-insecure-scheme");
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) set("csp-implemented-with-unsafe-eval");
  if (https && passive.some(insecure)) set("csp-implemented-with-insecure-scheme-in-passive-content-only");
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) set("csp-implemented-with-unsafe-inline-in-style-src-only");
  const defaultSrc = csp.get("default-src");
  set(
    defaultSrc?.has("'none'") && defaultSrc.size === 1
      ? "csp-implemented-with-no-unsafe-default-src-none"
      : "csp-implemented-with-no-unsafe",
  );
  let final: string = result!;
  const pass = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ].includes(final);
  if (pass && csp.has(DUPLICATE_WARNINGS)) final = "csp-implemented-but-duplicate-directives";
  const directives = new Map([...csp].filter(([d]) => d !== DUPLICATE_WARNINGS));
  return done(final, pass, directives);
}

// ---- Cookies -------------------------------------------------------------------------------

interface JarCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: "strict" | "lax" | "none" | null;
}

/** A Set-Cookie line as a cookie store keeps it (an unknown SameSite value is dropped). */
export function parseCookie(line: string): JarCookie {
  const [pair, ...attributes] = line.split(";");
  const eq = (pair ?? "").indexOf("=");
  const cookie: JarCookie = {
    name: (eq >= 0 ? pair!.slice(0, eq) : "").trim(),
    secure: false,
    httpOnly: false,
    sameSite: null,
  };
  for (const attribute of attributes) {
    const at = attribute.indexOf("=");
    const key = (at >= 0 ? attribute.slice(0, at) : attribute).trim().toLowerCase();
    const value =
      at >= 0
        ? attribute
            .slice(at + 1)
            .trim()
            .toLowerCase()
        : "";
    if (key === "secure") cookie.secure = true;
    else if (key === "httponly") cookie.httpOnly = true;
    else if (key === "samesite")
      cookie.sameSite = value === "strict" || value === "lax" || value === "none" ? value : null;
  }
  return cookie;
}

/** A SameSite attribute that is empty or not Strict, Lax or None, on the line as sent. */
export function hasInvalidSameSite(line: string): boolean {
  return line
    .trim()
    .split(";")
    .some((part) => {
      const [key, value] = part.trim().split("=");
      return (
        key?.trim().toLowerCase() === "samesite" &&
        (!value || !["lax", "strict", "none"].includes(value.trim().toLowerCase()))
      );
    });
}

const COOKIE_ORDER = [
  "cookies-without-secure-flag-but-protected-by-hsts",
  "cookies-without-secure-flag",
  "cookies-session-without-secure-flag-but-protected-by-hsts",
  "cookies-samesite-flag-invalid",
  "cookies-anticsrf-without-samesite-flag",
  "cookies-session-without-httponly-flag",
  "cookies-session-without-secure-flag",
];

export function cookiesTest(input: ObservatoryInput): ObservatoryOutcome {
  const hsts = hstsTest(input).pass;
  let result: string | null = null;
  const worse = (r: string) => {
    if (result === null || COOKIE_ORDER.indexOf(r) > COOKIE_ORDER.indexOf(result)) result = r;
  };
  const flagged = new Set<string>();
  const note = (r: string, name: string) => {
    worse(r);
    flagged.add(name);
  };
  for (const line of headers(input.auto, "set-cookie"))
    if (hasInvalidSameSite(line)) note("cookies-samesite-flag-invalid", parseCookie(line).name);
  // heroku-session-affinity is not the site's choice (mozilla/http-observatory#282).
  const cookies = input.cookieJar.map(parseCookie).filter((c) => c.name && c.name !== "heroku-session-affinity");
  if (cookies.length === 0) return outcome("cookies-not-found", true);
  let missingSameSite = false;
  for (const cookie of cookies) {
    const lower = cookie.name.toLowerCase();
    const session = lower.includes("login") || lower.includes("sess");
    if (!cookie.secure && cookie.sameSite === "none") note("cookies-samesite-flag-invalid", cookie.name);
    if (!cookie.secure)
      note(hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag", cookie.name);
    if (lower.includes("csrf") && !cookie.sameSite) note("cookies-anticsrf-without-samesite-flag", cookie.name);
    if (session && !cookie.secure)
      note(
        hsts ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag",
        cookie.name,
      );
    if (session && !cookie.httpOnly) note("cookies-session-without-httponly-flag", cookie.name);
    if (!cookie.sameSite) missingSameSite = true;
  }
  const final: string =
    result ??
    (missingSameSite ? "cookies-secure-with-httponly-sessions" : "cookies-secure-with-httponly-sessions-and-samesite");
  return outcome(
    final,
    [
      "cookies-not-found",
      "cookies-secure-with-httponly-sessions-and-samesite",
      "cookies-secure-with-httponly-sessions",
    ].includes(final),
    { names: [...flagged] },
  );
}

// ---- Cross-origin policies -----------------------------------------------------------------

/** A Structured Field Item whose bare item is a token, as browsers parse COEP and COOP; else null. */
function sfToken(value: string): string | null {
  try {
    const [bare] = parseItem(value);
    return bare instanceof Token ? bare.toString() : null;
  } catch {
    return null;
  }
}

function tokenPolicyTest(
  input: ObservatoryInput,
  header: string,
  prefix: "coep" | "coop",
  values: Record<string, string>,
): ObservatoryOutcome {
  const all = headers(input.auto, header);
  if (all.length === 0) return outcome(`${prefix}-not-implemented`, true);
  const value = all[0]!.slice(0, 1024).trim();
  if (all.length > 1) return outcome(`${prefix}-header-invalid`, false, { value: all.join(", ") });
  const known = values[sfToken(value) ?? ""];
  return known ? outcome(`${prefix}-${known}`, true, { value }) : outcome(`${prefix}-header-invalid`, false, { value });
}

export const coepTest = (input: ObservatoryInput) =>
  tokenPolicyTest(input, "cross-origin-embedder-policy", "coep", {
    "require-corp": "implemented-with-require-corp",
    credentialless: "implemented-with-credentialless",
    "unsafe-none": "implemented-with-unsafe-none",
  });

export const coopTest = (input: ObservatoryInput) =>
  tokenPolicyTest(input, "cross-origin-opener-policy", "coop", {
    "same-origin": "implemented-with-same-origin",
    "same-origin-allow-popups": "implemented-with-same-origin-allow-popups",
    "noopener-allow-popups": "implemented-with-noopener-allow-popups",
    "unsafe-none": "implemented-with-unsafe-none",
  });

export function corpTest(input: ObservatoryInput): ObservatoryOutcome {
  const value = headers(input.auto, "cross-origin-resource-policy").join(", ").slice(0, 256).trim().toLowerCase();
  if (!input.auto || !value) return outcome("corp-not-implemented", true);
  const known: Record<string, string> = {
    "same-site": "corp-implemented-with-same-site",
    "same-origin": "corp-implemented-with-same-origin",
    "cross-origin": "corp-implemented-with-cross-origin",
  };
  return known[value] ? outcome(known[value], true, { value }) : outcome("corp-header-invalid", false, { value });
}

export function corsTest(input: ObservatoryInput): ObservatoryOutcome {
  const probe = input.cors;
  const allow = first(probe, "access-control-allow-origin");
  if (!probe || !allow) return outcome("cross-origin-resource-sharing-not-implemented", true);
  const data = allow.slice(0, 256).trim().toLowerCase();
  if (data === "*")
    return outcome("cross-origin-resource-sharing-implemented-with-public-access", true, { value: data });
  const credentials = first(probe, "access-control-allow-credentials");
  if (probe.requestOrigin && probe.requestOrigin === allow && credentials?.toLowerCase().trim() === "true")
    return outcome("cross-origin-resource-sharing-implemented-with-universal-access", false, { value: data });
  return outcome("cross-origin-resource-sharing-implemented-with-restricted-access", true, { value: data });
}

// ---- Transport -----------------------------------------------------------------------------

const preloaded = (input: ObservatoryInput, host: string) => input.hstsPreloaded.includes(host.toLowerCase());

export function redirectionTest(input: ObservatoryInput): ObservatoryOutcome {
  const response = input.http;
  if (!response) return outcome("redirection-not-needed-no-http", true);
  if (!response.verified) return outcome("redirection-invalid-cert", false);
  const route = input.httpRedirects.map((r) => new URL(r.url));
  const data = { route: route.map((u) => u.href) };
  const decide = (): string => {
    if (route.every((u) => preloaded(input, u.hostname))) return "redirection-all-redirects-preloaded";
    if (route.length === 1) return "redirection-missing";
    if (route.at(-1)?.protocol !== "https:") return "redirection-not-to-https";
    if (route[1]?.protocol === "http:") return "redirection-not-to-https-on-initial-redirection";
    if (route[0]?.protocol === "http:" && route[1]?.protocol === "https:" && route[0].hostname !== route[1].hostname)
      return "redirection-off-host-from-http";
    return "redirection-to-https";
  };
  const result = decide();
  return outcome(
    result,
    ["redirection-not-needed-no-http", "redirection-all-redirects-preloaded", "redirection-to-https"].includes(result),
    data,
  );
}

/** "15768000 is six months, but a lot of sites use 15552000, so a white lie is in order." */
export const HSTS_SIX_MONTHS = 15_552_000;

export function hstsTest(input: ObservatoryInput): ObservatoryOutcome & { maxAge: number | null; preload: boolean } {
  const response = input.https;
  let result = "hsts-not-implemented";
  let maxAge: number | null = null;
  let preload = false;
  let value: string | null = null;
  if (!response) result = "hsts-not-implemented-no-https";
  else if (!response.verified) result = "hsts-invalid-cert";
  else if (headers(response, "strict-transport-security").length > 0) {
    value = headers(response, "strict-transport-security")[0]!.slice(0, 1024);
    for (const parameter of value.split(";").map((p) => p.trim().toLowerCase())) {
      if (parameter.startsWith("max-age=")) maxAge = Number.parseInt(parameter.slice(8, 128), 10);
      else if (parameter === "preload") preload = true;
    }
    // Sent twice (joined by a comma), or without max-age: not a policy browsers can apply.
    if (value.includes(",") || maxAge === null) result = "hsts-header-invalid";
    else
      result =
        maxAge < HSTS_SIX_MONTHS
          ? "hsts-implemented-max-age-less-than-six-months"
          : "hsts-implemented-max-age-at-least-six-months";
  }
  if (response && preloaded(input, input.site)) result = "hsts-preloaded";
  const pass = result === "hsts-implemented-max-age-at-least-six-months" || result === "hsts-preloaded";
  return { ...outcome(result, pass, { value, maxAge }), maxAge: Number.isNaN(maxAge) ? null : maxAge, preload };
}

export function referrerTest(input: ObservatoryInput): ObservatoryOutcome {
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  if (!input.auto) return outcome("referrer-policy-not-implemented", false);
  const values = [...headers(input.auto, "referrer-policy"), ...metaPolicies(input.html).referrer];
  if (values.length === 0) return outcome("referrer-policy-not-implemented", true);
  // The meta element comes last, so it wins when header and meta disagree, as in browsers.
  const value = values.join(", ");
  const policy =
    value
      .split(",")
      .filter((e) => good.includes(e.toLowerCase().trim()) || bad.includes(e.toLowerCase().trim()))
      .reverse()[0]
      ?.toLowerCase()
      .trim() ?? "";
  if (good.includes(policy)) return outcome("referrer-policy-private", true, { value: policy });
  if (bad.includes(policy)) return outcome("referrer-policy-unsafe", false, { value: policy });
  return outcome("referrer-policy-header-invalid", false, { value });
}

// ---- Content -------------------------------------------------------------------------------

const SRI_ORDER = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
  "sri-not-implemented-response-not-html",
];

export function sriTest(input: ObservatoryInput): ObservatoryOutcome {
  const passing = [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-not-implemented-response-not-html",
    "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    "sri-not-implemented-but-no-scripts-loaded",
  ];
  const done = (result: string, scripts: string[] = []) => outcome(result, passing.includes(result), { scripts });
  if (!input.auto) return done("sri-not-implemented-but-no-scripts-loaded");
  const mime = (first(input.auto, "content-type") ?? "").split(";", 1)[0];
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml")
    return done("sri-not-implemented-response-not-html");
  const scripts = parsePage(input.html).all("script");
  if (scripts.length === 0) return done("sri-not-implemented-but-no-scripts-loaded");
  const siteDomain = parseDomain(input.site).domain;
  const sessionHttps = new URL(input.url).protocol === "https:";
  let result: string | null = null;
  const worse = (r: string) => {
    if (result === null || SRI_ORDER.indexOf(r) > SRI_ORDER.indexOf(result)) result = r;
  };
  let foreign = false;
  const flagged: string[] = [];
  for (const script of scripts) {
    const src = script.attribs.src;
    if (!src) continue;
    const integrity = script.attribs.integrity || null;
    const relativeProtocol = /^(\/\/)[^/]/.test(src);
    const fullUrl = /^https?:\/\//.test(src);
    const relativeOrigin = !relativeProtocol && !fullUrl;
    // Same registrable domain counts as the site's own: cdn.example.com serves example.com.
    const sameSite = relativeProtocol || relativeOrigin || parseDomain(src).domain === siteDomain;
    const secureOrigin = relativeOrigin || (sameSite && !relativeProtocol);
    if (!secureOrigin) foreign = true;
    let scheme: string | null = null;
    if (fullUrl) {
      try {
        scheme = new URL(src).protocol;
      } catch {
        scheme = null;
      }
    }
    const secureScheme = scheme === "https:" || (relativeOrigin && sessionHttps);
    if (!secureOrigin) {
      if (integrity && !secureScheme) worse("sri-implemented-but-external-scripts-not-loaded-securely");
      else if (!integrity && secureScheme) worse("sri-not-implemented-but-external-scripts-loaded-securely");
      else if (!integrity) worse("sri-not-implemented-and-external-scripts-not-loaded-securely");
      if (!integrity || !secureScheme) flagged.push(src);
    } else if (integrity && secureScheme && result === null) {
      result = "sri-implemented-and-all-scripts-loaded-securely";
    }
  }
  return done(
    result ??
      (foreign
        ? "sri-implemented-and-external-scripts-loaded-securely"
        : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin"),
    flagged,
  );
}

export function xctoTest(input: ObservatoryInput): ObservatoryOutcome {
  const value = first(input.auto, "x-content-type-options");
  if (!input.auto || !value) return outcome("x-content-type-options-not-implemented", false);
  return value.slice(0, 256).trim().toLowerCase() === "nosniff"
    ? outcome("x-content-type-options-nosniff", true, { value })
    : outcome("x-content-type-options-header-invalid", false, { value: value.slice(0, 256) });
}

export function xfoTest(input: ObservatoryInput, csp: CspOutcome = cspTest(input)): ObservatoryOutcome {
  if (!input.auto) return outcome("x-frame-options-not-implemented", false);
  const value = first(input.auto, "x-frame-options")?.slice(0, 1024) ?? null;
  const xfo = value?.trim().toLowerCase();
  let result = !value
    ? "x-frame-options-not-implemented"
    : xfo === "deny" || xfo === "sameorigin"
      ? "x-frame-options-sameorigin-or-deny"
      : xfo!.startsWith("allow-from")
        ? "x-frame-options-allow-from-origin"
        : "x-frame-options-header-invalid";
  if (csp.directives?.has("frame-ancestors")) result = "x-frame-options-implemented-via-csp";
  return outcome(
    result,
    [
      "x-frame-options-allow-from-origin",
      "x-frame-options-sameorigin-or-deny",
      "x-frame-options-implemented-via-csp",
    ].includes(result),
    { value },
  );
}

// ---- The scan ------------------------------------------------------------------------------

export interface ObservatoryScan {
  tests: Record<ObservatoryTestName, ObservatoryOutcome>;
  score: number;
  grade: string;
}

export function observatoryGrade(score: number): string {
  const key = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  const bands: Array<[number, string]> = [
    [100, "A+"],
    [90, "A"],
    [85, "A-"],
    [80, "B+"],
    [70, "B"],
    [65, "B-"],
    [60, "C+"],
    [50, "C"],
    [45, "C-"],
    [40, "D+"],
    [30, "D"],
    [25, "D-"],
  ];
  return bands.find(([min]) => key >= min)?.[1] ?? "F";
}

/** 100 plus every modifier when the penalties alone leave 90 or more, else 100 plus the penalties; never below 0. */
export function observatoryScore(modifiers: number[]): number {
  const penalties = modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const all = modifiers.reduce((a, b) => a + b, 0);
  return Math.max(0, 100 + penalties >= 90 ? 100 + all : 100 + penalties);
}

export function runObservatory(input: ObservatoryInput): ObservatoryScan {
  const csp = cspTest(input);
  const tests: Record<ObservatoryTestName, ObservatoryOutcome> = {
    "content-security-policy": csp,
    cookies: cookiesTest(input),
    "cross-origin-embedder-policy": coepTest(input),
    "cross-origin-opener-policy": coopTest(input),
    "cross-origin-resource-sharing": corsTest(input),
    redirection: redirectionTest(input),
    "referrer-policy": referrerTest(input),
    "strict-transport-security": hstsTest(input),
    "subresource-integrity": sriTest(input),
    "x-content-type-options": xctoTest(input),
    "x-frame-options": xfoTest(input, csp),
    "cross-origin-resource-policy": corpTest(input),
  };
  const score = observatoryScore(Object.values(tests).map((t) => t.modifier));
  return { tests, score, grade: observatoryGrade(score) };
}
