export interface IslandsScripts {
  entry: string;
  preloads: string[];
}
export function deferredHydrationScript(source: string, preloads?: string[]): string;
export function islandsScript(islands: IslandsScripts): string;
export function deferHydration(html: string, islands?: IslandsScripts): string;
export function islandsFromManifest(
  manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }>,
): IslandsScripts;
export function deferHydrationInBuild(clientDir: string, islands?: IslandsScripts): Promise<number>;
