import dgram from "node:dgram";
import net from "node:net";
import { afterEach } from "vitest";

// Tests talk to loopback doubles only. A connection (TCP, TLS, HTTP) or datagram (DNS) to any other
// address is refused here and fails the test that made it, even if the code under test caught the
// error and carried on (conventions: "an outgoing request nobody expected fails the test").

const isLoopback = (address: string) =>
  address === "localhost" ||
  /^127\./.test(address) ||
  address === "::1" ||
  /^::ffff:127\./i.test(address) ||
  address === "0:0:0:0:0:0:0:1";

let attempts: string[] = [];

function refuse(kind: string, address: string): Error {
  const message = `${kind} to ${address} refused: tests may only reach loopback doubles`;
  attempts.push(message);
  return Object.assign(new Error(message), { code: "ECONNREFUSED" });
}

type ConnectArgs = Parameters<net.Socket["connect"]>;
const connect = net.Socket.prototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket;

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: ConnectArgs) {
  const [first] = args as unknown[];
  const options = (Array.isArray(first) ? first[0] : first) as net.NetConnectOpts | number | string | undefined;
  const host = typeof options === "object" && options !== null && "host" in options ? options.host : undefined;
  const path = typeof options === "object" && options !== null && "path" in options ? options.path : undefined;
  if (path === undefined && typeof options !== "string") {
    if (host && net.isIP(host) && !isLoopback(host)) {
      const error = refuse("connection", host);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    // A host name: check the address it resolves to, before the socket connects to it.
    if (host && !net.isIP(host)) {
      this.once("lookup", (err: Error | null, address: string) => {
        if (!err && !isLoopback(address)) this.destroy(refuse("connection", `${host} (${address})`));
      });
    }
  }
  return connect.apply(this, args as unknown[]);
} as net.Socket["connect"];

const send = dgram.Socket.prototype.send as (this: dgram.Socket, ...args: unknown[]) => void;
dgram.Socket.prototype.send = function guardedSend(this: dgram.Socket, ...args: unknown[]) {
  // send(msg, [offset, length,] port, address, callback)
  const address = args.find((arg, i) => i > 0 && typeof arg === "string") as string | undefined;
  if (address && !isLoopback(address)) {
    const error = refuse("datagram", address);
    const callback = args.at(-1);
    if (typeof callback === "function") process.nextTick(() => callback(error));
    return;
  }
  send.apply(this, args);
} as dgram.Socket["send"];

/** The refused attempts since the last call (the guard's own test reads them). */
export function drainOutboundAttempts(): string[] {
  const seen = attempts;
  attempts = [];
  return seen;
}

afterEach(() => {
  const seen = drainOutboundAttempts();
  if (seen.length > 0) throw new Error(`Unexpected outbound connection:\n${seen.join("\n")}`);
});
