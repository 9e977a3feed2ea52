import { currentLanguage } from "../i18n/index.ts";

/**
 * The site's HTTP helper (spec section 7): JSON bodies, credentials always sent, and a
 * non-OK response raised as an error whose message is "status: body text".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body || "Request failed"}`);
    this.name = "ApiError";
  }

  /** The server's JSON `message`, when the body carries one. */
  serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
        return parsed.message;
      }
    } catch {
      // Not JSON: there is no structured message.
    }
    return undefined;
  }
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
