import type { z } from "zod";
import { languageHeaders, throwIfNotOk } from "./api-client.ts";

/**
 * POSTs JSON to a streaming endpoint and yields each newline-delimited event as its contract
 * parses it (a malformed event is an error, not a cast). The page's language rides along, so
 * the messages the server writes come back in it. Stops when `signal` aborts.
 */
export async function* postForEvents<S extends z.ZodType>(
  url: string,
  body: unknown,
  schema: S,
  signal: AbortSignal,
): AsyncGenerator<z.infer<S>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...languageHeaders(), "content-type": "application/json", accept: "application/x-ndjson" },
    body: JSON.stringify(body),
    signal,
  });
  await throwIfNotOk(response);
  yield* readEvents(response.body!, schema);
}

/** Each line of an NDJSON body, parsed with its contract; blank lines are skipped. */
export async function* readEvents<S extends z.ZodType>(
  body: NonNullable<Response["body"]>,
  schema: S,
): AsyncGenerator<z.infer<S>> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (line) yield schema.parse(JSON.parse(line));
    }
    if (done) break;
  }
  if (buffer.trim()) yield schema.parse(JSON.parse(buffer));
}
