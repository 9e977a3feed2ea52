import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readEvents } from "./ndjson.ts";

const Event = z.object({ n: z.number() });

/** A body that arrives in the given pieces, as a slow network splits it. */
function body(...pieces: string[]) {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    }),
  ).body!;
}

async function all(stream: ReturnType<typeof body>) {
  const events: unknown[] = [];
  for await (const event of readEvents(stream, Event)) events.push(event);
  return events;
}

describe("readEvents", () => {
  it("yields each line once, however the bytes are split, skipping blank lines", async () => {
    expect(await all(body('{"n":1}\n{"n"', ":2}\n\n", '{"n":3}'))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("keeps a character split across chunks whole", async () => {
    const Text = z.object({ s: z.string() });
    const bytes = new TextEncoder().encode('{"s":"bücher"}\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    const events: unknown[] = [];
    for await (const event of readEvents(new Response(stream).body!, Text)) events.push(event);
    expect(events).toEqual([{ s: "bücher" }]);
  });

  it("refuses an event its contract does not describe", async () => {
    await expect(all(body('{"n":"one"}\n'))).rejects.toThrow();
  });
});
