import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { type DomainCandidate, type DomainResult, DomainSearchEvent, parseDomainQuery, TldPrice } from "../../../../contracts/domains.ts";
import { ApiError, apiRequest, languageHeaders, throwIfNotOk } from "../../lib/api-client.ts";

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
export function useDomainSearch(input: string, catalog: TldPrice[] | undefined): SearchState {
  const [state, setState] = useState<SearchState>(EMPTY);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = input.trim();
    if (!q) {
      controller.current?.abort();
      setState(EMPTY);
      return;
    }
    if (catalog) {
      const parsed = parseDomainQuery(q, catalog);
      if (!parsed.ok) {
        controller.current?.abort();
        setState({ ...EMPTY, error: { message: parsed.message, status: 400 } });
        return;
      }
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => ({ ...previous, loading: true, error: null }));
      void run(q, current, setState);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, catalog]);

  useEffect(() => () => controller.current?.abort(), []);
  return state;
}

async function run(q: string, controller: AbortController, setState: (update: (s: SearchState) => SearchState) => void) {
  try {
    const response = await fetch("/api/domains/search", {
      method: "POST",
      // The page's language: a message the server writes (a refused name) comes back in it.
      headers: { ...languageHeaders(), "content-type": "application/json", accept: "application/x-ndjson" },
      body: JSON.stringify({ q }),
      signal: controller.signal,
    });
    await throwIfNotOk(response);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        if (!line) continue;
        const event = DomainSearchEvent.parse(JSON.parse(line));
        if (controller.signal.aborted) return;
        if (event.type === "candidates") {
          setState(() => ({ query: event.query, candidates: event.candidates, prices: event.prices, results: {}, loading: true, error: null }));
        } else if (event.type === "result") {
          setState((s) => ({ ...s, results: { ...s.results, [event.result.name]: event.result } }));
        } else {
          setState((s) => ({ ...s, loading: false }));
        }
      }
    }
  } catch (error) {
    if (controller.signal.aborted) return;
    const failure = error instanceof ApiError ? { message: error.serverMessage() ?? "", status: error.status } : { message: "", status: 0 };
    setState((s) => ({ ...s, candidates: failure.status === 400 ? [] : s.candidates, loading: false, error: failure }));
  }
}
