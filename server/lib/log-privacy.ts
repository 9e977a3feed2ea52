import type { FastifyServerOptions } from "fastify";

/**
 * Paths whose next segment is a secret link: whoever holds it sees the order or plan. Matched
 * anywhere in the path, so every language's copy (/fr/..., /sw/..., /rw/...) and any prefix a
 * client adds are covered, not only the English pages.
 */
const SECRET_LINK =
  /(\/(?:api\/vps\/orders|vps-hosting\/order|api\/domains\/orders|domains\/order-status|api\/projects|project-details)\/+)[^/]+/g;

/** Paths whose next segment is a domain name somebody searched for or is ordering (order links aside). */
const PRIVATE_PATH = /(\/(?:api\/domains|domain-details|domains\/order)\/+)(?!orders(?:\/\[secret\]|$))[^]*/;

/**
 * A request URL safe to log: searched domain names and secret links removed from the path, every
 * query value (searches, phone numbers, report ids) replaced, the fragment dropped.
 */
export function privateUrl(url: string): string {
  const [beforeFragment = ""] = url.split("#", 1);
  const queryAt = beforeFragment.indexOf("?");
  const path = queryAt < 0 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt < 0 ? null : beforeFragment.slice(queryAt + 1);
  const safePath = path.replace(SECRET_LINK, "$1[secret]").replace(PRIVATE_PATH, "$1[name]");
  if (query === null) return safePath;
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals >= 0) return `${pair.slice(0, equals)}=[redacted]`;
      return pair ? "[redacted]" : pair;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

interface RawRequest {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  severity?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** A database error carries the statement's values (drizzle's params, PostgreSQL's own message and detail). */
function isDatabaseError(error: LoggableError): boolean {
  return error.name === "DrizzleQueryError" || "params" in error || typeof error.severity === "string";
}

/**
 * An error as the log may hold it: its type, code, our own SQL text and the stack's frames. A
 * database error's message and values, which quote what a visitor sent (a name, an email), are
 * left out; so is every message line of the stack.
 */
export function privateError(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== "object") return { type: typeof error };
  const e = error as LoggableError;
  const database = isDatabaseError(e);
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  return {
    type: e.constructor?.name ?? e.name,
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: e.code } : {}),
    message: database ? "database error (values withheld)" : e.message,
    ...(database && typeof e.query === "string" ? { query: e.query } : {}),
    stack: frames,
    ...(e.cause && depth < 3 ? { cause: privateError(e.cause, depth + 1) } : {}),
  };
}

/** Fastify's request and error serializers: private URLs, and no values from failed queries. */
export function withPrivateUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger || typeof logger !== "object") return logger;
  return {
    ...logger,
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      err: (error: unknown) => privateError(error),
      req: (request: RawRequest) => ({
        method: request.method,
        url: privateUrl(request.url ?? ""),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as unknown as FastifyServerOptions["logger"];
}
