import dns from "node:dns";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languages } from "#contracts/languages.ts";
import { startDnsDouble, type DnsDouble } from "../../../tests/doubles/dns-server.ts";
import { fetchDocument } from "./analysis-runner.ts";
import { TargetError } from "./safe-fetch.ts";
import { classifiedResolve, networkPolicy, UrlRefusedError, type ResolveAll } from "./ssrf-guard.ts";

/**
 * Say only what was observed: every way reaching a site can fail gets its own message, and only
 * NXDOMAIN may say a name does not exist. Each case runs against a loopback double.
 */

const servers: Array<http.Server | net.Server> = [];
const sockets = new Set<net.Socket>();
const listen = async <T extends http.Server | net.Server>(server: T): Promise<number> => {
  servers.push(server);
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

const failing =
  (code: string): ResolveAll =>
  async (hostname) => {
    throw Object.assign(new Error(`${code} ${hostname}`), { code });
  };
const loopback: ResolveAll = async () => [{ address: "127.0.0.1", family: 4 }];
const policy = (resolve: ResolveAll) => networkPolicy({ allowLoopback: true, resolve });

async function failureOf(url: string, resolve: ResolveAll = loopback, timeoutMs = 2000): Promise<Error> {
  try {
    await fetchDocument(new URL(url), { policy: policy(resolve), timeoutMs } as never);
  } catch (error) {
    return error as Error;
  }
  throw new Error("no failure");
}

const localized = (error: Error) =>
  Object.fromEntries(languages.map((lng) => [lng, (error as TargetError | UrlRefusedError).localized(lng)])) as Record<
    string,
    string
  >;

describe("DNS: only NXDOMAIN says a name does not exist", () => {
  it("NXDOMAIN: does not exist", async () => {
    const error = await failureOf("http://gone.example/", failing("ENOTFOUND"));
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(error.message).toBe("gone.example does not exist (no DNS record).");
  });

  it("a name without an address exists, and is said to have no address", async () => {
    const error = await failureOf("http://bare.example/", failing("ENODATA"));
    expect(error.message).toBe("bare.example has no address.");
  });

  it.each(["EAI_AGAIN", "ESERVFAIL", "ETIMEOUT", "EREFUSED", "ECONNREFUSED"])(
    "%s: the lookup failed, nothing is said about the name, and a retry is suggested",
    async (code) => {
      const error = await failureOf("http://maybe.example/", failing(code));
      expect(error).toBeInstanceOf(TargetError);
      expect((error as TargetError).code).toBe("dns");
      expect(error.message).toBe(
        `The DNS lookup for maybe.example failed (${code}), so we can't tell whether the name exists. Please try again in a minute.`,
      );
      const words = localized(error);
      expect(new Set(Object.values(words)).size).toBe(4);
      for (const text of Object.values(words)) expect(text).not.toMatch(/does not exist|n'existe pas/);
    },
  );

  describe("the system resolver's 'not found' is confirmed by a DNS query (loopback DNS double)", () => {
    let double: DnsDouble;
    let resolver: dns.promises.Resolver;
    beforeAll(async () => {
      double = await startDnsDouble();
      resolver = new dns.promises.Resolver({ timeout: 300, tries: 1 });
      resolver.setServers([double.server]);
    });
    afterAll(() => double.close());

    it.each([
      ["nxdomain", "ENOTFOUND"],
      ["nodata", "ENODATA"],
      ["servfail", "ESERVFAIL"],
      ["refused", "EREFUSED"],
      ["drop", "ETIMEOUT"],
    ] as const)("DNS answers %s -> %s", async (behaviour, code) => {
      double.names[`${behaviour}.example`] = behaviour;
      const resolve = classifiedResolve(failing("ENOTFOUND"), resolver);
      await expect(resolve(`${behaviour}.example`)).rejects.toMatchObject({ code });
    });
  });
});

describe("connections", () => {
  it("a refused connection", async () => {
    const port = await listen(net.createServer());
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const error = await failureOf(`http://closed.example:${port}/`);
    expect(error.message).toBe(`closed.example:${port} refused the connection.`);
  });

  it("a TLS handshake that fails after the connection was accepted", async () => {
    const port = await listen(net.createServer((socket) => socket.end("HTTP/1.1 200 OK\r\n\r\nnot tls")));
    const error = await failureOf(`https://plain.example:${port}/`);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as TargetError).code).toBe("tls");
    expect(error.message).toMatch(
      new RegExp(
        `^plain\\.example:${port} accepted the connection, but the secure \\(TLS\\) connection could not be set up`,
      ),
    );
    expect(new Set(Object.values(localized(error))).size).toBe(4);
  });

  it("a server that never answers", async () => {
    const port = await listen(net.createServer(() => undefined));
    const error = await failureOf(`http://silent.example:${port}/`, loopback, 300);
    expect((error as TargetError).code).toBe("timeout");
    expect(error.message).toBe(`silent.example:${port} did not answer within 1 second.`);
  });

  it("a redirect loop", async () => {
    const port = await listen(http.createServer((_req, res) => res.writeHead(302, { location: "/again" }).end()));
    const error = await failureOf(`http://loop.example:${port}/`);
    expect(error.message).toBe("The site redirects more than 10 times or in a loop.");
  });

  it("a 5xx answer is analysed as what it is: the site's error page, with a warning", async () => {
    const port = await listen(
      http.createServer((_req, res) => res.writeHead(503, { "content-type": "text/html" }).end("<h1>Down</h1>")),
    );
    const doc = await fetchDocument(new URL(`http://down.example:${port}/`), {
      policy: policy(loopback),
      timeoutMs: 2000,
    } as never);
    expect(doc.warnings).toContain(
      `down.example:${port} answered 503, a server error: what follows is about its error page, ` +
        "not the page you asked for. Try again once the site is back.",
    );
  });
});
