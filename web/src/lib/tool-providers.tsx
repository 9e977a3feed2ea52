import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client.ts";

/**
 * What the tools, /payment and the other client screens run inside: TanStack Query with the spec's
 * defaults. The app layout provides it under the router; a tool's island provides its own.
 */
export function ToolProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
