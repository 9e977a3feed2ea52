import http from "node:http";
import https from "node:https";
import type net from "node:net";
import tls from "node:tls";
import zlib from "node:zlib";
import type { Language } from "#contracts/languages.ts";
import { type Words, words } from "./analysis-i18n.ts";
import {
  checkConnectedSocket,
  checkUrl,
  DnsLookupError,
  guardedLookup,
  type NetworkPolicy,
  UrlRefusedError,
} from "./ssrf-guard.ts";

export const USER_AGENT =
  "Mozilla/5.0 (compatible; KigaliTechSiteAnalyzer/1.0; +https://www.kigalitech.rw/speed-analysis)";

export interface Timing {
  dns: number;
  connect: number;
  tls: number;
  /** From request start to the first response byte. */
  ttfb: number;
  download: number;
  total: number;
}

export interface TlsInfo {
  protocol: string | null;
  cipher: string | null;
  authorized: boolean;
  authorizationError: string | null;
  validTo: string | null;
  daysLeft: number | null;
  issuer: string | null;
}

export interface FetchResult {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Bytes on the wire (before decompression). */
  wireBytes: number;
  decodedBytes: number;
  /** The body went past the byte cap and was cut off. */
  truncated: boolean;
  remoteAddress: string | null;
  httpVersion: string;
  timing: Timing;
  tls: TlsInfo | null;
}

export interface FetchOptions {
  method?: "GET" | "HEAD" | "OPTIONS";
  headers?: Record<string, string>;
  /** Wire and decoded bytes kept; the rest is cut off. */
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The target did not answer, or not in time; said plainly to the visitor (`localized`), in English in `message`. */
export class TargetError extends Error {
  private readonly render: Words;
  constructor(
    readonly code: "timeout" | "unreachable" | "too_large" | "dns" | "tls",
    message: string | Words,
  ) {
    super(typeof message === "string" ? message : message("en"));
    this.name = "TargetError";
    this.render = typeof message === "string" ? () => message : message;
  }

  localized(lng?: Language): string {
    return this.render(lng);
  }
}

const round = (ms: number) => Math.max(0, Math.round(ms * 10) / 10);

function decode(body: Buffer, encoding: string | undefined, maxBytes: number): { body: Buffer; truncated: boolean } {
  const options = { maxOutputLength: maxBytes, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    switch ((encoding ?? "").trim().toLowerCase()) {
      case "gzip":
      case "x-gzip":
        return { body: zlib.gunzipSync(body, options), truncated: false };
      case "deflate":
        return { body: zlib.inflateSync(body, options), truncated: false };
      case "br":
        return { body: zlib.brotliDecompressSync(body, { maxOutputLength: maxBytes }), truncated: false };
      default:
        return { body, truncated: false };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      return { body: Buffer.alloc(0), truncated: true };
    return { body, truncated: false };
  }
}

/**
 * One HTTP request to a checked URL, on a fresh connection whose address is checked when it
 * resolves and again once connected. Never follows redirects (see fetchFollowing).
 */
export async function fetchOnce(
  rawUrl: string | URL,
  policy: NetworkPolicy,
  options: FetchOptions = {},
): Promise<FetchResult> {
  const url = checkUrl(rawUrl, policy);
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const isHttps = url.protocol === "https:";
  const client = isHttps ? https : http;

  return await new Promise<FetchResult>((resolve, reject) => {
    const start = performance.now();
    const marks = { lookup: 0, connect: 0, secure: 0, response: 0 };
    let tlsInfo: TlsInfo | null = null;
    let remoteAddress: string | null = null;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(error);
    };

    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        agent: false,
        lookup: guardedLookup(policy) as unknown as net.LookupFunction,
        headers: {
          "user-agent": USER_AGENT,
          accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-encoding": "br, gzip, deflate",
          "accept-language": "en",
          ...options.headers,
        },
        // We report certificate problems instead of failing on them.
        rejectUnauthorized: false,
        // A test CA is added to the public roots, never instead of them.
        ca: policy.ca ? [...tls.rootCertificates, policy.ca] : undefined,
        servername: isHttps ? url.hostname.replace(/^\[|\]$/g, "") : undefined,
        ALPNProtocols: isHttps ? ["http/1.1"] : undefined,
      } as https.RequestOptions,
      (response) => {
        marks.response = performance.now();
        const chunks: Buffer[] = [];
        let wireBytes = 0;
        let truncated = false;
        response.on("data", (chunk: Buffer) => {
          if (truncated) return;
          wireBytes += chunk.length;
          if (wireBytes > maxBytes) {
            truncated = true;
            chunks.push(chunk.subarray(0, chunk.length - (wireBytes - maxBytes)));
            wireBytes = maxBytes;
            finish();
            return;
          }
          chunks.push(chunk);
        });
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const end = performance.now();
          const raw = Buffer.concat(chunks);
          const decoded = truncated
            ? { body: Buffer.alloc(0), truncated: false }
            : decode(raw, response.headers["content-encoding"], maxBytes);
          response.destroy();
          resolve({
            url: url.href,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: decoded.body,
            wireBytes,
            decodedBytes: decoded.body.length,
            truncated: truncated || decoded.truncated,
            remoteAddress,
            httpVersion: response.httpVersion,
            timing: {
              dns: round(marks.lookup ? marks.lookup - start : 0),
              connect: round(marks.connect ? marks.connect - (marks.lookup || start) : 0),
              tls: round(marks.secure ? marks.secure - marks.connect : 0),
              ttfb: round(marks.response - start),
              download: round(end - marks.response),
              total: round(end - start),
            },
            tls: tlsInfo,
          });
        };
        response.on("end", finish);
        response.on("error", (error) =>
          fail(
            new TargetError("unreachable", words("errors.connectionBroke", { host: url.host, error: error.message })),
          ),
        );
      },
    );

    const timer = setTimeout(
      () =>
        fail(
          new TargetError(
            "timeout",
            words("errors.timeout", { host: url.host, count: Math.max(1, Math.round(timeoutMs / 1000)) }),
          ),
        ),
      timeoutMs,
    );
    options.signal?.addEventListener("abort", () => fail(new TargetError("timeout", words("errors.outOfTime"))), {
      once: true,
    });

    request.on("socket", (socket: net.Socket) => {
      socket.on("lookup", () => (marks.lookup = performance.now()));
      socket.on("connect", () => {
        marks.connect = performance.now();
        remoteAddress = socket.remoteAddress ?? null;
        const refused = checkConnectedSocket(socket, policy);
        if (refused) fail(refused);
      });
      socket.on("secureConnect", () => {
        marks.secure = performance.now();
        const secure = socket as tls.TLSSocket;
        const cert = secure.getPeerCertificate();
        const validTo = cert?.valid_to ? new Date(cert.valid_to) : null;
        tlsInfo = {
          protocol: secure.getProtocol() ?? null,
          cipher: secure.getCipher()?.name ?? null,
          authorized: secure.authorized,
          authorizationError: secure.authorizationError ? String(secure.authorizationError) : null,
          validTo: validTo ? validTo.toISOString() : null,
          daysLeft: validTo ? Math.floor((validTo.getTime() - Date.now()) / 86_400_000) : null,
          issuer: cert?.issuer ? [cert.issuer.O, cert.issuer.CN].filter(Boolean).join(" / ") || null : null,
        };
      });
    });
    request.on("error", (error: Error) => {
      clearTimeout(timer);
      if (error instanceof UrlRefusedError || error instanceof TargetError) return fail(error);
      if (error instanceof DnsLookupError)
        return fail(new TargetError("dns", words("errors.dnsFailed", { host: url.host, code: error.dnsCode })));
      const code = (error as NodeJS.ErrnoException).code;
      // Connected, but the TLS handshake never completed: say so, not "unreachable".
      if (isHttps && marks.connect && !marks.secure && code !== "ETIMEDOUT")
        return fail(new TargetError("tls", words("errors.tlsFailed", { host: url.host, code: code ?? error.message })));
      const key =
        code === "ECONNREFUSED"
          ? "refused"
          : code === "ECONNRESET"
            ? "closed"
            : code === "ETIMEDOUT"
              ? "notInTime"
              : "unreachable";
      fail(new TargetError("unreachable", words(`errors.${key}`, { host: url.host, code: code ?? error.message })));
    });
    request.end();
  });
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string | null;
  ms: number;
}

export interface FollowResult {
  final: FetchResult;
  hops: RedirectHop[];
}

export const MAX_REDIRECTS = 10;

/** Follows redirects by hand, checking every Location as a new URL before connecting to it. */
export async function fetchFollowing(
  rawUrl: string | URL,
  policy: NetworkPolicy,
  options: FetchOptions = {},
): Promise<FollowResult> {
  let url = checkUrl(rawUrl, policy);
  const hops: RedirectHop[] = [];
  const seen = new Set<string>();
  for (;;) {
    const result = await fetchOnce(url, policy, options);
    const location = result.headers.location;
    const isRedirect = result.status >= 300 && result.status < 400 && typeof location === "string" && location !== "";
    hops.push({
      url: url.href,
      status: result.status,
      location: isRedirect ? location : null,
      ms: result.timing.total,
    });
    if (!isRedirect) return { final: result, hops };
    seen.add(url.href);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new UrlRefusedError("invalid_url", words("errors.invalidRedirect", { location: location.slice(0, 200) }));
    }
    next = checkUrl(next, policy);
    if (seen.has(next.href) || hops.length > MAX_REDIRECTS) {
      throw new UrlRefusedError("redirect_loop", words("errors.redirectLoop", { max: MAX_REDIRECTS }));
    }
    url = next;
  }
}
