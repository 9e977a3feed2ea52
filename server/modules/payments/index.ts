// Payments' public entry: other capabilities take payments through the service that
// registerPayments decorates the app with, and are told once an order is paid.
export { registerPayments } from "./payments-plugin.ts";
export type { PaymentService } from "./payment-service.ts";
export type { NewPayment } from "./payment-creation.ts";
export type { OrderPaidHandler } from "./payment-outcomes.ts";
export { completedPayments, paymentTotals, paymentsPerDay } from "./payment-summary.ts";
export { anonymisePayments, paymentRecordsOf, paymentsOf } from "./payment-customer.ts";
export { paymentReport } from "./payment-report.ts";
