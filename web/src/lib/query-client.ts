import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { throwIfNotOk } from "./api-client.ts";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * GETs the first element of the query key as a path; a 401 may be treated as null (spec section 7).
 * The answer is returned as it came: a query using this parses it with its contract in `select`.
 */
export function getQueryFn(options: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    const response = await fetch(String(queryKey[0]), { credentials: "include" });
    if (options.on401 === "returnNull" && response.status === 401) {
      return null;
    }
    await throwIfNotOk(response);
    const body: unknown = await response.json();
    return body;
  };
}

/** Exponential delay from 1 s, doubling per attempt, capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/**
 * Reads a query again after a change on the server. `invalidateQueries` alone joins a first read
 * still on its way, which may have left before the change and answer with what it replaced; that
 * answer then stays until the next poll. The read in flight is cancelled, so the new one is asked.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchOnWindowFocus: false,
        staleTime: 5 * 60 * 1000,
        retry: 3,
        retryDelay,
      },
      mutations: { retry: 1 },
    },
  });
}
