import type { HeaderMap, RequestMessage, ResponseMessage } from "#server/lib/http-signatures/message-signatures.ts";
import { unfold } from "./rfc9421.ts";

/**
 * Reads an HTTP/1.1 message as printed in an RFC (RFC 8792 folding undone first) into the shape the
 * signature code takes: field names in lower case, a repeated field as an array in order, obsolete
 * line folding kept as received.
 */
export function parseHeaders(lines: string[]): HeaderMap {
  const headers: Record<string, string[]> = {};
  let last: string | null = null;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      const values = headers[last]!;
      values[values.length - 1] += `\n${line}`;
      continue;
    }
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).replace(/^[ \t]+/, ""));
    last = name;
  }
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.length === 1 ? v[0]! : v]));
}

function split(text: string): { start: string; headerLines: string[]; body: Buffer } {
  const unfolded = unfold(text);
  const blank = unfolded.indexOf("\n\n");
  const head = blank < 0 ? unfolded : unfolded.slice(0, blank);
  const body = blank < 0 ? "" : unfolded.slice(blank + 2).replace(/^\n+/, "");
  const [start, ...headerLines] = head.split("\n");
  return { start: start!, headerLines, body: Buffer.from(body) };
}

export function parseRequest(text: string, scheme = "https"): { message: RequestMessage; body: Buffer } {
  const { start, headerLines, body } = split(text);
  const [method, target] = start.split(" ");
  const headers = parseHeaders(headerLines);
  const host = headers.host;
  return {
    message: { method: method!, scheme, authority: typeof host === "string" ? host : "", target: target!, headers },
    body,
  };
}

export function parseResponse(text: string): { message: ResponseMessage; body: Buffer } {
  const { start, headerLines, body } = split(text);
  return { message: { status: Number(start.split(" ")[1]), headers: parseHeaders(headerLines) }, body };
}

/** Only the field lines of a block such as "Signature-Input: ...\nSignature: ...". */
export function fieldsOf(text: string): HeaderMap {
  return parseHeaders(unfold(text).split("\n").filter(Boolean));
}
