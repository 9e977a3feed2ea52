// Live chat's public entry.
export { registerChat } from "./chat-module.ts";
export { countOpenChats } from "./chat-repository.ts";
export { chatReport } from "./chat-report.ts";
export { chatRecordsOf, eraseChats } from "./chat-customer.ts";
