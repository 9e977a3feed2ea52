import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import {
  type DomainCandidate,
  type DomainResult,
  DomainSearchEvent,
  parseDomainQuery,
  TldPrice,
} from "#contracts/domains.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { postForEvents } from "../../lib/ndjson.ts";

/** The TLDs on sale and their rules, so names are checked in the browser before any request. */
export function useTldCatalog() {
  return useQuery({
    queryKey: ["domain-tlds"],
    queryFn: async () => z.array(TldPrice).parse(await (await apiRequest("GET", "/api/domains/tlds")).json()),
    staleTime: 10 * 60_000,
  });
}

export interface SearchState {
  query: string;
  candidates: DomainCandidate[];
  prices: TldPrice[];
  results: Record<string, DomainResult>;
  loading: boolean;
  error: { message: string; status: number } | null;
}

const EMPTY: SearchState = { query: "", candidates: [], prices: [], results: {}, loading: false, error: null };

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searches as the visitor types (debounced), reading the NDJSON stream so each row fills in the
 * moment its registry answers. A newer search aborts the older one.
 */
export function useDomainSearch(input: string, catalog: TldPrice[] | undefined): SearchState & { retry: () => void } {
  const [state, setState] = useState<SearchState>(EMPTY);
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  // An empty or refused query is answered here, without a request; the stream is stopped.
  const q = input.trim();
  const parsed = q && catalog ? parseDomainQuery(q, catalog) : null;
  const settled: SearchState | null = !q
    ? EMPTY
    : parsed && !parsed.ok
      ? { ...EMPTY, error: { message: parsed.message, status: 400 } }
      : null;
  const cleared = useRef(false);

  useEffect(() => {
    if (settled) {
      controller.current?.abort();
      cleared.current = true;
      return;
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const fresh = cleared.current;
      cleared.current = false;
      setState((previous) => ({ ...(fresh ? EMPTY : previous), loading: true, error: null }));
      void run(q, current, setState);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `settled` follows from q and catalog, which are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, catalog, attempt]);

  useEffect(() => () => controller.current?.abort(), []);
  return { ...(settled ?? state), retry: () => setAttempt((n) => n + 1) };
}

async function run(
  q: string,
  controller: AbortController,
  setState: (update: (s: SearchState) => SearchState) => void,
) {
  try {
    // The page's language: a message the server writes (a refused name) comes back in it.
    for await (const event of postForEvents("/api/domains/search", { q }, DomainSearchEvent, controller.signal)) {
      if (controller.signal.aborted) return;
      if (event.type === "candidates") {
        setState(() => ({
          query: event.query,
          candidates: event.candidates,
          prices: event.prices,
          results: {},
          loading: true,
          error: null,
        }));
      } else if (event.type === "result") {
        setState((s) => ({ ...s, results: { ...s.results, [event.result.name]: event.result } }));
      } else {
        setState((s) => ({ ...s, loading: false }));
      }
    }
  } catch (error) {
    if (controller.signal.aborted) return;
    const failure =
      error instanceof ApiError
        ? { message: error.serverMessage() ?? "", status: error.status }
        : { message: "", status: 0 };
    setState((s) => ({ ...s, candidates: failure.status === 400 ? [] : s.candidates, loading: false, error: failure }));
  }
}
