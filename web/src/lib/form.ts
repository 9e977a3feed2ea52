import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { serverFieldErrors } from "./api-client.ts";

/**
 * Puts the server's message for each refused field (the error contract's `fields`) on a
 * react-hook-form form, focusing the first field that can take focus. Returns how many fields the
 * server named, so a caller can tell a field refusal from any other failure.
 */
export function applyServerFieldErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  names: readonly Path<V>[],
  options: { unfocusable?: readonly Path<V>[] } = {},
): number {
  const fields = serverFieldErrors(error, names);
  let focused = false;
  const entries = Object.entries(fields) as Array<[Path<V>, string]>;
  for (const [name, message] of entries) {
    const focusable = !options.unfocusable?.includes(name);
    setError(name, { type: "server", message }, { shouldFocus: !focused && focusable });
    if (focusable) focused = true;
  }
  return entries.length;
}
