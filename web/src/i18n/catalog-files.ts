/**
 * Every catalog file, each its own chunk, loaded when a page asks for its namespace. The islands
 * build (vite.islands.config.ts) swaps in catalog-files.islands.ts: a content page brings its own
 * catalogs inline, so only what an island loads later is listed there.
 */
export interface CatalogModule {
  default: Record<string, unknown>;
}
export type CatalogLoader = () => Promise<CatalogModule>;

export const pageCatalogs: Record<string, CatalogLoader> = import.meta.glob<CatalogModule>("./locales/*/*.json");
export const contentCatalogs: Record<string, CatalogLoader> = import.meta.glob<CatalogModule>(
  "../../../content/locales/*/*.json",
);
