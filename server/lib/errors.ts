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
