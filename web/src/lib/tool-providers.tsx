import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { HydrationLock } from "./hydration-lock.ts";
import { createQueryClient } from "./query-client.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * What the tools, /payment and the other client screens run inside: TanStack Query with the spec's
 * defaults, and the hydration lock. The tools and /payment are prerendered and paint before their
 * script runs (decision 0031): their fields stay disabled until React answers them, so nothing typed
 * early is lost. The app layout provides it under the router; a tool's island provides its own.
 */
export function ToolProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationLock value={!hydrated}>{children}</HydrationLock>
    </QueryClientProvider>
  );
}
