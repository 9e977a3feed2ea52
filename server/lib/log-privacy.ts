import type { FastifyServerOptions } from "fastify";

/** Paths whose next segment is a domain name somebody searched for. */
const PRIVATE_PATH = /^(\/(?:api\/domains|domain-details)\/)[^?#]*/;

/** A request URL safe to log: searched domain names and search query values removed. */
export function privateUrl(url: string): string {
  return url.replace(PRIVATE_PATH, "$1[name]").replace(/([?&](?:q|name|domain)=)[^&#]*/gi, "$1[redacted]");
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
