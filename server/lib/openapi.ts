import { readFileSync } from "node:fs";
import path from "node:path";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { projectRoot } from "./project-root.ts";

/** Where the documents and the reading page live. */
export const OPENAPI_PATHS = {
  publicDocument: "/api/openapi.json",
  staffDocument: "/api/admin/openapi.json",
  page: "/api/docs",
} as const;

const STAFF_PREFIX = "/api/admin";

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route as "METHOD /path/:param", except the documentation's own. */
    apiRoutes: string[];
  }
}

const isDocumentationPath = (url: string) =>
  url === OPENAPI_PATHS.publicDocument ||
  url === OPENAPI_PATHS.staffDocument ||
  url === OPENAPI_PATHS.page ||
  url.startsWith(`${OPENAPI_PATHS.page}/`);

/** The parts of an OpenAPI 3.1 document this file reads. */
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths?: Record<string, Record<string, unknown> | undefined>;
}

/** The part of the generated document whose paths the filter keeps. */
function pick(document: Document, keep: (path: string) => boolean, title: string): Document {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => keep(path)));
  return { ...document, info: { ...document.info, title }, paths };
}

const isStaffPath = (path: string) => path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`);
const isPublicApiPath = (path: string) => path.startsWith("/api/") && !isStaffPath(path);

/**
 * OpenAPI 3.1 from the same zod schemas that validate the routes (decision 0024). Two documents:
 * the public API for anyone, and the staff API only for signed-in staff (its path sits under
 * /api/admin, so the admin guard covers it like every other staff route). Must be registered
 * before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }) {
  const apiRoutes: string[] = [];
  app.decorate("apiRoutes", apiRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || isDocumentationPath(route.url)) return;
    for (const method of [route.method].flat()) if (method !== "HEAD") apiRoutes.push(`${method} ${route.url}`);
  });
  const version = JSON.parse(readFileSync(path.join(projectRoot(), "package.json"), "utf8")).version as string;
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Kigali Tech Solutions API", version },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  // Pages, assets, health checks and the test-mode screens are routes too, but not API: only /api/ paths.
  const document = () => app.swagger() as unknown as Document;
  const publicDocument = () => pick(document(), isPublicApiPath, "Kigali Tech Solutions API");
  const staffDocument = () => pick(document(), isStaffPath, "Kigali Tech Solutions staff API");

  app.get(OPENAPI_PATHS.publicDocument, { schema: { hide: true } }, async () => publicDocument());
  app.get(
    OPENAPI_PATHS.staffDocument,
    { schema: { hide: true }, config: { access: { roles: ["admin", "agent"] } } },
    async () => staffDocument(),
  );
  // The reading page shows the public document only, whatever the UI asks for.
  await app.register(swaggerUi, {
    routePrefix: OPENAPI_PATHS.page,
    transformSpecification: () => publicDocument() as unknown as Record<string, unknown>,
    transformSpecificationClone: false,
    uiConfig: { docExpansion: "list", deepLinking: false },
  });
}

/** A document's operations as "METHOD /path/:param", the way Fastify names routes. */
export function documentedOperations(document: Document): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item ?? {})) {
      if (["get", "put", "post", "delete", "patch", "head", "options"].includes(method)) {
        operations.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
      }
    }
  }
  return operations;
}
