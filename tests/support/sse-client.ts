/** A minimal server-sent-events reader for API tests: collects events and waits for one. */
export interface ReceivedEvent {
  id?: number;
  event: string;
  data: unknown;
}

export interface TestStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  comments: string[];
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

export async function openTestStream(url: string, headers: Record<string, string> = {}): Promise<TestStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  if (response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const received: Partial<ReceivedEvent> & { dataText?: string } = {};
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) comments.push(line.slice(1).trim());
              else if (line.startsWith("id: ")) received.id = Number(line.slice(4));
              else if (line.startsWith("event: ")) received.event = line.slice(7);
              else if (line.startsWith("data: ")) received.dataText = line.slice(6);
            }
            if (received.event && received.dataText !== undefined) {
              events.push({ id: received.id, event: received.event, data: JSON.parse(received.dataText) });
            }
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for an event; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
