/** The islands a content page may carry; the islands entry hydrates each by this name. */
export const islandNames = ["navbar", "languages", "scroll-top", "chat", "toaster"] as const;
export type IslandName = (typeof islandNames)[number];
