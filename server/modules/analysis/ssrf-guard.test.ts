import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attackerDns, ssrfCorpus } from "../../../tests/doubles/ssrf-corpus.ts";
import { rebindingResolver, testResolver } from "../../../tests/doubles/test-resolver.ts";
import { fetchFollowing, fetchOnce } from "./safe-fetch.ts";
import { addressRange, addressRefusal, checkUrl, networkPolicy, UrlRefusedError } from "./ssrf-guard.ts";

describe("SSRF guard", () => {
  const policy = networkPolicy({ resolve: testResolver(attackerDns) });

  it("has a corpus of at least 40 bypass attempts", () => {
    expect(ssrfCorpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(ssrfCorpus)("refuses %s", async (url) => {
    await expect(fetchOnce(url, policy, { timeoutMs: 2000 })).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["93.184.216.34", "unicast"],
    ["2606:4700::1", "unicast"],
    ["not-an-ip", "invalid"],
  ])("classifies %s as %s", (address, range) => {
    expect(addressRange(address)).toBe(range);
  });

  it.each(["2606:4700::1111", "2a00:1450:4001:80b::200e", "2600:1f18::1", "2600:1f18::5efe:5db8:d822"])(
    "accepts the global unicast IPv6 address %s",
    (address) => {
      expect(addressRefusal(address, { allowLoopback: false })).toBeNull();
    },
  );

  it("accepts public addresses and names, dropping the fragment", () => {
    expect(checkUrl("https://Example.com/a?b=1#top", policy).href).toBe("https://example.com/a?b=1");
    expect(checkUrl("http://93.184.216.34:8080/", policy).port).toBe("8080");
  });

  it("explains why in words", () => {
    expect(() => checkUrl("http://169.254.169.254/", policy)).toThrow(/link-local/);
    expect(() => checkUrl("ftp://example.com/", policy)).toThrow(/Only http:\/\/ and https:\/\//);
  });
});

describe("connect-time checks (a loopback server that must never be reached)", () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      if (request.url === "/to-metadata") {
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      } else if (request.url === "/to-mapped") {
        response.writeHead(301, { location: "http://[::ffff:192.168.0.1]/" }).end();
      } else if (request.url === "/to-file") {
        response.writeHead(302, { location: "file:///etc/passwd" }).end();
      } else if (request.url === "/loop") {
        response.writeHead(302, { location: "/loop" }).end();
      } else {
        response.end("ok");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses a name that rebinds to loopback between the check and the connection", async () => {
    const resolve = rebindingResolver("rebind.attacker.test", "93.184.216.34", "127.0.0.1");
    const rebinding = networkPolicy({ resolve });
    // A naive guard checks once, then connects by name; ours checks what it connects to.
    await resolve("rebind.attacker.test");
    const before = hits;
    await expect(fetchOnce(`http://rebind.attacker.test:8080/`, rebinding)).rejects.toThrow(/loopback/);
    expect(hits).toBe(before);
  });

  it("reaches loopback only when the test-only switch is on", async () => {
    const blocked = networkPolicy({ resolve: testResolver({}) });
    await expect(fetchOnce(`http://127.0.0.1:${port}/`, blocked)).rejects.toBeInstanceOf(UrlRefusedError);
    const allowed = networkPolicy({ allowLoopback: true, resolve: testResolver({ "site.test": ["127.0.0.1"] }) });
    const result = await fetchOnce(`http://site.test:${port}/`, allowed);
    expect(result.body.toString()).toBe("ok");
    expect(result.remoteAddress).toBe("127.0.0.1");
  });

  it.each(["/to-metadata", "/to-mapped", "/to-file", "/loop"])("refuses the redirect at %s", async (path) => {
    const allowed = networkPolicy({ allowLoopback: true, resolve: testResolver({}) });
    await expect(fetchFollowing(`http://127.0.0.1:${port}${path}`, allowed)).rejects.toBeInstanceOf(UrlRefusedError);
  });
});
