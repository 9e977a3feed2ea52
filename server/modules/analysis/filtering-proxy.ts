import http from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { checkConnectedSocket, checkUrl, guardedLookup, type NetworkPolicy, UrlRefusedError } from "./ssrf-guard.ts";

/** CONNECT tunnels go to TLS ports only; a tunnel to any other port could speak any protocol. */
const TUNNEL_PORTS = new Set([443, 8443]);
const CONNECT_TIMEOUT_MS = 10_000;

/** Headers that describe one hop, not the message, and must not be forwarded. */
const HOP_BY_HOP = [
  "connection",
  "proxy-connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "upgrade",
];

export interface FilteringProxy {
  port: number;
  /** Requests and tunnels refused so far, newest last (for logs and tests). */
  refused: string[];
  close(): Promise<void>;
}

/**
 * An HTTP forward proxy on loopback that Chromium must use for everything: every plain request
 * and every CONNECT goes through the same SSRF guard as the Node analyzer (URL shape, the
 * address actually connected to, rebinding), so the browser cannot reach what the analyzer may
 * not. Redirects need nothing special: the browser asks the proxy again for each hop.
 */
export async function startFilteringProxy(
  policy: NetworkPolicy,
  onRefused?: (target: string, reason: string) => void,
): Promise<FilteringProxy> {
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();
  const refuse = (target: string, reason: string) => {
    refused.push(`${target}: ${reason}`);
    if (refused.length > 200) refused.shift();
    onRefused?.(target, reason);
  };

  const server = http.createServer((request, response) => {
    const target = request.url ?? "";
    let url: URL;
    try {
      // A forward proxy receives absolute URLs; a path alone means someone asked the proxy itself.
      if (!/^http:\/\//i.test(target))
        throw new UrlRefusedError("scheme", "Only absolute http:// requests are proxied.");
      url = checkUrl(target, policy);
    } catch (error) {
      refuse(target, (error as Error).message);
      response
        .writeHead(403, { "content-type": "text/plain; charset=utf-8", connection: "close" })
        .end((error as Error).message);
      return;
    }
    const headers = { ...request.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = http.request(
      {
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        agent: false,
        lookup: guardedLookup(policy) as unknown as net.LookupFunction,
        timeout: CONNECT_TIMEOUT_MS,
      },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    upstream.on("socket", (socket: net.Socket) => {
      socket.on("connect", () => {
        const wrong = checkConnectedSocket(socket, policy);
        if (wrong) upstream.destroy(wrong);
      });
    });
    upstream.on("timeout", () => upstream.destroy(new Error("timeout")));
    upstream.on("error", (error) => {
      if (error instanceof UrlRefusedError) refuse(target, error.message);
      if (!response.headersSent) {
        response.writeHead(error instanceof UrlRefusedError ? 403 : 502, {
          "content-type": "text/plain; charset=utf-8",
          connection: "close",
        });
      }
      response.end(error instanceof UrlRefusedError ? error.message : "");
    });
    request.pipe(upstream);
  });

  server.on("connect", (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const target = request.url ?? "";
    const deny = (reason: string) => {
      refuse(`CONNECT ${target}`, reason);
      client.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${reason}`,
      );
    };
    let url: URL;
    try {
      if (!/^[^/\s]+:\d+$/.test(target)) throw new UrlRefusedError("invalid_url", "CONNECT needs host:port.");
      url = checkUrl(`https://${target}/`, policy);
    } catch (error) {
      return deny((error as Error).message);
    }
    const port = Number(target.slice(target.lastIndexOf(":") + 1));
    // The test switch (loopback fixture sites on random ports) is the guard's port policy too.
    if (!TUNNEL_PORTS.has(port) && !policy.allowLoopback)
      return deny(`Port ${port} is not allowed for a tunnel: use 443 or 8443.`);
    const upstream = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port,
      lookup: guardedLookup(policy) as unknown as net.LookupFunction,
      timeout: CONNECT_TIMEOUT_MS,
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("timeout", () => upstream.destroy(new Error("timeout")));
    let established = false;
    upstream.on("connect", () => {
      const wrong = checkConnectedSocket(upstream, policy);
      if (wrong) {
        upstream.destroy();
        return deny(wrong.message);
      }
      established = true;
      upstream.setTimeout(0);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (error) => {
      if (established || client.writableEnded) return client.destroy();
      if (error instanceof UrlRefusedError) return deny(error.message);
      client.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n");
    });
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
  });

  // WebSocket upgrades over plain http are not needed for a page load and are not forwarded.
  server.on("upgrade", (_request, client: Duplex) => client.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n"));
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
