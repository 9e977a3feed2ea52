import type { FastifyReply, FastifyRequest } from "fastify";

/** Drop a client whose socket stops draining rather than buffering for it without limit. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SseStream {
  send(event: string, data: unknown, id?: number): void;
  comment(text: string): void;
  close(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

/**
 * Takes the response over for server-sent events: no compression or proxy buffering, a retry
 * hint for the browser, and an end on client disconnect or server shutdown.
 */
export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  extraHeaders: Record<string, string | string[]> = {},
): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
    ...extraHeaders,
  });
  raw.flushHeaders();
  let closed = false;
  const listeners: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners) listener();
    raw.end();
  };
  request.raw.on("close", close);
  raw.on("error", close);
  const write = (chunk: string) => {
    if (closed) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      request.log.warn("chat stream not draining; closing it");
      close();
    }
  };
  // Reconnect after 3 s (plus jitter on the client) when the connection drops.
  write("retry: 3000\n\n");
  return {
    send(event, data, id) {
      write(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text}\n\n`);
    },
    close,
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}

/** The replay point: the Last-Event-ID header of an automatic reconnect, or ?lastEventId=. */
export function lastEventIdOf(request: FastifyRequest, query: number | undefined): number {
  const header = Number(request.headers["last-event-id"]);
  const fromHeader = Number.isSafeInteger(header) && header > 0 ? header : 0;
  return Math.max(fromHeader, query ?? 0);
}
