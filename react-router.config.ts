import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "#web/lib/route-table.ts";

// Public pages are prerendered to static HTML; admin and tools are client-only
// screens served through the SPA fallback (see docs/decisions/0001-prerender-and-route-table.md).
export default {
  appDirectory: "web/src/app",
  buildDirectory: "build",
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
