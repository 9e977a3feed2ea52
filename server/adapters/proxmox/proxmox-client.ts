import { Agent, request as httpsRequest } from "node:https";
import type { TLSSocket } from "node:tls";

/**
 * A small client for the Proxmox VE API (https://pve.proxmox.com/pve-docs/api-viewer/): HTTPS to
 * a cluster node on :8006, an API token in the Authorization header (`PVEAPIToken=USER@REALM!ID=SECRET`,
 * no ticket or CSRF token needed), form-encoded parameters, answers in a `{"data": ...}` envelope.
 * Errors come back as an HTTP status whose reason phrase (and `message`) says what went wrong, with
 * `errors` per parameter for a 400. Long work (clone, start, delete) answers a task id (UPID) that
 * is followed with /nodes/{node}/tasks/{upid}/status until it is `stopped`, then its `exitstatus`
 * says "OK" or the error.
 *
 * Clusters usually present their own certificate authority's certificate: trust it with `ca` (the
 * cluster's pve-root-ca.pem) or pin the API certificate's SHA-256 `fingerprint` (as the web UI shows
 * it under the node's Certificates).
 */

export interface ProxmoxClientOptions {
  /** https://host:8006 */
  url: string;
  /** USER@REALM!TOKENID=SECRET */
  token: string;
  ca?: string;
  /** AA:BB:...: the API certificate's SHA-256 fingerprint; any other certificate is refused. */
  fingerprint?: string;
  /** Per call. A slower answer is "outcome unknown", never a failure of the work. */
  timeoutMs?: number;
  /** Between two reads of a running task's status (tests pass one that does not wait). */
  pause?: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
}

/**
 * - "unavailable": no answer, or the cluster could not answer (timeout, connection, 502-504,
 *   pveproxy's 595/596/599): the work may or may not have happened; look before doing it again.
 * - "refused": the call itself is wrong (401 token, 403 permission, 400 parameters, 501): retrying
 *   will not help; staff must fix the configuration.
 * - "failed": the cluster tried and said no (a 500 with its reason, or a task that ended with an error).
 */
export class ProxmoxError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused" | "failed",
    message: string,
    readonly status: number | null = null,
    readonly errors: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = "ProxmoxError";
  }
}

export type Params = Record<string, string | number | boolean | undefined>;

/** A task's end as the cluster reports it. */
export interface TaskEnd {
  upid: string;
  exitstatus: string;
}

export interface ProxmoxClient {
  readonly url: string;
  get<T = unknown>(path: string, query?: Params): Promise<T>;
  post<T = unknown>(path: string, params?: Params): Promise<T>;
  put<T = unknown>(path: string, params?: Params): Promise<T>;
  delete<T = unknown>(path: string, query?: Params): Promise<T>;
  /** Follows a task until it stops; throws a "failed" ProxmoxError with its exit status unless it ended OK. */
  waitTask(upid: string, timeoutMs: number): Promise<TaskEnd>;
  close(): void;
}

const UPID =
  /^UPID:([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?):[0-9A-F]{8}:[0-9A-F]{8,9}:[0-9A-F]{8}:[^:\s]+:[^:\s]*:[^:\s]+:$/i;

/** The node a task runs on (the UPID's second field; pve-common upid_decode). */
export function upidNode(upid: string): string | null {
  return UPID.exec(upid)?.[1] ?? null;
}

const UNAVAILABLE_STATUSES = new Set([502, 503, 504, 595, 596, 599]);

function encode(params: Params): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.append(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  }
  return form.toString();
}

const defaultPause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function proxmoxClient(options: ProxmoxClientOptions): ProxmoxClient {
  const base = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pause = options.pause ?? defaultPause;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const expected = options.fingerprint?.toUpperCase().replace(/[^0-9A-F]/g, "");
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 4,
    ...(options.ca ? { ca: options.ca } : {}),
    // A pinned fingerprint replaces the chain check; the certificate is compared on every connection,
    // so no TLS session is resumed (a resumed session may not carry the peer's certificate).
    rejectUnauthorized: !expected,
    ...(expected ? { maxCachedSessions: 0 } : {}),
  });

  function call<T>(method: string, path: string, params: Params = {}): Promise<T> {
    const withBody = method === "POST" || method === "PUT";
    const query = withBody ? "" : encode(params);
    const body = withBody ? encode(params) : "";
    const target = `/api2/json${path}${query ? `?${query}` : ""}`;
    return new Promise<T>((resolve, reject) => {
      const req = httpsRequest(
        {
          protocol: "https:",
          hostname: base.hostname,
          port: base.port || 8006,
          method,
          path: target,
          agent,
          headers: {
            authorization: `PVEAPIToken=${options.token}`,
            accept: "application/json",
            ...(withBody
              ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) }
              : {}),
          },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", (error) =>
            reject(new ProxmoxError("unavailable", `${method} ${path}: ${error.message}`)),
          );
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            let parsed: { data?: unknown; message?: unknown; errors?: unknown } = {};
            try {
              const text = Buffer.concat(chunks).toString("utf8");
              parsed = text ? (JSON.parse(text) as typeof parsed) : {};
            } catch {
              parsed = {};
            }
            if (status === 200) return resolve(parsed.data as T);
            const errors =
              parsed.errors && typeof parsed.errors === "object" ? (parsed.errors as Record<string, string>) : null;
            const reason =
              (typeof parsed.message === "string" ? parsed.message.trim() : "") ||
              response.statusMessage ||
              `HTTP ${status}`;
            const detail = errors
              ? `${reason} ${Object.entries(errors)
                  .map(([k, v]) => `${k}: ${String(v).trim()}`)
                  .join("; ")}`
              : reason;
            const kind = UNAVAILABLE_STATUSES.has(status)
              ? "unavailable"
              : status >= 500 && status !== 501
                ? "failed"
                : "refused";
            reject(new ProxmoxError(kind, `${method} ${path}: ${status} ${detail}`, status, errors));
          });
        },
      );
      req.on("socket", (socket) => {
        if (!expected) return;
        const tls = socket as TLSSocket;
        const check = () => {
          const actual = tls.getPeerCertificate()?.fingerprint256?.replace(/:/g, "").toUpperCase();
          if (actual !== expected) {
            req.destroy(
              new ProxmoxError(
                "refused",
                `${base.host} presented a certificate whose fingerprint is not the configured one`,
              ),
            );
          }
        };
        if (tls.encrypted && !tls.connecting) check();
        else tls.once("secureConnect", check);
      });
      req.on("timeout", () =>
        req.destroy(new ProxmoxError("unavailable", `${method} ${path}: no answer within ${timeoutMs} ms`)),
      );
      req.on("error", (error) =>
        reject(
          error instanceof ProxmoxError
            ? error
            : new ProxmoxError("unavailable", `${method} ${path}: ${error.message}`),
        ),
      );
      req.end(body || undefined);
    });
  }

  return {
    url: options.url,
    get: (path, query) => call("GET", path, query),
    post: (path, params) => call("POST", path, params),
    put: (path, params) => call("PUT", path, params),
    delete: (path, query) => call("DELETE", path, query),
    async waitTask(upid, waitMs) {
      const node = upidNode(upid);
      if (!node) throw new ProxmoxError("failed", `not a task id: ${upid}`);
      const until = Date.now() + waitMs;
      for (;;) {
        const status = await call<{ status?: string; exitstatus?: string }>(
          "GET",
          `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(upid)}/status`,
        );
        if (status?.status === "stopped") {
          const exitstatus = status.exitstatus ?? "unexpected status";
          // "WARNINGS: n" is a task that did its work and logged warnings.
          if (exitstatus === "OK" || exitstatus.startsWith("WARNINGS")) return { upid, exitstatus };
          throw new ProxmoxError("failed", exitstatus);
        }
        if (Date.now() >= until) throw new ProxmoxError("unavailable", `task ${upid} still running after ${waitMs} ms`);
        await pause(pollIntervalMs);
      }
    },
    close: () => agent.destroy(),
  };
}
