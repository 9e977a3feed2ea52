export interface IslandsScripts {
  entry: string;
  preloads: string[];
  /** Per page island (web/src/islands/lazy/<name>.tsx), the files of its code beyond the entry's. */
  pageIslands?: Record<string, string[]>;
}
export function deferredHydrationScript(source: string, preloads?: string[]): string;
export function islandsScript(islands: IslandsScripts, html?: string): string;
export function deferHydration(html: string, islands?: IslandsScripts): string;
export function islandsFromManifest(
  manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }>,
): IslandsScripts;
export function deferHydrationInBuild(clientDir: string, islands?: IslandsScripts): Promise<number>;
