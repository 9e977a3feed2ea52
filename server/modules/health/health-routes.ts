import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import { serverT } from "../../lib/i18n.ts";

const READY_TIMEOUT_MS = 2000;

/** /healthz: the process answers. /readyz: the database answers too (for load balancers). */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("database ping timed out")), READY_TIMEOUT_MS).unref(),
        ),
      ]);
      return { status: "ready", database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ error: "unavailable", message: serverT("unavailable") });
    }
  });
};
