import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => undefined;

/**
 * False on the server and in the render that hydrates the prerendered page, true afterwards:
 * browser-only state (localStorage, the clock) is read once this says so, and hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
