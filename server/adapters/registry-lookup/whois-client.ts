import net from "node:net";
import type { DomainUnknownReason } from "#contracts/domains.ts";

export interface WhoisServer {
  host: string;
  port: number;
  /** Case-insensitive patterns meaning "no such domain". */
  notFound: RegExp[];
  /** Case-insensitive patterns meaning "registered". Anything matching neither is unknown. */
  found: RegExp[];
}

export type WhoisAnswer = { kind: "found" } | { kind: "not_found" } | { kind: "unknown"; reason: DomainUnknownReason };

const MAX_BYTES = 256 * 1024;

/** RFC 3912: connect, send the name and CRLF, read until the server closes. */
export function whoisQuery(
  server: { host: string; port: number },
  name: string,
  timeoutMs: number,
): Promise<{ text: string } | { error: DomainUnknownReason }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (value: { text: string } | { error: DomainUnknownReason }) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(value);
    };
    const socket = net.connect({ host: server.host, port: server.port });
    socket.setTimeout(timeoutMs, () => finish({ error: "timeout" }));
    const timer = setTimeout(() => finish({ error: "timeout" }), timeoutMs);
    socket.on("connect", () => socket.write(`${name}\r\n`));
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BYTES) return finish({ error: "unclear" });
      chunks.push(chunk);
    });
    socket.on("error", () => {
      clearTimeout(timer);
      finish({ error: "server_error" });
    });
    socket.on("close", () => {
      clearTimeout(timer);
      finish({ text: decode(Buffer.concat(chunks)) });
    });
  });
}

/** UTF-8 when valid, Latin-1 otherwise (older registries). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString("latin1");
  }
}

export async function whoisLookup(server: WhoisServer, name: string, timeoutMs: number): Promise<WhoisAnswer> {
  const reply = await whoisQuery(server, name, timeoutMs);
  if ("error" in reply) return { kind: "unknown", reason: reply.error };
  return classifyWhois(server, reply.text);
}

export function classifyWhois(server: Pick<WhoisServer, "notFound" | "found">, text: string): WhoisAnswer {
  if (!text.trim()) return { kind: "unknown", reason: "server_error" };
  if (server.notFound.some((pattern) => pattern.test(text))) return { kind: "not_found" };
  if (server.found.some((pattern) => pattern.test(text))) return { kind: "found" };
  if (/limit exceeded|too many|try again later|rate limit/i.test(text))
    return { kind: "unknown", reason: "rate_limited" };
  return { kind: "unknown", reason: "unclear" };
}
