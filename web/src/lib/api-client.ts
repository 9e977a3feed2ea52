import { ApiErrorBody } from "#contracts/errors.ts";
import { currentLanguage } from "../i18n/index.ts";

/**
 * The site's HTTP helper (spec section 7): JSON bodies, credentials always sent, and a
 * non-OK response raised as an error whose message is "status: body text".
 */
/** What the client reads of an error answer: the contract, lenient about the code it does not use. */
const ReadableErrorBody = ApiErrorBody.partial({ error: true });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body || "Request failed"}`);
    this.name = "ApiError";
  }

  /** The answer read with the API's error contract, or undefined when it is not one (a proxy's page). */
  errorBody(): Partial<ApiErrorBody> | undefined {
    try {
      const parsed = ReadableErrorBody.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data : undefined;
    } catch {
      // Not JSON: there is no structured answer.
      return undefined;
    }
  }

  /** The server's JSON `message`, when the body carries one. */
  serverMessage(): string | undefined {
    return this.errorBody()?.message;
  }
}

/**
 * The server's message for each bad field of a refused request (`fields` in the error contract),
 * kept to the given field names when there are some; empty for anything else.
 */
export function serverFieldErrors(error: unknown): Record<string, string>;
export function serverFieldErrors<F extends string>(error: unknown, names: readonly F[]): Partial<Record<F, string>>;
export function serverFieldErrors(error: unknown, names?: readonly string[]): Record<string, string> {
  const fields = error instanceof ApiError ? (error.errorBody()?.fields ?? {}) : {};
  return Object.fromEntries(
    Object.entries(fields).filter(([name, message]) => message && (!names || names.includes(name))),
  );
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
}

/** The page's language: the server answers (errors, chat replies, emails) in it. */
export function languageHeaders(): Record<string, string> {
  return { "Accept-Language": currentLanguage() };
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? languageHeaders() : { ...languageHeaders(), "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}
