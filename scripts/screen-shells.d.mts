export interface RouterManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
export interface RouterManifest {
  routes: Record<string, RouterManifestRoute>;
}
export function parseRouterManifest(source: string): RouterManifest;
export function routeModules(manifest: RouterManifest, id: string): string[];
export function routeStyles(manifest: RouterManifest, id: string): string[];
export function screenShell(shell: string, modules: string[], styles?: string[]): string;
export function screenShellsInBuild(clientDir: string): Promise<number>;
