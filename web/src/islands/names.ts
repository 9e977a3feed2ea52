/** The islands that are a whole tool (the tools and /payment), each with its own TanStack Query client. */
export const toolIslandNames = ["payment", "domains", "vps-hosting", "speed-analysis", "tech-stack-advisor"] as const;

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
  "since",
  ...toolIslandNames,
] as const;
export type IslandName = (typeof islandNames)[number];

/**
 * When an island's code loads (decision 0036): `paint`, right after the first paint; `interaction`,
 * on the first tap, click, key or focus inside it (a dialog's trigger, a form); `scroll`, once the
 * page is first scrolled (what only shows after scrolling); `any-use`, with the first island the
 * visitor uses (the toast region, which shows what those islands answer).
 */
export type IslandLoad = "paint" | "interaction" | "scroll" | "any-use";
