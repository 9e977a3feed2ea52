import { Outlet } from "react-router";
import { ToolProviders } from "../../lib/tool-providers.tsx";

/**
 * Client-only screens (tools, payment, admin) fetch data through TanStack Query with the
 * spec's defaults. The public pages do not, so they do not download it.
 */
export default function AppLayout() {
  return (
    <ToolProviders>
      <Outlet />
    </ToolProviders>
  );
}
