import { fileURLToPath } from "node:url";
import type { Alias } from "vite";

/** `use-sync-external-store/shim` → React's own hook (web/src/lib/sync-external-store.ts). */
export const syncExternalStoreShim: Alias = {
  find: /^use-sync-external-store\/shim$/,
  replacement: fileURLToPath(new URL("web/src/lib/sync-external-store.ts", import.meta.url)),
};
