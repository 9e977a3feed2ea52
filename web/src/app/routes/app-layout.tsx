import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { createQueryClient } from "../../lib/query-client.ts";

/**
 * Client-only screens (tools, payment, admin) fetch data through TanStack Query with the
 * spec's defaults. The public pages do not, so they do not download it.
 */
export default function AppLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
