// Notifications' public entry: queue an email in the caller's transaction; the dispatcher sends it.
export { enqueueEmail as queueEmail, type QueuedEmail } from "./outbox-repository.ts";
export { outboxDispatcher, type OutboxDispatcher } from "./outbox-dispatcher.ts";
export { emailRecordsOf, eraseEmails } from "./outbox-customer.ts";
