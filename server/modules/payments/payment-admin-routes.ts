import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AdminTransactionDetail, TransactionList, TransactionListQuery } from "#contracts/payment-api.ts";
import type { Database } from "../../db/client.ts";
import { csvRow } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { recordAudit } from "../../lib/audit.ts";
import { completedTotals, listEvents, listTransactions } from "./payment-repository.ts";
import type { PaymentService } from "./payment-service.ts";
import { toAdminTransaction } from "./payment-views.ts";

const CSV_LIMIT = 10_000;
const IdParams = z.object({ id: z.string().max(64) });

/** The Payments section of the admin area (admins only: the guard's default). */
export const paymentAdminRoutes: FastifyPluginAsyncZod<{ db: Database; service: PaymentService }> = async (
  app,
  { db, service },
) => {
  const notFound = () => new AppError("not_found", serverT("payments.notFound"), 404);

  app.get(
    "/api/admin/payments",
    { schema: { querystring: TransactionListQuery, response: { 200: TransactionList, 400: ApiErrorBody } } },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const [{ items, total }, totals] = await Promise.all([
        listTransactions(db, filters, page, pageSize),
        completedTotals(db, filters),
      ]);
      return { items: items.map(toAdminTransaction), total, page, pageSize, totals };
    },
  );

  app.get(
    "/api/admin/payments/export.csv",
    { schema: { querystring: TransactionListQuery } },
    async (request, reply) => {
      const { page: _page, pageSize: _size, ...filters } = request.query;
      const { items } = await listTransactions(db, filters, 1, CSV_LIMIT);
      let csv = csvRow([
        "id",
        "kind",
        "status",
        "provider_status",
        "amount",
        "currency",
        "country",
        "phone_number",
        "provider",
        "provider_transaction_id",
        "description",
        "failure_code",
        "order_type",
        "order_ref",
        "test_mode",
        "created_at",
        "completed_at",
      ]);
      for (const row of items.map(toAdminTransaction)) {
        csv += csvRow([
          row.id,
          row.kind,
          row.status,
          row.providerStatus,
          row.amount,
          row.currency,
          row.country,
          row.phoneNumber,
          row.provider,
          row.providerTransactionId,
          row.description,
          row.failureCode,
          row.orderType,
          row.orderRef,
          row.testMode ? "yes" : "no",
          row.createdAt,
          row.completedAt,
        ]);
      }
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    "/api/admin/payments/:id",
    { schema: { params: IdParams, response: { 200: AdminTransactionDetail, 404: ApiErrorBody } } },
    async (request) => {
      const row = await service.find(request.params.id);
      if (!row) throw notFound();
      const events = await listEvents(db, row.id);
      return {
        transaction: toAdminTransaction(row),
        events: events.map((e) => ({
          id: String(e.id),
          source: e.source,
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          applied: e.applied === 1,
          raw: e.raw,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/api/admin/payments/:id/recheck",
    { schema: { params: IdParams, response: { 200: AdminTransactionDetail.shape.transaction, 404: ApiErrorBody } } },
    async (request) => {
      const staff = currentStaff(request);
      const before = await service.find(request.params.id);
      if (!before) throw notFound();
      const row = (await service.refresh(before.id, "admin:recheck")) ?? before;
      await recordAudit(db, {
        actor: { id: staff.user.id, username: staff.user.username },
        action: "payment.recheck",
        targetType: "payment",
        targetId: row.id,
        details: { from: before.status, to: row.status },
        ipAddress: request.ip,
      });
      return toAdminTransaction(row);
    },
  );
};
