import type { CatalogLoader, CatalogModule } from "./catalog-files.ts";

/**
 * The catalogs a content page's islands may load after it painted (see catalog-files.ts): the chat
 * panel's, on first open. Everything else the islands say is in the page's inline catalogs.
 */
export const pageCatalogs: Record<string, CatalogLoader> = import.meta.glob<CatalogModule>("./locales/*/chat.json");
export const contentCatalogs: Record<string, CatalogLoader> = {};
