import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import {
  ChatReport,
  EnquiryReport,
  OrderReport,
  PaymentReport,
  ReportRange,
  type ReportKind,
} from "#contracts/reports.ts";
import type { Database } from "../../db/client.ts";
import { chatCsv, enquiryCsv, orderCsv, paymentCsv } from "./report-csv.ts";
import { buildChatReport, buildEnquiryReport, buildOrderReport, buildPaymentReport } from "./report-service.ts";

/** One report: its figures as JSON for the screen, and the same figures as a CSV download. */
function serveReport<Schema extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  kind: ReportKind,
  schema: Schema,
  build: (db: Database, range: ReportRange) => Promise<z.infer<Schema>>,
  csv: (report: z.infer<Schema>) => string,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `/api/admin/reports/${kind}`,
    // Widened: Fastify cannot pair a generic schema with the builder's type; the serializer checks the answer.
    { schema: { querystring: ReportRange, response: { 200: schema as z.ZodType, 400: ApiErrorBody } } },
    async (request) => build(db, request.query),
  );
  typed.get(`/api/admin/reports/${kind}.csv`, { schema: { querystring: ReportRange } }, async (request, reply) => {
    const { from, to } = request.query;
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="report-${kind}-${from}-to-${to}.csv"`)
      .send(csv(await build(db, request.query)));
  });
}

/** The admin Reports (admins only: the guard's default). */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  serveReport(app, db, "enquiries", EnquiryReport, buildEnquiryReport, enquiryCsv);
  serveReport(app, db, "chats", ChatReport, buildChatReport, chatCsv);
  serveReport(app, db, "payments", PaymentReport, buildPaymentReport, paymentCsv);
  serveReport(app, db, "orders", OrderReport, buildOrderReport, orderCsv);
};
