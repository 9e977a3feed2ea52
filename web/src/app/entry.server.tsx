import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { splitLanguage } from "#contracts/languages.ts";
import { loadCatalogs } from "../i18n/index.ts";
import { namespacesOf } from "../i18n/page-catalogs.ts";

export const streamTimeout = 5_000;

/**
 * Renders a page at build time (the site is prerendered; nothing renders on a live server).
 * The page's language comes from its address; its catalogs are loaded before rendering so
 * the HTML is complete, and the page inlines them for the browser (see CatalogState).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const { language } = splitLanguage(new URL(request.url).pathname);
  const matches = routerContext.staticHandlerContext.matches;
  await loadCatalogs(
    language,
    namespacesOf(matches.map((match) => routerContext.routeModules[match.route.id]?.handle)),
  );

  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Static generation waits for everything, so the file is whole.
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
