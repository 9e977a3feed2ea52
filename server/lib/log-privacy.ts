import type { FastifyServerOptions } from "fastify";

/** Paths whose next segment is a secret link: whoever holds it sees the order or plan. */
const SECRET_LINK = /^(\/(?:api\/vps\/orders|vps-hosting\/order|api\/domains\/orders|domains\/order-status|api\/projects|project-details)\/)[^/?#]+/;

/** Paths whose next segment is a domain name somebody searched for or is ordering (order links aside). */
const PRIVATE_PATH = /^(\/(?:api\/domains|domain-details|domains\/order)\/)(?!orders(?:\/\[secret\]|[?#]|$))[^?#]*/;

/** A request URL safe to log: searched domain names, secret links and search query values removed. */
export function privateUrl(url: string): string {
  return url
    .replace(SECRET_LINK, "$1[secret]")
    .replace(PRIVATE_PATH, "$1[name]")
    .replace(/([?&](?:q|name|domain|report)=)[^&#]*/gi, "$1[redacted]");
}

interface RawRequest {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with private URLs (searched names never reach the logs). */
export function withPrivateUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger || typeof logger !== "object") return logger;
  return {
    ...logger,
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      req: (request: RawRequest) => ({
        method: request.method,
        url: privateUrl(request.url ?? ""),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions["logger"];
}
