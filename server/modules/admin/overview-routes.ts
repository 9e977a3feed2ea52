import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Overview } from "../../../contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { enquiriesPerDay, enquiryCounts } from "../contact/enquiry-admin.ts";

const DAYS = 30;

/**
 * The dashboard's figures. Chats, payments and orders are null until those capabilities land;
 * the screen says so rather than showing a made-up zero.
 */
export const overviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/overview",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { response: { 200: Overview } } },
    async () => {
      const [enquiries, perDay] = await Promise.all([enquiryCounts(db), enquiriesPerDay(db, DAYS)]);
      return {
        enquiries,
        openChats: null,
        payments: null,
        pendingOrders: null,
        daily: perDay.map((d) => ({ date: d.date, enquiries: d.count, payments: null })),
      };
    },
  );
};
