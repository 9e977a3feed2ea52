import type { CatalogNamespace } from "./index.ts";

/** What a route module declares in `handle` so its catalogs load before it renders. */
export interface CatalogHandle {
  i18n?: readonly CatalogNamespace[];
  /**
   * The prerendered page needs no router: it ships with the islands script alone, which hydrates
   * only the layout's interactive parts (docs/decisions/0036-islands.md).
   */
  islands?: true;
}

/** True when the matched page is served with its islands only (see CatalogHandle.islands). */
export function rendersIslands(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as CatalogHandle | undefined)?.islands === true);
}

/** The catalogs the matched routes need, each once. */
export function namespacesOf(handles: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const handle of handles) {
    const list = (handle as CatalogHandle | undefined)?.i18n;
    if (list) for (const ns of list) out.add(ns);
  }
  return [...out];
}

/** Id of the inline JSON block that hands a prerendered page's catalogs to the browser. */
export const CATALOG_STATE_ID = "i18n-state";
