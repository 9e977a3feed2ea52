import dgram from "node:dgram";
import net from "node:net";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { drainOutboundAttempts } from "../setup/no-outbound-connections.ts";

// The guard in tests/setup refuses anything but loopback; here it is checked on itself.
describe("the test suite's outbound-connection guard", () => {
  it("refuses a TCP connection to an address outside loopback, and records it", async () => {
    const socket = net.connect({ host: "192.0.2.10", port: 443 });
    const [error] = (await once(socket, "error")) as [Error];
    expect(error.message).toContain("192.0.2.10 refused");
    expect(drainOutboundAttempts()).toHaveLength(1);
  });

  it("refuses a host name that resolves outside loopback", async () => {
    const socket = net.connect({
      host: "example.test",
      port: 80,
      // Node asks for every address when it tries address families in turn (autoSelectFamily).
      lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
        options.all
          ? callback(null, [{ address: "198.51.100.7", family: 4 }])
          : callback(null, "198.51.100.7", 4)) as net.LookupFunction,
    });
    const [error] = (await once(socket, "error")) as [Error];
    expect(error.message).toContain("example.test (198.51.100.7)");
    expect(drainOutboundAttempts()).toHaveLength(1);
  });

  it("refuses a datagram (a DNS query) outside loopback", async () => {
    const socket = dgram.createSocket("udp4");
    const error = await new Promise<Error | null>((resolve) => socket.send("x", 53, "192.0.2.53", resolve));
    socket.close();
    expect(error?.message).toContain("192.0.2.53");
    expect(drainOutboundAttempts()).toHaveLength(1);
  });

  it("lets loopback through", async () => {
    const server = net.createServer((s) => s.end());
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect({ host: "127.0.0.1", port });
    await once(socket, "connect");
    socket.destroy();
    server.close();
    expect(drainOutboundAttempts()).toEqual([]);
  });
});
