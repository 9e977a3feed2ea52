/** The islands a content page may carry; the islands entry hydrates each by this name. */
export const islandNames = [
  "navbar",
  "languages",
  "scroll-top",
  "chat",
  "toaster",
  // Only on the pages that carry them, each from web/src/islands/lazy/<name>.tsx (decision 0036).
  "contact-form",
  "founder-contact",
  "founder-photo",
  "since",
] as const;
export type IslandName = (typeof islandNames)[number];
