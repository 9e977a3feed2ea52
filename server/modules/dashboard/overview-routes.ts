import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Overview } from "#contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { countOpenChats } from "../chat/index.ts";
import { enquiriesPerDay, enquiryCounts } from "../contact/index.ts";
import { countDomainOrdersToFulfil } from "../domains/index.ts";
import { completedPayments, paymentTotals, paymentsPerDay } from "../payments/index.ts";
import { countVpsOrdersToFulfil } from "../vps/index.ts";

const DAYS = 30;

export interface OverviewRoutesOptions {
  db: Database;
  /** "Today" and the chart's days are UTC days of this clock's now. */
  clock: () => Date;
}

/** The dashboard's figures, each from the capability that owns it (through its index.ts). */
export const overviewRoutes: FastifyPluginAsyncZod<OverviewRoutesOptions> = async (app, { db, clock }) => {
  app.get(
    "/api/admin/overview",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { response: { 200: Overview } } },
    async () => {
      const now = clock();
      const [enquiries, perDay, chats, payments, vpsOrders, domainOrders, paidPerDay, totals] = await Promise.all([
        enquiryCounts(db, now),
        enquiriesPerDay(db, DAYS, now),
        countOpenChats(db),
        completedPayments(db, now),
        countVpsOrdersToFulfil(db),
        countDomainOrdersToFulfil(db),
        paymentsPerDay(db, DAYS, now),
        paymentTotals(db, DAYS, now),
      ]);
      return {
        enquiries,
        openChats: chats,
        payments,
        pendingOrders: vpsOrders + domainOrders,
        paymentTotals: totals,
        daily: perDay.map((d) => ({ date: d.date, enquiries: d.count, payments: paidPerDay.get(d.date) ?? 0 })),
      };
    },
  );
};
