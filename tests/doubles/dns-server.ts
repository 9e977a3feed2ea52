import dgram from "node:dgram";
import type { AddressInfo } from "node:net";

export type DnsBehaviour = "ns" | "nxdomain" | "nodata" | "servfail" | "refused" | "drop";

export interface DnsDouble {
  /** For Resolver.setServers: "127.0.0.1:<port>". */
  server: string;
  queries: Array<{ name: string; type: number }>;
  names: Record<string, DnsBehaviour>;
  /** For names not listed. */
  fallback: DnsBehaviour;
  delayMs: number;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (message[i] !== 0) {
    const length = message[i]!;
    labels.push(message.subarray(i + 1, i + 1 + length).toString("ascii"));
    i += 1 + length;
  }
  return { name: labels.join("."), end: i + 1 };
}

function encodeName(name: string): Buffer {
  const parts = name
    .split(".")
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "ascii")]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/**
 * A UDP DNS responder the resolver is pointed at: NS answers for delegated names, NXDOMAIN,
 * NODATA, SERVFAIL (a lame delegation or a failing resolver), REFUSED, or no reply at all.
 */
export async function startDnsDouble(
  options: { delayMs?: number; fallback?: DnsBehaviour; port?: number } = {},
): Promise<DnsDouble> {
  const socket = dgram.createSocket("udp4");
  const double: DnsDouble = {
    server: "",
    queries: [],
    names: {},
    fallback: options.fallback ?? "nxdomain",
    delayMs: options.delayMs ?? 0,
    close: async () => {},
  };
  socket.on("message", async (message, remote) => {
    if (message.length < 12) return;
    const question = readName(message, 12);
    const type = message.readUInt16BE(question.end);
    const name = question.name.toLowerCase();
    double.queries.push({ name, type });
    if (double.delayMs) await new Promise((r) => setTimeout(r, double.delayMs));
    const behaviour = double.names[name] ?? double.fallback;
    if (behaviour === "drop") return;
    const rcode =
      behaviour === "nxdomain"
        ? RCODE.NXDOMAIN
        : behaviour === "servfail"
          ? RCODE.SERVFAIL
          : behaviour === "refused"
            ? RCODE.REFUSED
            : RCODE.NOERROR;
    const answers: Buffer[] = [];
    if (behaviour === "ns" && type === 2) {
      for (const ns of [`ns1.${name}`, `ns2.${name}`]) {
        const rdata = encodeName(ns);
        const fixed = Buffer.alloc(12);
        fixed.writeUInt16BE(0xc00c, 0);
        fixed.writeUInt16BE(2, 2);
        fixed.writeUInt16BE(1, 4);
        fixed.writeUInt32BE(300, 6);
        fixed.writeUInt16BE(rdata.length, 10);
        answers.push(fixed, rdata);
      }
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    const rd = message[2]! & 0x01;
    header[2] = 0x80 | rd;
    header[3] = 0x80 | rcode;
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length / 2, 6);
    const reply = Buffer.concat([header, message.subarray(12, question.end + 4), ...answers]);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(options.port ?? 0, "127.0.0.1", resolve));
  double.server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  double.close = () => new Promise((resolve) => socket.close(() => resolve()));
  return double;
}
