import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StalledDocument {
  /** The proxy's origin: pages must be loaded from it for the stall to apply. */
  url: string;
  /** Sends the rest of the stalled document. */
  release(): void;
  close(): Promise<void>;
}

// Headers that described the upstream body as it was on the wire; fetch has already decoded it.
const wireHeaders = new Set(["content-encoding", "content-length", "transfer-encoding", "connection"]);

function copyHeaders(from: Response, to: ServerResponse) {
  to.statusCode = from.status;
  for (const [name, value] of from.headers) if (!wireHeaders.has(name)) to.appendHeader(name, value);
}

/**
 * A loopback proxy in front of the site that sends `path`'s document up to the first `stallBefore`,
 * then holds the rest until `release()`: the network pausing in the middle of a page, as a slow
 * link does at a packet boundary. Every other request passes straight through.
 */
export async function startStalledDocument(
  upstream: string,
  path: string,
  stallBefore: string,
): Promise<StalledDocument> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const headers = new Headers();
      for (const name of ["accept", "accept-language", "cookie", "user-agent"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      const answer = await fetch(new URL(request.url ?? "/", upstream), { headers, redirect: "manual" });
      const body = Buffer.from(await answer.arrayBuffer());
      copyHeaders(answer, response);
      if (request.url !== path) return response.end(body);
      const document = body.toString("utf8");
      const cut = document.indexOf(stallBefore);
      if (cut < 0) throw new Error(`${path} does not contain ${stallBefore}`);
      response.write(document.slice(0, cut));
      await released;
      response.end(document.slice(cut));
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
