import type { FastifyInstance } from "fastify";
import type { Mailer } from "#server/adapters/mail/mailer.ts";
import { type AppDeps, buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { databaseRateLimiter, type RateLimiter } from "#server/lib/rate-limiter.ts";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // No built site unless a test points at one.
    STATIC_DIR: "/nonexistent-static-dir",
    PUBLIC_URL: "https://www.example.test",
    CONTACT_NOTIFY_TO: "sales@example.test",
    MAIL_FROM: "Website <web@example.test>",
    // Tests that sign in as an admin do not enrol a second factor; the two-factor tests turn it on.
    REQUIRE_ADMIN_TOTP: "false",
    ...env,
  });
}

export async function testApp(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    mailer?: Mailer | null;
    rateLimiter?: RateLimiter;
    /** Site analyzer doubles: resolver, certificate authority, lab runner. */
    analysis?: AppDeps["analysis"];
    /** Domain orders: a registrar double. */
    domains?: AppDeps["domains"];
    /** VPS orders: a provisioner double. */
    vps?: AppDeps["vps"];
    /** A fixed (or moving) clock for figures that depend on "today" and for lifetimes. */
    clock?: AppDeps["clock"];
    /** Where log lines go (a test reading what the server logs); silent by default. */
    logger?: AppDeps["logger"];
    /** Extra routes a test needs, added before the app is ready. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(options.env), {
    database,
    rateLimiter: options.rateLimiter ?? databaseRateLimiter(database.db),
    mailer: options.mailer ?? null,
    analysis: options.analysis,
    domains: options.domains,
    vps: options.vps,
    clock: options.clock,
    logger: options.logger,
  });
  options.extend?.(app);
  await app.ready();
  return app;
}
