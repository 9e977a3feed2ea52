import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { StaffRole } from "#contracts/admin.ts";
import type { Database } from "#server/db/client.ts";
import { hashPassword } from "#server/modules/admin/passwords.ts";
import { SESSION_COOKIE } from "#server/modules/admin/sessions.ts";
import { insertStaff } from "#server/modules/admin/staff-repository.ts";

/** testConfig's PUBLIC_URL: the site's own origin, which state-changing admin calls must carry. */
export const SITE_ORIGIN = "https://www.example.test";

export async function createStaffUser(
  db: Database,
  username: string,
  role: StaffRole,
  password = `${username}-password-123`,
) {
  const row = await insertStaff(db, {
    username,
    displayName: `${username[0]!.toUpperCase()}${username.slice(1)} Staff`,
    role,
    passwordHash: await hashPassword(password),
  });
  return { ...row, password };
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  ip = "10.9.8.7",
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    headers: { origin: SITE_ORIGIN },
    payload: { username, password },
    remoteAddress: ip,
  });
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/** Headers for a signed-in, same-origin request. */
export const asStaff = (cookie: string) => ({ cookie: `${SESSION_COOKIE}=${cookie}`, origin: SITE_ORIGIN });
