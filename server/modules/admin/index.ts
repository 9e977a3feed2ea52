// The admin module's public entry: staff sign-in, staff accounts and the session lookup the
// platform's admin route guard uses. Other modules reach it only through this file.
export { authRoutes } from "./auth-routes.ts";
export { ensureFirstAdmin } from "./bootstrap.ts";
export { findActiveSession, type SessionPolicy } from "./sessions.ts";
export { findStaffById } from "./staff-repository.ts";
export { staffRoutes } from "./staff-routes.ts";
