import { serverT } from "./i18n.ts";

/**
 * The one error type the API raises on purpose. 4xx messages are shown to the caller and
 * name the field; anything else becomes a 500 that says nothing internal.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: { fields?: Record<string, string>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A 400 about one field: the message is both the answer's and that field's. */
export function fieldError(field: string, message: string): AppError {
  return new AppError("validation_failed", message, 400, { fields: { [field]: message } });
}

/** A 429 saying how many seconds to wait, in the request's language, with its Retry-After. */
export function rateLimited(ttlMs: number): AppError {
  const seconds = Math.ceil(ttlMs / 1000);
  return new AppError("rate_limited", serverT("rateLimited", { count: seconds }), 429, {
    headers: { "retry-after": String(seconds) },
  });
}
