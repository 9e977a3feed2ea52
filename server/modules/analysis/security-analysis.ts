import { randomBytes } from "node:crypto";
import type { Check, ObservatoryTest, SecurityResult } from "../../../contracts/analysis.ts";
import type { Language } from "../../../contracts/languages.ts";
import { analysisT, type Translate } from "./analysis-i18n.ts";
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

function cspTest(result: FetchResult, page: Page | null, isHttps: boolean, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const headerValue = header(result, "content-security-policy");
  const metaValue = page
    ?.all("meta")
    .find((m) => (m.attribs["http-equiv"] ?? "").toLowerCase() === "content-security-policy")?.attribs.content;
  const value = headerValue ?? metaValue;
  if (!value) {
    return header(result, "content-security-policy-report-only")
      ? { result: "csp-not-implemented-but-reporting-enabled", modifier: -25, detail: t("security.csp.reportOnly") }
      : { result: "csp-not-implemented", modifier: -25, detail: t("security.csp.missing") };
  }
  const { policy, duplicates } = parseCsp(value);
  if (policy.size === 0) return { result: "csp-header-invalid", modifier: -25, detail: t("security.csp.invalid") };
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
    return { result: "csp-implemented-with-unsafe-inline", modifier: -20, detail: t("security.csp.unrestricted") };
  }
  if (unsafeScript(script) || unsafeScript(object)) {
    return {
      result: "csp-implemented-with-unsafe-inline",
      modifier: -20,
      detail: t("security.csp.unsafeInline"),
    };
  }
  if (allSources.some((s) => s === "http:" || s.startsWith("http://"))) {
    const insecureIn = [...policy.entries()].filter(([, sources]) => sources.some((s) => s === "http:" || s.startsWith("http://")));
    const passiveOnly = insecureIn.every(([directive]) => directive === "img-src" || directive === "media-src");
    if (!(isHttps && passiveOnly)) return { result: "csp-implemented-with-insecure-scheme", modifier: -20, detail: t("security.csp.insecureScheme") };
    return { result: "csp-implemented-with-insecure-scheme-in-passive-content-only", modifier: -10, detail: t("security.csp.insecurePassive") };
  }
  if (allSources.includes("'unsafe-eval'")) {
    return { result: "csp-implemented-with-unsafe-eval", modifier: -10, detail: t("security.csp.unsafeEval") };
  }
  if (style.includes("'unsafe-inline'")) {
    return { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0, detail: t("security.csp.styleInline") };
  }
  if (duplicates) return { result: "csp-implemented-with-duplicate-directives", modifier: 0, detail: t("security.csp.duplicates") };
  const defaultNone = policy.get("default-src")?.length === 1 && policy.get("default-src")![0] === "'none'";
  const formAction = policy.get("form-action");
  if (defaultNone && formAction && !formAction.includes("*")) {
    return { result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10, detail: t("security.csp.strict") };
  }
  return { result: "csp-implemented-with-no-unsafe", modifier: 5, detail: t("security.csp.noUnsafe") };
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

function cookiesTest(results: FetchResult[], hsts: boolean, isHttps: boolean, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const cookies = results.flatMap(setCookies).map(parseSetCookie);
  if (cookies.length === 0) return { result: "cookies-not-found", modifier: 0, detail: t("security.cookies.none") };
  const sessions = cookies.filter((c) => SESSION_COOKIE.test(c.name));
  const names = (list: ParsedCookie[]) => list.map((c) => c.name).join(", ");
  const insecureSession = sessions.filter((c) => !c.secure || !isHttps);
  if (insecureSession.length) {
    return hsts
      ? { result: "cookies-session-without-secure-flag-but-protected-by-hsts", modifier: -10, detail: t("security.cookies.sessionHsts", { names: names(insecureSession) }) }
      : { result: "cookies-session-without-secure-flag", modifier: -40, detail: t("security.cookies.sessionInsecure", { names: names(insecureSession) }) };
  }
  const scriptReadable = sessions.filter((c) => !c.httpOnly);
  if (scriptReadable.length) {
    return { result: "cookies-session-without-httponly-flag", modifier: -30, detail: t("security.cookies.sessionScript", { names: names(scriptReadable) }) };
  }
  const csrfWithoutSameSite = cookies.filter((c) => CSRF_COOKIE.test(c.name) && !c.sameSite);
  if (csrfWithoutSameSite.length) {
    return { result: "cookies-anticsrf-without-samesite-flag", modifier: -20, detail: t("security.cookies.csrf", { names: names(csrfWithoutSameSite) }) };
  }
  const badSameSite = cookies.filter((c) => c.sameSite !== null && !["strict", "lax", "none"].includes(c.sameSite));
  const noneWithoutSecure = cookies.filter((c) => c.sameSite === "none" && !c.secure);
  if (badSameSite.length || noneWithoutSecure.length) {
    return { result: "cookies-samesite-flag-invalid", modifier: -20, detail: t("security.cookies.sameSiteInvalid", { names: names([...badSameSite, ...noneWithoutSecure]) }) };
  }
  const insecure = cookies.filter((c) => !c.secure || !isHttps);
  if (insecure.length) {
    return hsts
      ? { result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5, detail: t("security.cookies.insecureHsts", { names: names(insecure) }) }
      : { result: "cookies-without-secure-flag", modifier: -20, detail: t("security.cookies.insecure", { names: names(insecure) }) };
  }
  if (cookies.every((c) => c.sameSite === "strict" || c.sameSite === "lax")) {
    return { result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5, detail: t("security.cookies.secureSameSite") };
  }
  return { result: "cookies-secure-with-httponly-sessions", modifier: 0, detail: t("security.cookies.secure") };
}

// ---- The others ----------------------------------------------------------------------------

function corsTest(probe: FetchResult | null, origin: string | undefined, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  if (!probe) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0, detail: t("security.cors.none") };
  const allow = header(probe, "access-control-allow-origin");
  const credentials = (header(probe, "access-control-allow-credentials") ?? "").toLowerCase() === "true";
  if (!allow) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0, detail: t("security.cors.none") };
  if (origin && allow === origin && credentials) {
    return { result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50, detail: t("security.cors.universal") };
  }
  if (allow === "*") return { result: "cross-origin-resource-sharing-implemented-with-public-access", modifier: 0, detail: t("security.cors.public") };
  return { result: "cross-origin-resource-sharing-implemented-with-restricted-access", modifier: 0, detail: t("security.cors.restricted", { origin: allow }) };
}

function redirectionTest(chain: FollowResult | null, requestedHttps: boolean, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  if (!chain) {
    return requestedHttps
      ? { result: "redirection-not-needed-no-http", modifier: 0, detail: t("security.redirection.noHttp") }
      : { result: "redirection-missing", modifier: -20, detail: t("security.redirection.noAnswer") };
  }
  const hops = chain.hops;
  const first = new URL(hops[0]!.url);
  const final = new URL(chain.final.url);
  if (hops.length === 1) {
    return final.protocol === "https:"
      ? { result: "redirection-not-needed-no-http", modifier: 0, detail: t("security.redirection.alreadyHttps") }
      : { result: "redirection-missing", modifier: -20, detail: t("security.redirection.missing") };
  }
  const second = new URL(hops[1]!.url);
  if (final.protocol !== "https:") return { result: "redirection-not-to-https", modifier: -20, detail: t("security.redirection.notToHttps", { url: final.href }) };
  if (chain.final.tls && !chain.final.tls.authorized) return { result: "redirection-invalid-cert", modifier: -20, detail: t("security.redirection.invalidCert") };
  if (second.protocol !== "https:") return { result: "redirection-not-to-https-on-initial-redirection", modifier: -10, detail: t("security.redirection.firstHttp", { url: second.href }) };
  if (second.hostname !== first.hostname) return { result: "redirection-off-host-from-http", modifier: -5, detail: t("security.redirection.offHost", { from: first.hostname, to: second.hostname }) };
  return { result: "redirection-to-https", modifier: 0, detail: t("security.redirection.pass") };
}

const GOOD_REFERRER = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);
const BAD_REFERRER = new Set(["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"]);

function referrerTest(result: FetchResult, page: Page | null, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "referrer-policy") ?? page?.all("meta").find((m) => (m.attribs.name ?? "").toLowerCase() === "referrer")?.attribs.content;
  if (!value) return { result: "referrer-policy-not-implemented", modifier: 0, detail: t("security.referrer.missing") };
  // Browsers use the last value they understand.
  const policies = value.split(",").map((s) => s.trim().toLowerCase()).filter((s) => GOOD_REFERRER.has(s) || BAD_REFERRER.has(s));
  const effective = policies.at(-1);
  if (effective && GOOD_REFERRER.has(effective)) return { result: "referrer-policy-private", modifier: 5, detail: `Referrer-Policy: ${effective}.` };
  if (effective) return { result: "referrer-policy-unsafe", modifier: -5, detail: t("security.referrer.unsafe", { policy: effective }) };
  return { result: "referrer-policy-header-invalid", modifier: -5, detail: t("security.referrer.invalid", { value }) };
}

export const HSTS_MIN_AGE = 15_768_000;

export function hstsMaxAge(result: FetchResult): number | null {
  const value = header(result, "strict-transport-security");
  const match = value?.match(/max-age\s*=\s*"?(\d+)"?/i);
  return match ? Number(match[1]) : null;
}

function hstsTest(result: FetchResult, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  if (!result.url.startsWith("https:")) return { result: "hsts-not-implemented-no-https", modifier: -20, detail: t("security.hsts.noHttps") };
  if (result.tls && !result.tls.authorized) return { result: "hsts-invalid-cert", modifier: -20, detail: t("security.hsts.invalidCert") };
  const value = header(result, "strict-transport-security");
  if (!value) return { result: "hsts-not-implemented", modifier: -20, detail: t("security.hsts.missing") };
  const maxAge = hstsMaxAge(result);
  if (maxAge === null) return { result: "hsts-header-invalid", modifier: -20, detail: t("security.hsts.invalid", { value }) };
  if (maxAge < HSTS_MIN_AGE) return { result: "hsts-implemented-max-age-less-than-six-months", modifier: -10, detail: t("security.hsts.short", { seconds: maxAge }) };
  return { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0, detail: t(/preload/i.test(value) ? "security.hsts.passPreload" : "security.hsts.pass", { seconds: maxAge }) };
}

function sriTest(result: FetchResult, page: Page | null, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const contentType = header(result, "content-type") ?? "";
  if (!page || !/html/i.test(contentType)) return { result: "sri-not-implemented-response-not-html", modifier: 0, detail: t("security.sri.notHtml") };
  const base = new URL(result.url);
  const scripts = page
    .all("script")
    .map((s) => ({ src: attr(s, "src"), integrity: attr(s, "integrity") }))
    .filter((s) => s.src);
  if (scripts.length === 0) return { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0, detail: t("security.sri.noScripts") };
  const external = scripts.filter((s) => {
    const url = resolveUrl(s.src, base.href);
    return url && url.host !== base.host;
  });
  if (external.length === 0) return { result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0, detail: t("security.sri.sameOrigin") };
  const insecure = external.filter((s) => s.src!.trim().startsWith("//") || resolveUrl(s.src, base.href)?.protocol === "http:");
  const withSri = external.filter((s) => s.integrity);
  if (withSri.length === external.length) {
    return insecure.length
      ? { result: "sri-implemented-but-external-scripts-not-loaded-securely", modifier: -20, detail: t("security.sri.insecureWithSri", { scripts: insecure.map((s) => s.src).join(", ") }) }
      : { result: "sri-implemented-and-external-scripts-loaded-securely", modifier: 5, detail: t("security.sri.pass") };
  }
  return insecure.length
    ? { result: "sri-not-implemented-and-external-scripts-not-loaded-securely", modifier: -50, detail: t("security.sri.insecure", { scripts: insecure.map((s) => s.src).join(", ") }) }
    : { result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5, detail: t("security.sri.missing", { scripts: external.filter((s) => !s.integrity).map((s) => s.src).join(", ") }) };
}

function xctoTest(result: FetchResult, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "x-content-type-options");
  if (value?.trim().toLowerCase() === "nosniff") return { result: "x-content-type-options-nosniff", modifier: 0, detail: "X-Content-Type-Options: nosniff." };
  return value
    ? { result: "x-content-type-options-header-invalid", modifier: -5, detail: t("security.xcto.invalid", { value }) }
    : { result: "x-content-type-options-not-implemented", modifier: -5, detail: t("security.xcto.missing") };
}

function xfoTest(result: FetchResult, page: Page | null, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const csp = header(result, "content-security-policy");
  if (csp && parseCsp(csp).policy.has("frame-ancestors")) {
    return { result: "x-frame-options-implemented-via-csp", modifier: 5, detail: t("security.xfo.csp") };
  }
  const value = header(result, "x-frame-options")?.trim().toLowerCase();
  if (value === "deny" || value === "sameorigin" || value?.startsWith("allow-from")) {
    return { result: "x-frame-options-sameorigin-or-deny", modifier: 0, detail: `X-Frame-Options: ${value.toUpperCase()}.` };
  }
  void page;
  return value
    ? { result: "x-frame-options-header-invalid", modifier: -20, detail: t("security.xfo.invalid", { value }) }
    : { result: "x-frame-options-not-implemented", modifier: -20, detail: t("security.xfo.missing") };
}

function corpTest(result: FetchResult, t: Translate): Omit<ObservatoryTest, "id" | "pass"> {
  const value = header(result, "cross-origin-resource-policy")?.trim().toLowerCase();
  if (!value) return { result: "corp-not-implemented", modifier: 0, detail: t("security.corp.missing") };
  if (value === "same-origin" || value === "same-site") return { result: "corp-implemented-with-same-origin", modifier: 10, detail: `Cross-Origin-Resource-Policy: ${value}.` };
  if (value === "cross-origin") return { result: "corp-implemented-with-cross-origin", modifier: 0, detail: "Cross-Origin-Resource-Policy: cross-origin." };
  return { result: "corp-header-invalid", modifier: -5, detail: t("security.corp.invalid", { value }) };
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

function extraChecks(input: SecurityInput, t: Translate): Check[] {
  const final = input.follow.final;
  const isHttps = final.url.startsWith("https:");
  const checks: Check[] = [];
  if (isHttps && final.tls) {
    const tls = final.tls;
    const modern = tls.protocol === "TLSv1.3" || tls.protocol === "TLSv1.2";
    checks.push({
      id: "tls-version",
      status: modern ? "pass" : "fail",
      title: t("security.tlsVersion.title"),
      detail: t(tls.cipher ? "security.tlsVersion.detailCipher" : "security.tlsVersion.detail", { protocol: tls.protocol ?? t("security.tlsVersion.unknown"), cipher: tls.cipher }),
      priority: modern ? undefined : "high",
      fix: modern ? undefined : t("security.tlsVersion.fix"),
    });
    const days = tls.daysLeft;
    checks.push({
      id: "certificate",
      status: !tls.authorized ? "fail" : days !== null && days < 14 ? "fail" : days !== null && days < 30 ? "warn" : "pass",
      title: t("security.certificate.title"),
      detail: !tls.authorized
        ? t("security.certificate.untrusted", { reason: tls.authorizationError ?? t("security.certificate.unknownReason") })
        : days === null
          ? t(tls.issuer ? "security.certificate.validIssuer" : "security.certificate.valid", { issuer: tls.issuer })
          : t(tls.issuer ? "security.certificate.expiresIssuer" : "security.certificate.expires", { count: days, issuer: tls.issuer }),
      priority: !tls.authorized || (days !== null && days < 14) ? "high" : days !== null && days < 30 ? "medium" : undefined,
      fix: !tls.authorized ? t("security.certificate.fixUntrusted") : days !== null && days < 30 ? t("security.certificate.fixRenew") : undefined,
    });
  } else {
    checks.push({ id: "https", status: "fail", title: t("security.https.title"), detail: t("security.https.fail"), priority: "high", fix: t("security.https.fix") });
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
      title: t("security.mixedContent.title"),
      detail: active.length
        ? t("security.mixedContent.active", { urls: active.slice(0, 5).join(", ") })
        : passive.length
          ? t("security.mixedContent.passive", { urls: passive.slice(0, 5).join(", ") })
          : t("security.mixedContent.pass"),
      priority: active.length ? "high" : passive.length ? "medium" : undefined,
      fix: active.length || passive.length ? t("security.mixedContent.fix") : undefined,
    });
  }
  const permissions = header(final, "permissions-policy");
  checks.push({
    id: "permissions-policy",
    status: permissions ? "pass" : "warn",
    title: t("security.permissionsPolicy.title"),
    detail: permissions ? t("security.permissionsPolicy.set", { value: permissions.slice(0, 160) }) : t("security.permissionsPolicy.missing"),
    priority: permissions ? undefined : "low",
    fix: permissions ? undefined : t("security.permissionsPolicy.fix"),
  });
  const leaks = INFO_LEAK_HEADERS.map((name) => [name, header(final, name)] as const).filter(
    ([name, value]) => value && (name !== "server" || /\d/.test(value)),
  );
  checks.push({
    id: "information-leak",
    status: leaks.length ? "warn" : "pass",
    title: t("security.informationLeak.title"),
    detail: leaks.length ? t("security.informationLeak.warn", { headers: leaks.map(([n, v]) => `${n}: ${v}`).join("; ") }) : t("security.informationLeak.pass"),
    priority: leaks.length ? "low" : undefined,
    fix: leaks.length ? t("security.informationLeak.fix") : undefined,
  });
  const coop = header(final, "cross-origin-opener-policy");
  checks.push({
    id: "coop",
    status: coop ? "pass" : "info",
    title: t("security.coop.title"),
    detail: coop ? t("security.coop.set", { value: coop }) : t("security.coop.missing"),
    fix: coop ? undefined : t("security.coop.fix"),
  });
  const txt = input.securityTxt;
  const txtOk = txt && txt.status === 200 && /^contact:/im.test(txt.body.toString("utf8"));
  checks.push({
    id: "security-txt",
    status: txtOk ? "pass" : "warn",
    title: t("security.securityTxt.title"),
    detail: txtOk ? t("security.securityTxt.pass") : t("security.securityTxt.missing"),
    priority: txtOk ? undefined : "low",
    fix: txtOk ? undefined : t("security.securityTxt.fix"),
  });
  return checks;
}

/** The Observatory's tests and ours; their words are in `lng` when given, else in the current request's language. */
export function analyzeSecurity(input: SecurityInput, corsOrigin?: string, lng?: Language): SecurityResult {
  const t = analysisT(lng);
  const final = input.follow.final;
  const isHttps = final.url.startsWith("https:");
  const hsts = isHttps && (hstsMaxAge(final) ?? 0) > 0;
  const requestedHttps = input.follow.hops[0]!.url.startsWith("https:");
  const chain = requestedHttps ? input.httpProbe : input.follow;
  const cookieSources = [final, ...(input.corsProbe ? [input.corsProbe] : [])];
  const raw: [ObservatoryTest["id"], Omit<ObservatoryTest, "id" | "pass">][] = [
    ["csp", cspTest(final, input.page, isHttps, t)],
    ["cookies", cookiesTest(cookieSources, hsts, isHttps, t)],
    ["cors", corsTest(input.corsProbe, corsOrigin, t)],
    ["redirection", redirectionTest(chain, requestedHttps, t)],
    ["referrer-policy", referrerTest(final, input.page, t)],
    ["hsts", hstsTest(final, t)],
    ["sri", sriTest(final, input.page, t)],
    ["x-content-type-options", xctoTest(final, t)],
    ["x-frame-options", xfoTest(final, input.page, t)],
    ["corp", corpTest(final, t)],
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
    extras: extraChecks(input, t),
    tls: final.tls,
    headers,
  };
}
