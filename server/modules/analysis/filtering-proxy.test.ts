import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebindingResolver, testResolver } from "../../../tests/doubles/test-resolver.ts";
import { type FilteringProxy, startFilteringProxy } from "./filtering-proxy.ts";
import { networkPolicy, type ResolveAll } from "./ssrf-guard.ts";

/** A GET through the proxy, the way a browser asks a forward proxy (absolute URL). */
function viaProxy(proxy: FilteringProxy, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: proxy.port, path: url, headers: { host: new URL(url).host } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** A CONNECT through the proxy; the status the proxy answers with. */
function connectVia(proxy: FilteringProxy, target: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: proxy.port, method: "CONNECT", path: target });
    // Node hands every CONNECT answer, refusals included, to "connect".
    request.on("connect", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("Chromium's filtering proxy", () => {
  let site: http.Server;
  let port = 0;
  let hits = 0;
  const proxies: FilteringProxy[] = [];
  const start = async (resolve: ResolveAll, allowLoopback = false) => {
    const proxy = await startFilteringProxy(networkPolicy({ resolve, allowLoopback }));
    proxies.push(proxy);
    return proxy;
  };

  beforeAll(async () => {
    site = http.createServer((_request, response) => {
      hits += 1;
      response.end("fixture");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    port = (site.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it.each([
    "http://10.0.0.5/",
    "http://192.168.1.1:8080/admin",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:127.0.0.1]/",
    "http://2130706433/",
  ])("refuses a request for %s", async (url) => {
    const proxy = await start(testResolver({}));
    const { status, body } = await viaProxy(proxy, url);
    expect(status).toBe(403);
    expect(body).toMatch(/not allowed/);
  });

  it("refuses a name that resolves to a private address, and a CONNECT to one", async () => {
    const proxy = await start(testResolver({ "intranet.attacker.test": ["10.1.2.3"] }));
    expect((await viaProxy(proxy, "http://intranet.attacker.test/")).body).toMatch(
      /10\.1\.2\.3 is a private network address/,
    );
    expect((await connectVia(proxy, "intranet.attacker.test:443")).status).toBe(403);
    expect((await connectVia(proxy, "10.0.0.1:443")).status).toBe(403);
    expect(proxy.refused.length).toBe(3);
  });

  it("refuses a DNS-rebinding name on the address it would actually connect to", async () => {
    const resolve = rebindingResolver("rebind.attacker.test", "93.184.216.34", "127.0.0.1");
    const proxy = await start(resolve);
    // A guard that checked this first answer and then let the connection resolve again is fooled.
    await resolve("rebind.attacker.test");
    const before = hits;
    const { status, body } = await viaProxy(proxy, `http://rebind.attacker.test:8080/`);
    expect(status).toBe(403);
    expect(body).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect((await connectVia(proxy, "rebind.attacker.test:443")).status).toBe(403);
    expect(hits).toBe(before);
  });

  it("tunnels only to TLS ports", async () => {
    const proxy = await start(testResolver({ "public.example.test": ["93.184.216.34"] }));
    const refused = await connectVia(proxy, "public.example.test:8080");
    expect(refused.status).toBe(403);
    expect(proxy.refused.at(-1)).toMatch(/Port 8080 is not allowed for a tunnel/);
    expect((await connectVia(proxy, "public.example.test:22")).status).toBe(403);
  });

  it("refuses the loopback fixture site unless the test-only switch is on, then forwards to it", async () => {
    const table = { "site.test": ["127.0.0.1"] };
    const strict = await start(testResolver(table));
    expect((await viaProxy(strict, `http://site.test:${port}/`)).status).toBe(403);
    expect((await connectVia(strict, `site.test:${port}`)).status).toBe(403);
    const before = hits;
    const loose = await start(testResolver(table), true);
    expect(await viaProxy(loose, `http://site.test:${port}/`)).toEqual({ status: 200, body: "fixture" });
    expect((await connectVia(loose, `site.test:${port}`)).status).toBe(200);
    expect(hits).toBe(before + 1);
  });
});
