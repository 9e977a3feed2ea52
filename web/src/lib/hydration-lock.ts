import { createContext, useContext } from "react";

/**
 * True while a prerendered tool page hydrates (decision 0031): its fields take no input until React
 * answers them, so nothing typed early is lost. The fields read it, not a `<fieldset disabled>` around
 * the page, which would make the whole page one unnamed group of controls. Buttons need no lock: a tap
 * made before hydration is held and played back (early-clicks.ts).
 */
export const HydrationLock = createContext(false);

export function useHydrationLock(): boolean {
  return useContext(HydrationLock);
}
