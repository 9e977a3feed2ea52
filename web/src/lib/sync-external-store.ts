// react-i18next takes useSyncExternalStore from the `use-sync-external-store/shim` package. On React
// 18 and later that package only hands back React's own hook, but it still ships its fallback for
// React 16 and 17 (0.4 KB gzip on every page). Both client builds resolve the shim to this module.
export { useSyncExternalStore } from "react";
