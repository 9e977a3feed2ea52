import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";

/** One registered route as the app answers it: what the adversarial suite walks (issue 16). */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: RouteOptions["config"];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered after installRouteTable, one entry per method (HEAD aside). */
    routeTable: RouteEntry[];
  }
}

/** Records each route as it is registered; must come before the routes it should see. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") table.push({ method, url: route.url, schema: route.schema, config: route.config });
  });
}
