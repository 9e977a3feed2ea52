import { randomBytes } from "node:crypto";
import type { Check, ObservatoryTest, SecurityResult } from "../../../contracts/analysis.ts";
import { attr, type Page, resolveUrl } from "./html.ts";
import type { FetchResult, FollowResult } from "./safe-fetch.ts";

/** What the security analysis looks at: the page as fetched plus a few probes of the same host. */
export interface SecurityInput {
  follow: FollowResult;
  page: Page | null;
  /** The same URL requested with a foreign Origin (CORS reflection test). */
  corsProbe: FetchResult | null;
  /** http:// of the host when the visitor gave https://; null when it does not answer. */
  httpProbe: FollowResult | null;
  securityTxt: FetchResult | null;
}

export const CORS_PROBE_ORIGIN = () => `https://${randomBytes(6).toString("hex")}.example`;

function header(result: FetchResult, name: string): string | undefined {
  const value = result.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function setCookies(result: FetchResult): string[] {
  const value = result.headers["set-cookie"];
  return Array.isArray(value) ? value : value ? [value] : [];
}

// ---- CSP -----------------------------------------------------------------------------------

type Policy = Map<string, string[]>;

export function parseCsp(value: string): { policy: Policy; duplicates: boolean } {
  const policy: Policy = new Map();
  let duplicates = false;
  // Several headers arrive joined by commas; the first policy is the one we grade, as Observatory does.
  for (const part of value.split(",")[0]!.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (!/^[a-z-]+$/.test(directive)) continue;
    if (policy.has(directive)) {
      duplicates = true;
      continue;
    }
    policy.set(directive, sources.map((source) => source.toLowerCase()));
  }
  return { policy, duplicates };
}

const BROAD_SCRIPT_SOURCES = new Set(["*", "http:", "https:", "data:", "blob:", "'unsafe-inline'"]);

function cspTest(result: FetchResult, page: Page | null, isHttps: boolean): Omit<ObservatoryTest, "id" | "pass"> {
  const headerValue = header(result, "content-security-policy");
  const metaValue = page
    ?.all("meta")
    .find((m) => (m.attribs["http-equiv"] ?? "").toLowerCase() === "content-security-policy")?.attribs.content;
  const value = headerValue ?? metaValue;
  if (!value) {
    return header(result, "content-security-policy-report-only")
      ? { result: "csp-not-implemented-but-reporting-enabled", modifier: -25, detail: "Only Content-Security-Policy-Report-Only is set: it reports, it does not protect." }
      : { result: "csp-not-implemented", modifier: -25, detail: "No Content-Security-Policy header: nothing limits what scripts can run." };
  }
  const { policy, duplicates } = parseCsp(value);
  if (policy.size === 0) return { result: "csp-header-invalid", modifier: -25, detail: "The Content-Security-Policy header cannot be parsed." };
  const effective = (name: string) => policy.get(name) ?? policy.get("default-src");
  const script = effective("script-src");
  const object = effective("object-src");
  const style = effective("style-src") ?? [];
  const allSources = [...policy.values()].flat();
  const hasNonceOrHash = (sources: string[]) => sources.some((s) => /^'(nonce-|sha256-|sha384-|sha512-)/.test(s));
  const unsafeScript = (sources: string[] | undefined) =>
    !sources ||
    sources.some((s) => BROAD_SCRIPT_SOURCES.has(s) && !(s === "'unsafe-inline'" && hasNonceOrHash(sources))) ||
    sources.some((s) => s.startsWith("http://"));
  if (!script || !object) {
    return { result: "csp-implemented-with-unsafe-inline", modifier: -20, detail: "script-src or object-src is unrestricted (no default-src to fall back on)." };
  }
  if (unsafeScript(script) || unsafeScript(object)) {
    return {
      result: "csp-implemented-with-unsafe-inline",
      modifier: -20,
      detail: "script-src or object-src allows 'unsafe-inline', data:, or a whole scheme, so injected scripts can run.",
    };
  }
  if (allSources.some((s) => s === "http:" || s.startsWith("http://"))) {
    const insecureIn = [...policy.entries()].filter(([, sources]) => sources.some((s) => s === "http:" || s.startsWith("http://")));
    const passiveOnly = insecureIn.every(([directive]) => directive === "img-src" || directive === "media-src");
    if (!(isHttps && passiveOnly)) return { result: "csp-implemented-with-insecure-scheme", modifier: -20, detail: "The policy allows resources over plain http." };
    return { result: "csp-implemented-with-insecure-scheme-in-passive-content-only", modifier: -10, detail: "Images or media may load over plain http." };
  }
  if (allSources.includes("'unsafe-eval'")) {
    return { result: "csp-implemented-with-unsafe-eval", modifier: -10, detail: "'unsafe-eval' lets strings run as code (eval, new Function)." };
  }
  if (style.includes("'unsafe-inline'")) {
    return { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0, detail: "Only styles allow 'unsafe-inline'; scripts are restricted." };
  }
  if (duplicates) return { result: "csp-implemented-with-duplicate-directives", modifier: 0, detail: "A directive appears twice; browsers ignore the second." };
  const defaultNone = policy.get("default-src")?.length === 1 && policy.get("default-src")![0] === "'none'";
  const formAction = policy.get("form-action");
  if (defaultNone && formAction && !formAction.includes("*")) {
    return { result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10, detail: "Strict policy: default-src 'none', no unsafe sources, forms restricted." };
  }
  return { result: "csp-implemented-with-no-unsafe", modifier: 5, detail: "No 'unsafe-inline' or 'unsafe-eval'." };
}

// ---- Cookies -------------------------------------------------------------------------------

interface ParsedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

export function parseSetCookie(line: string): ParsedCookie {
  const [pair, ...attributes] = line.split(";");
  const name = (pair ?? "").split("=")[0]!.trim();
  const cookie: ParsedCookie = { name, secure: false, httpOnly: false, sameSite: null };
  for (const attribute of attributes) {
    const [key, value] = attribute.split("=").map((s) => s.trim());
    const lower = (key ?? "").toLowerCase();
    if (lower === "secure") cookie.secure = true;
    else if (lower === "httponly") cookie.httpOnly = true;
    else if (lower === "samesite") cookie.sameSite = (value ?? "").toLowerCase();
  }
  return cookie;
}

const SESSION_COOKIE = /sess|sid$|^sid|login|token|auth|jwt/i;
const CSRF_COOKIE = /csrf|xsrf/i;

function cookiesTest(results: FetchResult[], hsts: boolean, isHttps: boolean): Omit<ObservatoryTest, "id" | "pass"> {
  const cookies = results.flatMap(setCookies).map(parseSetCookie);
  if (cookies.length === 0) return { result: "cookies-not-found", modifier: 0, detail: "No cookies are set." };
  const sessions = cookies.filter((c) => SESSION_COOKIE.test(c.name));
  const names = (list: ParsedCookie[]) => list.map((c) => c.name).join(", ");
  const insecureSession = sessions.filter((c) => !c.secure || !isHttps);
  if (insecureSession.length) {
    return hsts
      ? { result: "cookies-session-without-secure-flag-but-protected-by-hsts", modifier: -10, detail: `Session cookie without Secure (HSTS helps): ${names(insecureSession)}.` }
      : { result: "cookies-session-without-secure-flag", modifier: -40, detail: `Session cookie can travel over plain http: ${names(insecureSession)}.` };
  }
  const scriptReadable = sessions.filter((c) => !c.httpOnly);
  if (scriptReadable.length) {
    return { result: "cookies-session-without-httponly-flag", modifier: -30, detail: `Session cookie readable by scripts (no HttpOnly): ${names(scriptReadable)}.` };
  }
  const csrfWithoutSameSite = cookies.filter((c) => CSRF_COOKIE.test(c.name) && !c.sameSite);
  if (csrfWithoutSameSite.length) {
    return { result: "cookies-anticsrf-without-samesite-flag", modifier: -20, detail: `Anti-CSRF cookie without SameSite: ${names(csrfWithoutSameSite)}.` };
  }
  const badSameSite = cookies.filter((c) => c.sameSite !== null && !["strict", "lax", "none"].includes(c.sameSite));
  const noneWithoutSecure = cookies.filter((c) => c.sameSite === "none" && !c.secure);
  if (badSameSite.length || noneWithoutSecure.length) {
    return { result: "cookies-samesite-flag-invalid", modifier: -20, detail: `SameSite is invalid, or None without Secure: ${names([...badSameSite, ...noneWithoutSecure])}.` };
  }
  const insecure = cookies.filter((c) => !c.secure || !isHttps);
  if (insecure.length) {
    return hsts
      ? { result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5, detail: `Cookies without Secure (HSTS helps): ${names(insecure)}.` }
      : { result: "cookies-without-secure-flag", modifier: -20, detail: `Cookies without Secure: ${names(insecure)}.` };
  }
  if (cookies.every((c) => c.sameSite === "strict" || c.sameSite === "lax")) {
    return { result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5, detail: "All cookies Secure, sessions HttpOnly, SameSite set." };
  }
  return { result: "cookies-secure-with-httponly-sessions", modifier: 0, detail: "All cookies Secure and sessions HttpOnly; SameSite not set everywhere." };
}

// ---- The others ----------------------------------------------------------------------------

function corsTest(probe: FetchResult | null, origin: string | undefined): Omit<ObservatoryTest, "id" | "pass"> {
  if (!probe) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0, detail: "No CORS headers." };
  const allow = header(probe, "access-control-allow-origin");
  const credentials = (header(probe, "access-control-allow-credentials") ?? "").toLowerCase() === "true";
  if (!allow) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0, detail: "No CORS headers." };
  if (origin && allow === origin && credentials) {
    return { result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50, detail: "Any origin is reflected with credentials allowed: other sites can read logged-in pages." };
  }
  if (allow === "*") return { result: "cross-origin-resource-sharing-implemented-with-public-access", modifier: 0, detail: "Public resources readable by any site (Access-Control-Allow-Origin: *)." };
  return { result: "cross-origin-resource-sharing-implemented-with-restricted-access", modifier: 0, detail: `Restricted to ${allow}.` };
}

function redirectionTest(chain: FollowResult | null, requestedHttps: boolean): Omit<ObservatoryTest, "id" | "pass"> {
  if (!chain) {
    return requestedHttps
      ? { result: "redirection-not-needed-no-http", modifier: 0, detail: "The site does not answer on plain http." }
      : { result: "redirection-missing", modifier: -20, detail: "No answer." };
  }
  const hops = chain.hops;
  const first = new URL(hops[0]!.url);
  const final = new URL(chain.final.url);
  if (hops.length === 1) {
    return final.protocol === "https:"
      ? { result: "redirection-not-needed-no-http", modifier: 0, detail: "Already on https." }
      : { result: "redirection-missing", modifier: -20, detail: "Plain http is served without redirecting to https." };
  }
  const second = new URL(hops[1]!.url);
  if (final.protocol !== "https:") return { result: "redirection-not-to-https", modifier: -20, detail: `Redirects end on ${final.href}, not https.` };
  if (chain.final.tls && !chain.final.tls.authorized) return { result: "redirection-invalid-cert", modifier: -20, detail: "The https destination has an invalid certificate." };
  if (second.protocol !== "https:") return { result: "redirection-not-to-https-on-initial-redirection", modifier: -10, detail: `The first redirect goes to ${second.href}, still plain http.` };
  if (second.hostname !== first.hostname) return { result: "redirection-off-host-from-http", modifier: -5, detail: `The first redirect changes host (${first.hostname} → ${second.hostname}), so HSTS cannot be set for ${first.hostname}.` };
  return { result: "redirection-to-https", modifier: 0, detail: "Plain http redirects to https on the same host." };
}

const GOOD_REFERRER = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);
const BAD_REFERRER = new Set(["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"]);

function referrerTest(result: FetchResult, page: Page | null): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "referrer-policy") ?? page?.all("meta").find((m) => (m.attribs.name ?? "").toLowerCase() === "referrer")?.attribs.content;
  if (!value) return { result: "referrer-policy-not-implemented", modifier: 0, detail: "No Referrer-Policy: browsers default to strict-origin-when-cross-origin." };
  // Browsers use the last value they understand.
  const policies = value.split(",").map((s) => s.trim().toLowerCase()).filter((s) => GOOD_REFERRER.has(s) || BAD_REFERRER.has(s));
  const effective = policies.at(-1);
  if (effective && GOOD_REFERRER.has(effective)) return { result: "referrer-policy-private", modifier: 5, detail: `Referrer-Policy: ${effective}.` };
  if (effective) return { result: "referrer-policy-unsafe", modifier: -5, detail: `Referrer-Policy: ${effective} leaks full URLs to other sites.` };
  return { result: "referrer-policy-header-invalid", modifier: -5, detail: `Referrer-Policy "${value}" is not valid.` };
}

export const HSTS_MIN_AGE = 15_768_000;

export function hstsMaxAge(result: FetchResult): number | null {
  const value = header(result, "strict-transport-security");
  const match = value?.match(/max-age\s*=\s*"?(\d+)"?/i);
  return match ? Number(match[1]) : null;
}

function hstsTest(result: FetchResult): Omit<ObservatoryTest, "id" | "pass"> {
  if (!result.url.startsWith("https:")) return { result: "hsts-not-implemented-no-https", modifier: -20, detail: "The site is not served over https, so HSTS cannot apply." };
  if (result.tls && !result.tls.authorized) return { result: "hsts-invalid-cert", modifier: -20, detail: "The certificate is not valid, so HSTS does not apply." };
  const value = header(result, "strict-transport-security");
  if (!value) return { result: "hsts-not-implemented", modifier: -20, detail: "No Strict-Transport-Security header: the first visit can be downgraded to http." };
  const maxAge = hstsMaxAge(result);
  if (maxAge === null) return { result: "hsts-header-invalid", modifier: -20, detail: `Strict-Transport-Security "${value}" has no valid max-age.` };
  if (maxAge < HSTS_MIN_AGE) return { result: "hsts-implemented-max-age-less-than-six-months", modifier: -10, detail: `max-age is ${maxAge} s, under six months.` };
  return { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0, detail: `max-age ${maxAge} s${/preload/i.test(value) ? ", asks for preload" : ""}.` };
}

function sriTest(result: FetchResult, page: Page | null): Omit<ObservatoryTest, "id" | "pass"> {
  const contentType = header(result, "content-type") ?? "";
  if (!page || !/html/i.test(contentType)) return { result: "sri-not-implemented-response-not-html", modifier: 0, detail: "Not an HTML page." };
  const base = new URL(result.url);
  const scripts = page
    .all("script")
    .map((s) => ({ src: attr(s, "src"), integrity: attr(s, "integrity") }))
    .filter((s) => s.src);
  if (scripts.length === 0) return { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0, detail: "No external scripts." };
  const external = scripts.filter((s) => {
    const url = resolveUrl(s.src, base.href);
    return url && url.host !== base.host;
  });
  if (external.length === 0) return { result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0, detail: "All scripts come from this site." };
  const insecure = external.filter((s) => s.src!.trim().startsWith("//") || resolveUrl(s.src, base.href)?.protocol === "http:");
  const withSri = external.filter((s) => s.integrity);
  if (withSri.length === external.length) {
    return insecure.length
      ? { result: "sri-implemented-but-external-scripts-not-loaded-securely", modifier: -20, detail: `SRI is used but scripts load over http or //: ${insecure.map((s) => s.src).join(", ")}.` }
      : { result: "sri-implemented-and-external-scripts-loaded-securely", modifier: 5, detail: "Every external script has an integrity hash and loads over https." };
  }
  return insecure.length
    ? { result: "sri-not-implemented-and-external-scripts-not-loaded-securely", modifier: -50, detail: `External scripts over http without integrity: ${insecure.map((s) => s.src).join(", ")}.` }
    : { result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5, detail: `External scripts without integrity hashes: ${external.filter((s) => !s.integrity).map((s) => s.src).join(", ")}.` };
}

function xctoTest(result: FetchResult): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "x-content-type-options");
  if (value?.trim().toLowerCase() === "nosniff") return { result: "x-content-type-options-nosniff", modifier: 0, detail: "X-Content-Type-Options: nosniff." };
  return value
    ? { result: "x-content-type-options-header-invalid", modifier: -5, detail: `X-Content-Type-Options "${value}" is not nosniff.` }
    : { result: "x-content-type-options-not-implemented", modifier: -5, detail: "No X-Content-Type-Options: browsers may guess content types." };
}

function xfoTest(result: FetchResult, page: Page | null): Omit<ObservatoryTest, "id" | "pass"> {
  const csp = header(result, "content-security-policy");
  if (csp && parseCsp(csp).policy.has("frame-ancestors")) {
    return { result: "x-frame-options-implemented-via-csp", modifier: 5, detail: "CSP frame-ancestors controls who may frame the page." };
  }
  const value = header(result, "x-frame-options")?.trim().toLowerCase();
  if (value === "deny" || value === "sameorigin" || value?.startsWith("allow-from")) {
    return { result: "x-frame-options-sameorigin-or-deny", modifier: 0, detail: `X-Frame-Options: ${value.toUpperCase()}.` };
  }
  void page;
  return value
    ? { result: "x-frame-options-header-invalid", modifier: -20, detail: `X-Frame-Options "${value}" is not valid.` }
    : { result: "x-frame-options-not-implemented", modifier: -20, detail: "No X-Frame-Options or frame-ancestors: the page can be framed (clickjacking)." };
}

function corpTest(result: FetchResult): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "cross-origin-resource-policy")?.trim().toLowerCase();
  if (!value) return { result: "corp-not-implemented", modifier: 0, detail: "No Cross-Origin-Resource-Policy." };
  if (value === "same-origin" || value === "same-site") return { result: "corp-implemented-with-same-origin", modifier: 10, detail: `Cross-Origin-Resource-Policy: ${value}.` };
  if (value === "cross-origin") return { result: "corp-implemented-with-cross-origin", modifier: 0, detail: "Cross-Origin-Resource-Policy: cross-origin." };
  return { result: "corp-header-invalid", modifier: -5, detail: `Cross-Origin-Resource-Policy "${value}" is not valid.` };
}

/** Observatory grade bands, on the score rounded down to a multiple of 5. */
export function observatoryGrade(score: number): string {
  const s = Math.floor(score / 5) * 5;
  if (s >= 100) return "A+";
  if (s >= 90) return "A";
  if (s >= 85) return "A-";
  if (s >= 80) return "B+";
  if (s >= 70) return "B";
  if (s >= 65) return "B-";
  if (s >= 60) return "C+";
  if (s >= 50) return "C";
  if (s >= 45) return "C-";
  if (s >= 40) return "D+";
  if (s >= 30) return "D";
  if (s >= 25) return "D-";
  return "F";
}

/** 100 plus penalties; bonuses only when penalties alone leave 90 or more; never below 0. */
export function observatoryScore(modifiers: number[]): number {
  const penalties = modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const bonuses = modifiers.filter((m) => m > 0).reduce((a, b) => a + b, 0);
  const base = 100 + penalties;
  return Math.max(0, base >= 90 ? base + bonuses : base);
}

// ---- Beyond the Observatory ----------------------------------------------------------------

const INFO_LEAK_HEADERS = ["server", "x-powered-by", "x-aspnet-version", "x-aspnetmvc-version", "x-generator", "x-drupal-cache", "x-runtime"];

function extraChecks(input: SecurityInput): Check[] {
  const final = input.follow.final;
  const isHttps = final.url.startsWith("https:");
  const checks: Check[] = [];
  if (isHttps && final.tls) {
    const tls = final.tls;
    const modern = tls.protocol === "TLSv1.3" || tls.protocol === "TLSv1.2";
    checks.push({
      id: "tls-version",
      status: modern ? "pass" : "fail",
      title: "TLS version",
      detail: `Negotiated ${tls.protocol ?? "unknown"}${tls.cipher ? ` with ${tls.cipher}` : ""}.`,
      priority: modern ? undefined : "high",
      fix: modern ? undefined : "Turn off TLS 1.0 and 1.1; offer TLS 1.2 and 1.3.",
    });
    const days = tls.daysLeft;
    checks.push({
      id: "certificate",
      status: !tls.authorized ? "fail" : days !== null && days < 14 ? "fail" : days !== null && days < 30 ? "warn" : "pass",
      title: "Certificate",
      detail: !tls.authorized
        ? `The certificate is not trusted: ${tls.authorizationError ?? "unknown reason"}.`
        : `Valid, expires in ${days} days${tls.issuer ? ` (issued by ${tls.issuer})` : ""}.`,
      priority: !tls.authorized || (days !== null && days < 14) ? "high" : days !== null && days < 30 ? "medium" : undefined,
      fix: !tls.authorized ? "Install a certificate from a public CA that covers this host name." : days !== null && days < 30 ? "Renew the certificate, and automate renewal." : undefined,
    });
  } else {
    checks.push({ id: "https", status: "fail", title: "HTTPS", detail: "The page is served over plain http.", priority: "high", fix: "Serve the site over https (a free certificate from Let's Encrypt works) and redirect http to it." });
  }
  if (isHttps && input.page) {
    const active: string[] = [];
    const passive: string[] = [];
    const base = final.url;
    for (const [tag, key, list] of [
      ["script", "src", active],
      ["iframe", "src", active],
      ["link", "href", active],
      ["img", "src", passive],
      ["video", "src", passive],
      ["audio", "src", passive],
      ["source", "src", passive],
    ] as const) {
      for (const element of input.page.all(tag)) {
        if (tag === "link" && !/stylesheet/i.test(attr(element, "rel") ?? "")) continue;
        const url = resolveUrl(attr(element, key), base);
        if (url?.protocol === "http:") list.push(url.href);
      }
    }
    checks.push({
      id: "mixed-content",
      status: active.length ? "fail" : passive.length ? "warn" : "pass",
      title: "Mixed content",
      detail: active.length
        ? `Scripts, styles or frames over http (browsers block them): ${active.slice(0, 5).join(", ")}.`
        : passive.length
          ? `Images or media over http: ${passive.slice(0, 5).join(", ")}.`
          : "Everything on the page loads over https.",
      priority: active.length ? "high" : passive.length ? "medium" : undefined,
      fix: active.length || passive.length ? "Load every resource over https." : undefined,
    });
  }
  const permissions = header(final, "permissions-policy");
  checks.push({
    id: "permissions-policy",
    status: permissions ? "pass" : "warn",
    title: "Permissions-Policy",
    detail: permissions ? `Set: ${permissions.slice(0, 160)}` : "Not set: embedded content may ask for camera, microphone or location.",
    priority: permissions ? undefined : "low",
    fix: permissions ? undefined : "Add Permissions-Policy: camera=(), microphone=(), geolocation=() (and anything else you do not use).",
  });
  const leaks = INFO_LEAK_HEADERS.map((name) => [name, header(final, name)] as const).filter(
    ([name, value]) => value && (name !== "server" || /\d/.test(value)),
  );
  checks.push({
    id: "information-leak",
    status: leaks.length ? "warn" : "pass",
    title: "Software versions in headers",
    detail: leaks.length ? `Headers name software and versions: ${leaks.map(([n, v]) => `${n}: ${v}`).join("; ")}.` : "No header names server software versions.",
    priority: leaks.length ? "low" : undefined,
    fix: leaks.length ? "Remove X-Powered-By and version numbers from Server; attackers match them against known flaws." : undefined,
  });
  const coop = header(final, "cross-origin-opener-policy");
  checks.push({
    id: "coop",
    status: coop ? "pass" : "info",
    title: "Cross-Origin-Opener-Policy",
    detail: coop ? `Set: ${coop}.` : "Not set: pages you open can keep a handle on this window.",
    fix: coop ? undefined : "Add Cross-Origin-Opener-Policy: same-origin unless you rely on pop-ups talking back.",
  });
  const txt = input.securityTxt;
  const txtOk = txt && txt.status === 200 && /^contact:/im.test(txt.body.toString("utf8"));
  checks.push({
    id: "security-txt",
    status: txtOk ? "pass" : "warn",
    title: "security.txt",
    detail: txtOk ? "/.well-known/security.txt tells researchers how to report problems." : "No /.well-known/security.txt with a Contact line.",
    priority: txtOk ? undefined : "low",
    fix: txtOk ? undefined : "Publish /.well-known/security.txt (RFC 9116) with Contact: and Expires: lines.",
  });
  return checks;
}

export function analyzeSecurity(input: SecurityInput, corsOrigin?: string): SecurityResult {
  const final = input.follow.final;
  const isHttps = final.url.startsWith("https:");
  const hsts = isHttps && (hstsMaxAge(final) ?? 0) > 0;
  const requestedHttps = input.follow.hops[0]!.url.startsWith("https:");
  const chain = requestedHttps ? input.httpProbe : input.follow;
  const cookieSources = [final, ...(input.corsProbe ? [input.corsProbe] : [])];
  const raw: [ObservatoryTest["id"], Omit<ObservatoryTest, "id" | "pass">][] = [
    ["csp", cspTest(final, input.page, isHttps)],
    ["cookies", cookiesTest(cookieSources, hsts, isHttps)],
    ["cors", corsTest(input.corsProbe, corsOrigin)],
    ["redirection", redirectionTest(chain, requestedHttps)],
    ["referrer-policy", referrerTest(final, input.page)],
    ["hsts", hstsTest(final)],
    ["sri", sriTest(final, input.page)],
    ["x-content-type-options", xctoTest(final)],
    ["x-frame-options", xfoTest(final, input.page)],
    ["corp", corpTest(final)],
  ];
  const tests = raw.map(([id, test]) => ({ id, ...test, pass: test.modifier >= 0 }));
  const score = observatoryScore(tests.map((t) => t.modifier));
  const headers = Object.entries(final.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? ""]).map((v) => [name, v] as [string, string]),
  );
  return {
    kind: "security",
    score,
    grade: observatoryGrade(score),
    tests,
    extras: extraChecks(input),
    tls: final.tls,
    headers,
  };
}
