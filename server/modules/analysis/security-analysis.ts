import { randomBytes } from "node:crypto";
import type { Check, ObservatoryTest, SecurityResult } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import { analysisT, type Translate } from "./analysis-i18n.ts";
import { attr, type Page, resolveUrl } from "./html.ts";
import {
  type ObservatoryInput,
  type ObservatoryOutcome,
  type ObservatoryTestName,
  type ObservedResponse,
  runObservatory,
} from "./observatory.ts";
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

// ---- The Observatory's tests, in words -----------------------------------------------------

function pairs(headers: FetchResult["headers"]): Array<[string, string]> {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => [name, v] as [string, string]),
  );
}

function observed(result: FetchResult): ObservedResponse {
  return { status: result.status, verified: result.tls ? result.tls.authorized : true, headers: pairs(result.headers) };
}

/**
 * What the Observatory would have seen, from what we fetched: the page (after redirects), the site's
 * http:// chain, its https:// answer, the CORS probe and the cookies they set. No HSTS preload list is
 * kept here, so no host counts as preloaded.
 */
export function observatoryInput(input: SecurityInput, corsOrigin?: string): ObservatoryInput {
  const final = input.follow.final;
  const requestedHttps = input.follow.hops[0]!.url.startsWith("https:");
  const httpChain = requestedHttps ? input.httpProbe : input.follow;
  const https = final.url.startsWith("https:")
    ? final
    : httpChain?.final.url.startsWith("https:")
      ? httpChain.final
      : null;
  const isHtml = /html/i.test(header(final, "content-type") ?? "text/html");
  // One cookie per name, the last one set winning, as a cookie store keeps them.
  const jar = new Map<string, string>();
  for (const line of [final, ...(input.corsProbe ? [input.corsProbe] : [])].flatMap(setCookies))
    jar.set(line.split(";")[0]!.split("=")[0]!.trim(), line);
  return {
    site: new URL(input.follow.hops[0]!.url).hostname,
    url: final.url,
    html: input.page && isHtml ? final.body.toString("utf8") : "",
    auto: observed(final),
    http: httpChain ? observed(httpChain.final) : null,
    https: https ? observed(https) : null,
    cors: input.corsProbe ? { ...observed(input.corsProbe), requestOrigin: corsOrigin ?? null } : null,
    httpRedirects: httpChain ? httpChain.hops.map((hop) => ({ url: hop.url, status: hop.status })) : [],
    cookieJar: [...jar.values()],
    hstsPreloaded: [],
  };
}

const TESTS: Array<[ObservatoryTest["id"], ObservatoryTestName]> = [
  ["csp", "content-security-policy"],
  ["cookies", "cookies"],
  ["cors", "cross-origin-resource-sharing"],
  ["redirection", "redirection"],
  ["referrer-policy", "referrer-policy"],
  ["hsts", "strict-transport-security"],
  ["sri", "subresource-integrity"],
  ["x-content-type-options", "x-content-type-options"],
  ["x-frame-options", "x-frame-options"],
  ["corp", "cross-origin-resource-policy"],
  ["coep", "cross-origin-embedder-policy"],
  ["coop", "cross-origin-opener-policy"],
];

/** One sentence for each result, naming what was seen. */
function describe(input: ObservatoryInput, outcome: ObservatoryOutcome, t: Translate): string {
  const data = outcome.data;
  const value = String(data.value ?? "");
  const names = ((data.names as string[] | undefined) ?? []).join(", ");
  const scripts = ((data.scripts as string[] | undefined) ?? []).join(", ");
  const csp = input.auto?.headers.some(([n]) => n.toLowerCase() === "content-security-policy") ?? false;
  const final = input.httpRedirects.at(-1)?.url ?? "";
  const [from, to] = input.httpRedirects.map((r) => new URL(r.url));
  switch (outcome.result) {
    case "csp-not-implemented-but-reporting-enabled":
      return t("security.csp.reportOnly");
    case "csp-not-implemented":
      return t("security.csp.missing");
    case "csp-header-invalid":
      return t(csp ? "security.csp.invalidRule" : "security.csp.invalid");
    case "csp-implemented-with-unsafe-inline":
      return t("security.csp.unsafeInline");
    case "csp-implemented-with-insecure-scheme":
      return t("security.csp.insecureScheme");
    case "csp-implemented-with-insecure-scheme-in-passive-content-only":
      return t("security.csp.insecurePassive");
    case "csp-implemented-with-unsafe-eval":
      return t("security.csp.unsafeEval");
    case "csp-implemented-with-unsafe-inline-in-style-src-only":
      return t("security.csp.styleInline");
    case "csp-implemented-but-duplicate-directives":
      return t("security.csp.duplicateReports");
    case "csp-implemented-with-no-unsafe-default-src-none":
      return t("security.csp.strict");
    case "csp-implemented-with-no-unsafe":
      return t("security.csp.noUnsafe");
    case "cookies-not-found":
      return t("security.cookies.none");
    case "cookies-session-without-secure-flag-but-protected-by-hsts":
      return t("security.cookies.sessionHsts", { names });
    case "cookies-session-without-secure-flag":
      return t("security.cookies.sessionInsecure", { names });
    case "cookies-session-without-httponly-flag":
      return t("security.cookies.sessionScript", { names });
    case "cookies-anticsrf-without-samesite-flag":
      return t("security.cookies.csrf", { names });
    case "cookies-samesite-flag-invalid":
      return t("security.cookies.sameSiteInvalid", { names });
    case "cookies-without-secure-flag-but-protected-by-hsts":
      return t("security.cookies.insecureHsts", { names });
    case "cookies-without-secure-flag":
      return t("security.cookies.insecure", { names });
    case "cookies-secure-with-httponly-sessions-and-samesite":
      return t("security.cookies.secureSameSite");
    case "cookies-secure-with-httponly-sessions":
      return t("security.cookies.secure");
    case "cross-origin-resource-sharing-not-implemented":
      return t("security.cors.none");
    case "cross-origin-resource-sharing-implemented-with-universal-access":
      return t("security.cors.universal");
    case "cross-origin-resource-sharing-implemented-with-public-access":
      return t("security.cors.public");
    case "cross-origin-resource-sharing-implemented-with-restricted-access":
      return t("security.cors.restricted", { origin: value });
    case "redirection-not-needed-no-http":
      return t("security.redirection.noHttp");
    case "redirection-all-redirects-preloaded":
      return t("security.redirection.preloaded");
    case "redirection-invalid-cert":
      return t("security.redirection.invalidCert");
    case "redirection-missing":
      return t("security.redirection.missing");
    case "redirection-not-to-https":
      return t("security.redirection.notToHttps", { url: final });
    case "redirection-not-to-https-on-initial-redirection":
      return t("security.redirection.firstHttp", { url: to?.href ?? "" });
    case "redirection-off-host-from-http":
      return t("security.redirection.offHost", { from: from?.hostname ?? "", to: to?.hostname ?? "" });
    case "redirection-to-https":
      return t("security.redirection.pass");
    case "referrer-policy-not-implemented":
      return t("security.referrer.missing");
    case "referrer-policy-private":
      return `Referrer-Policy: ${value}.`;
    case "referrer-policy-unsafe":
      return t("security.referrer.unsafe", { policy: value });
    case "referrer-policy-header-invalid":
      return t("security.referrer.invalid", { value });
    case "hsts-not-implemented-no-https":
      return t("security.hsts.noHttps");
    case "hsts-invalid-cert":
      return t("security.hsts.invalidCert");
    case "hsts-not-implemented":
      return t("security.hsts.missing");
    case "hsts-preloaded":
      return t("security.hsts.preloaded");
    case "hsts-header-invalid":
      return t(value.includes(",") ? "security.hsts.twice" : "security.hsts.invalid", { value });
    case "hsts-implemented-max-age-less-than-six-months":
      return t("security.hsts.short", { seconds: data.maxAge });
    case "hsts-implemented-max-age-at-least-six-months":
      return t(/preload/i.test(value) ? "security.hsts.passPreload" : "security.hsts.pass", { seconds: data.maxAge });
    case "sri-not-implemented-response-not-html":
      return t("security.sri.notHtml");
    case "sri-not-implemented-but-no-scripts-loaded":
      return t("security.sri.noScripts");
    case "sri-not-implemented-but-all-scripts-loaded-from-secure-origin":
      return t("security.sri.sameOrigin");
    case "sri-implemented-and-all-scripts-loaded-securely":
      return t("security.sri.allWithSri");
    case "sri-implemented-and-external-scripts-loaded-securely":
      return t("security.sri.pass");
    case "sri-implemented-but-external-scripts-not-loaded-securely":
      return t("security.sri.insecureWithSri", { scripts });
    case "sri-not-implemented-and-external-scripts-not-loaded-securely":
      return t("security.sri.insecure", { scripts });
    case "sri-not-implemented-but-external-scripts-loaded-securely":
      return t("security.sri.missing", { scripts });
    case "x-content-type-options-nosniff":
      return "X-Content-Type-Options: nosniff.";
    case "x-content-type-options-header-invalid":
      return t("security.xcto.invalid", { value });
    case "x-content-type-options-not-implemented":
      return t("security.xcto.missing");
    case "x-frame-options-implemented-via-csp":
      return t("security.xfo.csp");
    case "x-frame-options-sameorigin-or-deny":
      return `X-Frame-Options: ${value.trim().toUpperCase()}.`;
    case "x-frame-options-allow-from-origin":
      return t("security.xfo.allowFrom");
    case "x-frame-options-header-invalid":
      return t("security.xfo.invalid", { value });
    case "x-frame-options-not-implemented":
      return t("security.xfo.missing");
    case "corp-not-implemented":
      return t("security.corp.missing");
    case "corp-header-invalid":
      return t("security.corp.invalid", { value });
    case "coep-not-implemented":
      return t("security.coep.missing");
    case "coep-header-invalid":
      return t("security.coep.invalid", { value });
    case "coop-not-implemented":
      return t("security.coop.missing");
    case "coop-header-invalid":
      return t("security.coop.invalid", { value });
    default:
      // A policy that is set and valid: quote it.
      return outcome.result.startsWith("coep-")
        ? t("security.coep.set", { value })
        : outcome.result.startsWith("coop-")
          ? t("security.coop.set", { value })
          : `Cross-Origin-Resource-Policy: ${value}.`;
  }
}

// ---- Beyond the Observatory ----------------------------------------------------------------

const INFO_LEAK_HEADERS = [
  "server",
  "x-powered-by",
  "x-aspnet-version",
  "x-aspnetmvc-version",
  "x-generator",
  "x-drupal-cache",
  "x-runtime",
];

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
      detail: t(tls.cipher ? "security.tlsVersion.detailCipher" : "security.tlsVersion.detail", {
        protocol: tls.protocol ?? t("security.tlsVersion.unknown"),
        cipher: tls.cipher,
      }),
      priority: modern ? undefined : "high",
      fix: modern ? undefined : t("security.tlsVersion.fix"),
    });
    const days = tls.daysLeft;
    checks.push({
      id: "certificate",
      status: !tls.authorized
        ? "fail"
        : days !== null && days < 14
          ? "fail"
          : days !== null && days < 30
            ? "warn"
            : "pass",
      title: t("security.certificate.title"),
      detail: !tls.authorized
        ? t("security.certificate.untrusted", {
            reason: tls.authorizationError ?? t("security.certificate.unknownReason"),
          })
        : days === null
          ? t(tls.issuer ? "security.certificate.validIssuer" : "security.certificate.valid", { issuer: tls.issuer })
          : t(tls.issuer ? "security.certificate.expiresIssuer" : "security.certificate.expires", {
              count: days,
              issuer: tls.issuer,
            }),
      priority:
        !tls.authorized || (days !== null && days < 14) ? "high" : days !== null && days < 30 ? "medium" : undefined,
      fix: !tls.authorized
        ? t("security.certificate.fixUntrusted")
        : days !== null && days < 30
          ? t("security.certificate.fixRenew")
          : undefined,
    });
  } else {
    checks.push({
      id: "https",
      status: "fail",
      title: t("security.https.title"),
      detail: t("security.https.fail"),
      priority: "high",
      fix: t("security.https.fix"),
    });
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
    detail: permissions
      ? t("security.permissionsPolicy.set", { value: permissions.slice(0, 160) })
      : t("security.permissionsPolicy.missing"),
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
    detail: leaks.length
      ? t("security.informationLeak.warn", { headers: leaks.map(([n, v]) => `${n}: ${v}`).join("; ") })
      : t("security.informationLeak.pass"),
    priority: leaks.length ? "low" : undefined,
    fix: leaks.length ? t("security.informationLeak.fix") : undefined,
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
  const observatory = observatoryInput(input, corsOrigin);
  const scan = runObservatory(observatory);
  const tests: ObservatoryTest[] = TESTS.map(([id, name]) => {
    const outcome = scan.tests[name];
    return {
      id,
      result: outcome.result,
      modifier: outcome.modifier,
      pass: outcome.pass,
      detail: describe(observatory, outcome, t),
    };
  });
  const headers = Object.entries(final.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? ""]).map((v) => [name, v] as [string, string]),
  );
  return {
    kind: "security",
    score: scan.score,
    grade: scan.grade,
    tests,
    extras: extraChecks(input, t),
    tls: final.tls,
    headers,
  };
}
