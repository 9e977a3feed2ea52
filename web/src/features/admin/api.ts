import type { z } from "zod";
import { AdminSession } from "#contracts/admin.ts";
import { ApiError, apiRequest, serverFieldErrors } from "../../lib/api-client.ts";
import { paths } from "../../lib/route-table.ts";

/** Every admin query key starts with its API path, so all of them can be found and dropped at once. */
export const sessionKey = ["/api/admin/verify"] as const;
export const isAdminQueryKey = (key: readonly unknown[]) =>
  typeof key[0] === "string" && key[0].startsWith("/api/admin");

export async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>> {
  const response = await apiRequest("GET", url);
  return schema.parse(await response.json());
}

export async function sendJson<S extends z.ZodType>(
  method: string,
  url: string,
  data: unknown,
  schema: S,
): Promise<z.infer<S>> {
  const response = await apiRequest(method, url, data);
  return schema.parse(await response.json());
}

export async function send(method: string, url: string, data?: unknown): Promise<void> {
  await apiRequest(method, url, data);
}

/** The signed-in staff member, or null when there is no session (401). */
export async function fetchSession(): Promise<AdminSession | null> {
  try {
    return await getJson("/api/admin/verify", AdminSession);
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
}

export const isStatus = (error: unknown, status: number): error is ApiError =>
  error instanceof ApiError && error.status === status;

/** A 4xx answer will not change by asking again; only network and server failures are retried. */
export function adminRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof Error && error.name === "ZodError") return false;
  return failureCount < 3;
}

/** The fetch failed before any answer came back (offline, DNS, refused). */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

/** The server's own message for a failed call, if it sent one. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.serverMessage() : undefined;

/** Per-field messages of a refused request (`{ fields: { name: message } }`). */
export function serverFieldMessages(error: unknown): Record<string, string> {
  return serverFieldErrors(error);
}

export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const LOGIN_PATH = paths.adminLogin();

/** Where the sign-in screen sends someone who arrived from a guarded page. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(returnTo)}`;
}

/**
 * The `next` parameter, if it is an admin page of this site. Anything else (another host,
 * a protocol-relative "//host", the sign-in page itself) is ignored, so the sign-in page
 * cannot be used to send someone elsewhere.
 */
export function safeNextPath(next: string | null, origin: string): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname !== paths.admin() && !url.pathname.startsWith("/admin/")) return null;
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
