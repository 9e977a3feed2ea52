import type { Page } from "@playwright/test";

/**
 * Holds every request `url` matches until the returned function is called, then lets each go on
 * to the server. `requested` gets each held request's address as it is made.
 */
export async function holdRequests(page: Page, url: string | RegExp, requested: string[] = []) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  return release;
}
