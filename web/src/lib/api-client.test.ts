import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiRequest, serverFieldErrors } from "./api-client.ts";
import { createQueryClient, getQueryFn, retryDelay } from "./query-client.ts";

let server: Server;
let base: string;
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method, contentType: request.headers["content-type"], body });
      if (request.url === "/ok") {
        response.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}');
      } else if (request.url === "/unauthorized") {
        response.writeHead(401, { "content-type": "application/json" }).end('{"message":"Not signed in"}');
      } else if (request.url === "/empty-error") {
        response.writeHead(503).end();
      } else {
        response.writeHead(400, { "content-type": "application/json" }).end('{"message":"Invalid credentials"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest (spec section 7)", () => {
  it("sends JSON and returns the OK response", async () => {
    const response = await apiRequest("POST", `${base}/ok`, { a: 1 });
    expect(await response.json()).toEqual({ hello: "world" });
    expect(seen.at(-1)).toEqual({ method: "POST", contentType: "application/json", body: '{"a":1}' });
  });

  it('raises a non-OK response as "status: body text"', async () => {
    const error = await apiRequest("POST", `${base}/bad`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Invalid credentials"}');
    expect((error as ApiError).serverMessage()).toBe("Invalid credentials");
  });

  it("falls back to the status text when the body is empty", async () => {
    const error = (await apiRequest("GET", `${base}/empty-error`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.serverMessage()).toBeUndefined();
  });
});

describe("serverFieldErrors", () => {
  const refused = (body: unknown, status = 400) => new ApiError(status, JSON.stringify(body));

  it("reads each field's message from an answer in the error contract", () => {
    const error = refused({
      error: "validation_failed",
      message: "Email: invalid",
      fields: { email: "Invalid", name: "Required" },
    });
    expect(serverFieldErrors(error)).toEqual({ email: "Invalid", name: "Required" });
    expect(serverFieldErrors(error, ["email"] as const)).toEqual({ email: "Invalid" });
  });

  it("gives nothing for answers that are not the contract, and for other errors", () => {
    expect(serverFieldErrors(new ApiError(502, "<html>Bad gateway</html>"))).toEqual({});
    expect(serverFieldErrors(refused({ error: "x", message: "y", fields: { email: 3 } }))).toEqual({});
    expect(serverFieldErrors(refused({ error: "x", message: "y", fields: { email: "" } }))).toEqual({});
    expect(serverFieldErrors(new TypeError("Failed to fetch"))).toEqual({});
  });
});

describe("the query client's defaults", () => {
  it("GETs the first key path and can treat 401 as null", async () => {
    const client = createQueryClient();
    const asNull = getQueryFn({ on401: "returnNull" });
    const context = (key: string) =>
      ({ queryKey: [key], client, signal: new AbortController().signal, meta: undefined }) as never;
    expect(await asNull(context(`${base}/unauthorized`))).toBeNull();
    expect(await asNull(context(`${base}/ok`))).toEqual({ hello: "world" });
    await expect(getQueryFn({ on401: "throw" })(context(`${base}/unauthorized`))).rejects.toThrow("401: ");
  });

  it("retries 3 times from 1 s doubling up to 30 s, never refetches on focus, stays fresh 5 minutes", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: 3, refetchOnWindowFocus: false, staleTime: 300_000 });
    expect(mutations).toMatchObject({ retry: 1 });
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
