import net from "node:net";
import type { AddressInfo } from "node:net";

/** Real-world replies (shapes from registry samples), keyed by what the double answers with. */
export const whoisReplies = {
  ugFound: (name: string) =>
    `**********************************************************\r\n*            The UG ccTLD Registry Database              *\r\n**********************************************************\r\n\r\nDomain name:                    ${name}\r\nStatus:                         ACTIVE\r\nExpires On:                     2027-05-01\r\nRegistered On:                  2015-05-01\r\nRenewed On:                     2026-05-01\r\nNameserver:                     ns1.example.co.ug\r\nNameserver:                     ns2.example.co.ug\r\n`,
  ugNotFound: () =>
    `**********************************************************\r\n*            The UG ccTLD Registry Database              *\r\n**********************************************************\r\n\r\n% No entries found for the selected source(s).\r\n`,
  kenicLegacyNotFound: (name: string) => `Domain Information\r\nQuery: ${name}\r\nStatus: Not Registered\r\n`,
  kenicBroken: () => "Server can't process your request.\r\n",
  verisignNotFound: (name: string) =>
    `No match for "${name.toUpperCase()}".\r\n>>> Last update of whois database: 2026-11-22T06:00:00Z <<<\r\n`,
  rateLimited: () => "% Query rate limit exceeded. Try again later.\r\n",
};

export type WhoisBehaviour =
  | { kind: "reply"; text: string; chunks?: number; chunkDelayMs?: number; latin1?: boolean }
  | { kind: "silent" }
  | { kind: "close" }
  | { kind: "huge" };

export interface WhoisDouble {
  host: string;
  port: number;
  queries: string[];
  names: Record<string, WhoisBehaviour>;
  /** For names not listed. */
  fallback: (name: string) => WhoisBehaviour;
  delayMs: number;
  close(): Promise<void>;
}

/** A port-43 WHOIS server: one CRLF-terminated query line, a text answer, then close. */
export async function startWhoisDouble(options: { delayMs?: number; port?: number } = {}): Promise<WhoisDouble> {
  const sockets = new Set<net.Socket>();
  const double: WhoisDouble = {
    host: "127.0.0.1",
    port: 0,
    queries: [],
    names: {},
    fallback: () => ({ kind: "reply", text: whoisReplies.ugNotFound() }),
    delayMs: options.delayMs ?? 0,
    close: async () => {},
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffered = "";
    let answered = false;
    socket.on("data", async (chunk) => {
      if (answered) return;
      buffered += chunk.toString("latin1");
      const end = buffered.indexOf("\r\n");
      if (end < 0) return;
      const name = buffered.slice(0, end).trim().toLowerCase();
      answered = true;
      double.queries.push(name);
      if (double.delayMs) await new Promise((r) => setTimeout(r, double.delayMs));
      const behaviour = double.names[name] ?? double.fallback(name);
      if (behaviour.kind === "silent") return;
      if (behaviour.kind === "close") return void socket.end();
      if (behaviour.kind === "huge") {
        socket.write(Buffer.alloc(512 * 1024, "a"));
        return void socket.end();
      }
      const bytes = Buffer.from(behaviour.text, behaviour.latin1 ? "latin1" : "utf8");
      const parts = behaviour.chunks ?? 1;
      const size = Math.ceil(bytes.length / parts);
      for (let i = 0; i < parts; i += 1) {
        socket.write(bytes.subarray(i * size, (i + 1) * size));
        if (behaviour.chunkDelayMs) await new Promise((r) => setTimeout(r, behaviour.chunkDelayMs));
      }
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  double.port = (server.address() as AddressInfo).port;
  double.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return double;
}
