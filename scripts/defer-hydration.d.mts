export function deferredHydrationScript(source: string, preloads?: string[]): string;
export function deferHydration(html: string): string;
export function deferHydrationInBuild(clientDir: string): Promise<number>;
