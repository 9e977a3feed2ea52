import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the RDAP double answers for one name (A-label, lower-case). Unlisted names: 404 with RDAP error JSON. */
export type RdapBehaviour =
  | { kind: "registered"; record?: Record<string, unknown> }
  | { kind: "not_found"; body?: "json" | "html" | "empty" }
  | { kind: "status"; status: number; retryAfter?: string }
  | { kind: "slow"; ms: number }
  | { kind: "reset" }
  | { kind: "redirect"; to: string; status?: number };

export interface RdapDouble {
  /** Bootstrap file URL: `${url}/rdap/dns.json`. */
  bootstrapUrl: string;
  url: string;
  /** Base URL of each registry by its name in RDAP_BASES: bases["ricta"]. */
  bases: Record<string, string>;
  /** Every request path seen, in order (bootstrap included). */
  requests: string[];
  names: Record<string, RdapBehaviour>;
  /** Delay before every answer (bench: 100 ms). */
  delayMs: number;
  /** Override the bootstrap response. */
  bootstrap: { status?: number; body?: unknown; etag?: string } | null;
  /** Answer 429 after this many domain requests per base (rate-limit tests). */
  limitPerBase: number | null;
  close(): Promise<void>;
}

/** A full RFC 9083 domain object like the registries send. */
export function rdapRecord(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    objectClassName: "domain",
    ldhName: name.toUpperCase(),
    handle: `D${name.length}-EXAMPLE`,
    status: ["client transfer prohibited", "clientUpdateProhibited"],
    events: [
      { eventAction: "registration", eventDate: "2019-03-04T10:00:00Z" },
      { eventAction: "expiration", eventDate: "2027-03-04T10:00:00Z" },
      { eventAction: "last changed", eventDate: "2026-02-01T08:00:00Z" },
      { eventAction: "last update of RDAP database", eventDate: "2026-11-22T06:00:00Z" },
    ],
    entities: [
      {
        objectClassName: "entity",
        roles: ["registrar"],
        vcardArray: [
          "vcard",
          [
            ["version", {}, "text", "4.0"],
            ["fn", {}, "text", "Example Registrar Ltd"],
          ],
        ],
        publicIds: [{ type: "IANA Registrar ID", identifier: "9999" }],
      },
    ],
    nameservers: [
      { objectClassName: "nameserver", ldhName: "NS1.EXAMPLE-DNS.NET" },
      { objectClassName: "nameserver", ldhName: "ns2.example-dns.net" },
    ],
    secureDNS: { delegationSigned: true },
    notices: [{ title: "Terms of Use", description: ["Service subject to terms of use."] }],
    rdapConformance: ["rdap_level_0"],
    ...overrides,
  };
}

/** Bases served by the double, one per registry: `${url}/<base>/`. */
export const RDAP_BASES: Array<[string[], string]> = [
  [["com"], "verisign-com"],
  [["net"], "verisign-net"],
  [["org"], "pir"],
  [["io"], "identity-digital"],
  [["app", "dev"], "google"],
  [["tech"], "radix"],
  [["africa"], "africa"],
  [["rw"], "ricta"],
  [["ke"], "kenic"],
];

/**
 * IANA's bootstrap file and every registry's RDAP server on one loopback port, each registry on its
 * own loopback address (127.0.0.2, .3, ...) as real registries are separate hosts, so per-server
 * rate limits apply per registry as in production. No entry for "ug",
 * so .ug goes to WHOIS; a look-alike entry ("goodexample.com") that must never match example.com.
 */
export async function startRdapDouble(options: { delayMs?: number; port?: number } = {}): Promise<RdapDouble> {
  const counts = new Map<string, number>();
  const double: RdapDouble = {
    bootstrapUrl: "",
    url: "",
    bases: {},
    requests: [],
    names: {},
    delayMs: options.delayMs ?? 0,
    bootstrap: null,
    limitPerBase: null,
    close: async () => {},
  };
  let port = 0;
  const handler: http.RequestListener = async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    double.requests.push(path);
    if (double.delayMs) await new Promise((r) => setTimeout(r, double.delayMs));
    if (path === "/rdap/dns.json") {
      const override = double.bootstrap;
      const etag = override?.etag ?? '"v1"';
      if (request.headers["if-none-match"] === etag) return void response.writeHead(304).end();
      if (override?.status && override.status !== 200) return void response.writeHead(override.status).end("error");
      const body = override?.body ?? {
        version: "1.0",
        publication: "2026-07-01T00:00:00Z",
        description: "RDAP bootstrap double",
        services: [
          ...RDAP_BASES.map(([entries, base]) => [entries, [double.bases[base]]]),
          [["goodexample.com"], [`${double.url}/lookalike/`]],
        ],
      };
      response.writeHead(200, { "content-type": "application/json", etag });
      return void response.end(typeof body === "string" ? body : JSON.stringify(body));
    }
    const match = /^\/([^/]+)\/domain\/(.+)$/.exec(path);
    if (!match)
      return void response
        .writeHead(400, { "content-type": "application/rdap+json" })
        .end(JSON.stringify({ errorCode: 400, title: "Bad request" }));
    const [, base, rawName] = match;
    const name = rawName!.toLowerCase();
    const seen = (counts.get(base!) ?? 0) + 1;
    counts.set(base!, seen);
    if (double.limitPerBase !== null && seen > double.limitPerBase) {
      return void response
        .writeHead(429, { "retry-after": "1", "content-type": "application/rdap+json" })
        .end(JSON.stringify({ errorCode: 429, title: "Too many requests" }));
    }
    const behaviour = double.names[name] ?? { kind: "not_found" };
    switch (behaviour.kind) {
      case "registered":
        response.writeHead(200, { "content-type": "application/rdap+json", "access-control-allow-origin": "*" });
        return void response.end(JSON.stringify(behaviour.record ?? rdapRecord(name)));
      case "not_found":
        if (behaviour.body === "html")
          return void response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
        if (behaviour.body === "empty") return void response.writeHead(404).end();
        response.writeHead(404, { "content-type": "application/rdap+json" });
        return void response.end(
          JSON.stringify({ errorCode: 404, title: "Not Found", description: ["The domain was not found."] }),
        );
      case "status": {
        const headers: Record<string, string> = { "content-type": "application/rdap+json" };
        if (behaviour.retryAfter) headers["retry-after"] = behaviour.retryAfter;
        return void response.writeHead(behaviour.status, headers).end(JSON.stringify({ errorCode: behaviour.status }));
      }
      case "slow":
        await new Promise((r) => setTimeout(r, behaviour.ms));
        return void response.writeHead(404).end();
      case "reset":
        return void request.socket.destroy();
      case "redirect":
        return void response
          .writeHead(behaviour.status ?? 301, { location: behaviour.to.replace("{url}", double.url) })
          .end();
    }
  };
  const servers = [http.createServer(handler)];
  await new Promise<void>((resolve) => servers[0]!.listen(options.port ?? 0, "127.0.0.1", resolve));
  port = (servers[0]!.address() as AddressInfo).port;
  for (let i = 0; i < RDAP_BASES.length; i += 1) {
    const server = http.createServer(handler);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, `127.0.0.${i + 2}`, resolve);
    });
    servers.push(server);
  }
  double.url = `http://127.0.0.1:${port}`;
  RDAP_BASES.forEach(([, base], i) => {
    double.bases[base] = `http://127.0.0.${i + 2}:${port}/${base}/`;
  });
  double.bootstrapUrl = `${double.url}/rdap/dns.json`;
  double.close = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  };
  return double;
}
