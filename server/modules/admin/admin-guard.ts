import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { StaffRole } from "../../../contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { findActiveSession, SESSION_COOKIE, type ActiveSession, type SessionPolicy } from "./sessions.ts";

/** Who may call an /api/admin route. Default: signed-in admins only (deny by default). */
export interface RouteAccess {
  /** Reachable without a session (sign-in). The Origin check still applies. */
  public?: boolean;
  roles?: StaffRole[];
}

export interface AdminRouteInfo {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    staff: ActiveSession | null;
  }
  interface FastifyInstance {
    adminRoutes: AdminRouteInfo[];
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins a state-changing request may come from: the public address and the one it was sent to. */
export function allowedOrigins(request: FastifyRequest, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
}

/**
 * Puts a guard in front of every /api/admin route as it is registered, so a new route cannot
 * forget it: state-changing requests must come from the site's own origin, and every route not
 * marked public needs a live session whose role the route allows.
 */
export function installAdminGuard(app: FastifyInstance, options: { db: Database; policy: SessionPolicy; publicUrl: string }): void {
  app.decorateRequest("staff", null);
  const routes: AdminRouteInfo[] = [];
  app.decorate("adminRoutes", routes);

  app.addHook("onRoute", (route) => {
    // Routes outside /api/admin that declare `access` (admin-only payment endpoints) get the same guard.
    if (!route.url.startsWith("/api/admin") && !route.config?.access) return;
    const access: RouteAccess = route.config?.access ?? {};
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });

    const guard: onRequestHookHandler = async (request) => {
      if (!SAFE_METHODS.has(request.method)) {
        const origin = request.headers.origin;
        if (!origin || !allowedOrigins(request, options.publicUrl).includes(origin)) {
          throw new AppError("bad_origin", serverT("badOrigin"), 403);
        }
      }
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await findActiveSession(options.db, token, options.policy) : null;
      request.staff = session;
      if (access.public) return;
      if (!session) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
      const roles = access.roles ?? ["admin"];
      if (!roles.includes(session.user.role)) throw new AppError("forbidden", serverT("forbidden"), 403);
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...existing];
  });
}

/** The signed-in staff member of a guarded route (the guard has already refused anyone else). */
export function currentStaff(request: FastifyRequest): ActiveSession {
  if (!request.staff) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
  return request.staff;
}
