import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from "fastify";
import type { StaffRole } from "#contracts/admin.ts";
import type { StaffUser } from "#contracts/admin.ts";
import { AppError } from "./errors.ts";
import { serverT } from "./i18n.ts";

/** The cookie that carries a staff session token. */
export const SESSION_COOKIE = "kts_admin_session";

/** A signed-in staff member: the session (by its token's hash) and who it belongs to. */
export interface ActiveSession {
  tokenHash: string;
  user: StaffUser;
  /** enrolmentRequired: an admin without a second factor, who may reach only the enrolment routes. */
  twoFactor: { enabled: boolean; enrolmentRequired: boolean };
}

/** Who may call an /api/admin route. Default: signed-in admins only (deny by default). */
export interface RouteAccess {
  /** Reachable without a session (sign-in). The Origin check still applies. */
  public?: boolean;
  roles?: StaffRole[];
  /** Reachable by a session that must still set up its second factor (the enrolment routes). */
  beforeSecondFactor?: boolean;
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
 * Platform code: every module's staff routes rely on it, and the admin module supplies the session
 * lookup. Puts a guard in front of every /api/admin route as it is registered, so a new route cannot
 * forget it: state-changing requests must come from the site's own origin, and every route not
 * marked public needs a live session whose role the route allows.
 */
export function installAdminGuard(
  app: FastifyInstance,
  options: { findSession: (token: string) => Promise<ActiveSession | null>; publicUrl: string },
): void {
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
      const session = token ? await options.findSession(token) : null;
      request.staff = session;
      if (access.public) return;
      if (!session) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
      const roles = access.roles ?? ["admin"];
      if (!roles.includes(session.user.role)) throw new AppError("forbidden", serverT("forbidden"), 403);
      if (session.twoFactor.enrolmentRequired && !access.beforeSecondFactor) {
        throw new AppError("second_factor_enrolment_required", serverT("secondFactorEnrolmentRequired"), 403);
      }
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...existing];
    // Staff answers carry personal data (enquiries, phone numbers, orders): no cache keeps them,
    // refusals included (issue 16, finding 9).
    const noStore: onSendHookHandler = async (_request, reply, payload) => {
      reply.header("cache-control", "no-store");
      return payload;
    };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), noStore];
  });
}

/** The signed-in staff member of a guarded route (the guard has already refused anyone else). */
export function currentStaff(request: FastifyRequest): ActiveSession {
  if (!request.staff) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
  return request.staff;
}
