import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { Socket } from "node:net";

/**
 * Websites with known faults, served on loopback for the analyzer's tests and bench. Every
 * site answers on 127.0.0.1 under a name of its own (the tests' resolver maps the names), so
 * one server can play several sites by Host header.
 *
 * - good.test (https, HTTP/2): everything right. Nothing should be reported.
 * - weak.test: weak CSP, insecure session cookie, CORS reflecting any origin with
 *   credentials, no X-Frame-Options / X-Content-Type-Options, unsafe Referrer-Policy, an
 *   external script over http without SRI, version-leaking headers, plain http.
 * - heavy.test: a redirect chain, a slow first byte, no compression, no caching, a huge
 *   PNG shown small and without a height, a render-blocking script and stylesheet.
 * - seo.test: no title, no description, robots.txt answering 500, no canonical, no
 *   viewport, no lang, an image without alt, "click here", no sitemap, Open Graph or JSON-LD.
 * - big.test: a page over 5 MB. slow.test: never answers.
 */
export interface SampleSites {
  httpPort: number;
  httpsPort: number;
  /** Certificate the https site uses; the analyzer trusts it as a test CA. */
  ca: string;
  hosts: Record<string, string[]>;
  url(site: "good" | "weak" | "heavy" | "seo" | "big" | "slow", pathname?: string): string;
  close(): Promise<void>;
}

export const SAMPLE_HOSTS = [
  "good.test",
  "weak.test",
  "weak-cdn.test",
  "heavy.test",
  "seo.test",
  "big.test",
  "slow.test",
];

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG of the given size; noise makes it incompressible, so it stays big. */
export function png(width: number, height: number, noise: boolean): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  if (noise) for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: noise ? 0 : 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const filler = (words: number) =>
  Array.from(
    { length: words },
    (_, i) => ["fast", "secure", "hosting", "Kigali", "websites", "cloud", "support", "domains"][i % 8],
  ).join(" ");

function compress(
  request: http.IncomingMessage | http2.Http2ServerRequest,
  body: Buffer,
): { body: Buffer; encoding?: string } {
  const accept = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return { body: zlib.brotliCompressSync(body), encoding: "br" };
  if (/gzip/.test(accept)) return { body: zlib.gzipSync(body), encoding: "gzip" };
  return { body };
}

type Res = http.ServerResponse | http2.Http2ServerResponse;
type Req = http.IncomingMessage | http2.Http2ServerRequest;

function goodSite(request: Req, response: Res, origin: string) {
  const security = {
    "content-security-policy":
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "strict-transport-security": "max-age=63072000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-resource-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  const send = (status: number, type: string, body: Buffer | string, extra: Record<string, string> = {}) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const packed = /text|javascript|xml|json/.test(type) ? compress(request, raw) : { body: raw };
    response.writeHead(status, {
      ...security,
      "content-type": type,
      ...(packed.encoding ? { "content-encoding": packed.encoding, vary: "accept-encoding" } : {}),
      ...extra,
    });
    response.end(packed.body);
  };
  const immutable = { "cache-control": "public, max-age=31536000, immutable" };
  switch (request.url) {
    case "/":
      return send(
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Good Site — fast, secure hosting in Kigali</title>
<meta name="description" content="Good Site hosts fast, secure websites for businesses across Rwanda, with local support and free SSL certificates included.">
<link rel="canonical" href="${origin}/">
<link rel="alternate" hreflang="en" href="${origin}/">
<link rel="alternate" hreflang="x-default" href="${origin}/">
<meta property="og:title" content="Good Site"><meta property="og:description" content="Fast, secure hosting in Kigali.">
<meta property="og:image" content="${origin}/logo.png"><meta property="og:url" content="${origin}/"><meta property="og:type" content="website">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Good Site","url":"${origin}/"}</script>
<script src="/app.js" defer></script>
</head><body><h1>Fast, secure hosting</h1><h2>Why us</h2><p>${filler(120)}</p>
<img src="/logo.png" alt="Good Site logo" width="64" height="64">
<a href="/pricing">See hosting prices</a> <a href="/about">About the team</a></body></html>`,
        { "set-cookie": "session=abc123; Path=/; Secure; HttpOnly; SameSite=Lax", "cache-control": "no-cache" },
      );
    case "/app.js":
      return send(200, "text/javascript", `document.documentElement.dataset.ready = "1";`, immutable);
    case "/logo.png":
      return send(200, "image/png", png(64, 64, false), immutable);
    case "/robots.txt":
      return send(200, "text/plain", `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    case "/sitemap.xml":
      return send(
        200,
        "application/xml",
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/pricing</loc></url></urlset>`,
      );
    case "/.well-known/security.txt":
      return send(200, "text/plain", "Contact: mailto:security@good.test\nExpires: 2030-01-01T00:00:00.000Z\n");
    default:
      return send(404, "text/html; charset=utf-8", "<!doctype html><title>Not found</title>");
  }
}

const HEAVY_IMAGE = png(1000, 500, true);
const HEAVY_CSS = `body{margin:0}\n${Array.from({ length: 600 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, "0").slice(0, 6)};padding:${i % 9}px}`).join("\n")}`;
const HEAVY_JS = `/* app */\n${Array.from({ length: 800 }, (_, i) => `function f${i}(a){return a*${i}+${i % 7};}`).join("\n")}`;

function plainSite(request: Req, response: Res, port: number, only?: string) {
  const host = only ?? String(request.headers.host ?? "").split(":")[0];
  const url = request.url ?? "/";
  const html = (status: number, body: string, headers: Record<string, string | string[]> = {}) => {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
    response.end(body);
  };
  if (host === "weak.test") {
    const origin = request.headers.origin;
    const cors: Record<string, string> = origin
      ? { "access-control-allow-origin": String(origin), "access-control-allow-credentials": "true" }
      : {};
    if (url === "/robots.txt") return html(200, "User-agent: *\nAllow: /\n", { "content-type": "text/plain" });
    if (url !== "/") return html(404, "<!doctype html><title>Not found</title>");
    const headers = {
      "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'",
      "referrer-policy": "unsafe-url",
      "set-cookie": ["sessionid=42; Path=/", "theme=dark; Path=/"],
      "x-powered-by": "Express 4.17.1",
      server: "Apache/2.4.1 (Unix)",
      ...cors,
    };
    return html(
      200,
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Weak Site home page</title>
<meta name="description" content="A site with weak security headers, planted on purpose for the analyzer's tests to find.">
<script src="http://weak-cdn.test:${port}/lib.js"></script></head><body><h1>Weak</h1></body></html>`,
      headers,
    );
  }
  if (host === "weak-cdn.test") return html(200, "console.log('lib')", { "content-type": "text/javascript" });
  if (host === "heavy.test") {
    if (url === "/") return html(301, "", { location: "/start" });
    if (url === "/start")
      return html(302, "", { location: `http://${request.headers.host ?? `heavy.test:${port}`}/home` });
    if (url === "/home") {
      setTimeout(
        () =>
          html(
            200,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Heavy Site home page</title>
<link rel="stylesheet" href="/styles.css"><script src="/app.js"></script></head>
<body><h1>Heavy</h1><p>${filler(400)}</p><img src="/hero.png" alt="Hero" width="300"></body></html>`,
          ),
        900,
      );
      return;
    }
    if (url === "/styles.css") return html(200, HEAVY_CSS, { "content-type": "text/css" });
    if (url === "/app.js") return html(200, HEAVY_JS, { "content-type": "text/javascript" });
    if (url === "/hero.png") {
      response.writeHead(200, { "content-type": "image/png" });
      return response.end(HEAVY_IMAGE);
    }
    return html(404, "");
  }
  if (host === "seo.test") {
    if (url === "/robots.txt") return html(500, "Internal Server Error", { "content-type": "text/plain" });
    if (url !== "/") return html(404, "<!doctype html><title>Not found</title>");
    return html(
      200,
      `<!doctype html><html><head><meta charset="utf-8"></head><body><h1>Our services</h1><p>${filler(80)}</p>
<img src="/team.png" width="10" height="10"><a href="/services">click here</a></body></html>`,
    );
  }
  if (host === "big.test") {
    const chunk = Buffer.alloc(1024 * 1024, "<p>big</p>");
    const page = Buffer.concat([
      Buffer.from("<!doctype html><html><head><title>Big page</title></head><body>"),
      ...Array(7).fill(chunk),
      Buffer.from("</body></html>"),
    ]);
    return html(200, page.toString("latin1"), { "content-type": "text/html" });
  }
  if (host === "slow.test") return; // never answers
  return html(404, "");
}

export async function startSampleSites(): Promise<SampleSites> {
  const dir = mkdtempSync(path.join(tmpdir(), "sample-sites-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "365",
      "-subj",
      "/CN=good.test",
      "-addext",
      "subjectAltName=DNS:good.test",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(path.join(dir, "key.pem"), "utf8");
  const cert = readFileSync(path.join(dir, "cert.pem"), "utf8");
  rmSync(dir, { recursive: true, force: true });

  let httpPort = 0;
  let httpsPort = 0;
  const plain = http.createServer((request, response) => plainSite(request, response, httpPort));
  const secure = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) =>
    goodSite(request, response, `https://good.test:${httpsPort}`),
  );
  const open = new Set<{ destroy(): void }>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  };
  plain.on("connection", track);
  secure.on("connection", track);
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
  httpPort = (plain.address() as AddressInfo).port;
  httpsPort = (secure.address() as AddressInfo).port;
  return {
    httpPort,
    httpsPort,
    ca: cert,
    hosts: Object.fromEntries(SAMPLE_HOSTS.map((host) => [host, ["127.0.0.1"]])),
    url: (site, pathname = "/") =>
      site === "good" ? `https://good.test:${httpsPort}${pathname}` : `http://${site}.test:${httpPort}${pathname}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await Promise.all([new Promise((r) => plain.close(r)), new Promise((r) => secure.close(r))]);
    },
  };
}

/**
 * One plain-http sample site on its own port, whatever the Host header says: for a real
 * server (browser tests, bench) that resolves names with the system's DNS. `address` is the
 * loopback address it listens on: the analyzer limits its runs per host name, so sites that must
 * not share that limit each take their own.
 */
export async function startSingleSite(
  site: "weak" | "heavy" | "seo",
  address = "127.0.0.1",
): Promise<{ url: string; close(): Promise<void> }> {
  let port = 0;
  const server = http.createServer((request, response) => plainSite(request, response, port, `${site}.test`));
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${address}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
