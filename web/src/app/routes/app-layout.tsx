import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { HydrationLock } from "../../lib/hydration-lock.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * Client-only screens (tools, payment, admin) fetch data through TanStack Query with the
 * spec's defaults. The public pages do not, so they do not download it.
 */
export default function AppLayout() {
  const [queryClient] = useState(createQueryClient);
  // The tools and /payment are prerendered and paint before their script runs (decision 0031):
  // their fields stay disabled until React answers them, so nothing typed early is lost.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationLock value={!hydrated}>
        <Outlet />
      </HydrationLock>
    </QueryClientProvider>
  );
}
