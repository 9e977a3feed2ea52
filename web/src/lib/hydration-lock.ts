import { createContext, useContext } from "react";

/**
 * True while a prerendered tool page hydrates (decision 0031): its fields and buttons take no input
 * until React answers them, so nothing typed early is lost. They read it, not a `<fieldset disabled>`
 * around the page, which would make the whole page one unnamed group of controls. Buttons are locked
 * too: a tab answers a press, not the click early-clicks.ts would play back.
 */
export const HydrationLock = createContext(false);

export function useHydrationLock(): boolean {
  return useContext(HydrationLock);
}
