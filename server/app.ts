import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Mailer } from "./adapters/mail/mailer.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { localizeContractMessage } from "./lib/contract-messages.ts";
import { AppError, rateLimited } from "./lib/errors.ts";
import { languageFromAcceptHeader, defaultLanguage } from "#contracts/languages.ts";
import { requestLanguage, serverT } from "./lib/i18n.ts";
import type { RateLimiter } from "./lib/rate-limiter.ts";
import { rateLimitStore } from "./lib/rate-limit-store.ts";
import { installAdminGuard } from "./lib/admin-guard.ts";
import { authRoutes, findActiveSession, staffRoutes } from "./modules/admin/index.ts";
import { advisorRoutes } from "./modules/advisor/index.ts";
import {
  analysisRoutes,
  analysisService,
  lighthouseRunner,
  networkPolicy,
  reportExpiry,
  type LabRunner,
  type ResolveAll,
} from "./modules/analysis/index.ts";
import { registerAccount } from "./modules/account/index.ts";
import { registerChat } from "./modules/chat/index.ts";
import { contactRoutes, enquiryAdminRoutes } from "./modules/contact/index.ts";
import { overviewRoutes } from "./modules/dashboard/index.ts";
import { registerDomains, type Registrar } from "./modules/domains/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { registerMetrics } from "./modules/metrics/index.ts";
import { outboxDispatcher, type OutboxDispatcher } from "./modules/notifications/index.ts";
import { registerPayments } from "./modules/payments/index.ts";
import { registerRenewals } from "./modules/renewals/index.ts";
import { reportRoutes } from "./modules/reports/index.ts";
import { inlineScriptHashesByPage, registerStaticSite, seoRoutes } from "./modules/site/index.ts";
import { registerVps, type Provisioner } from "./modules/vps/index.ts";
import { withPrivateUrls } from "./lib/log-privacy.ts";
import { proxyTrust } from "./lib/proxy-trust.ts";
import { installInputGuard } from "./lib/input-guard.ts";
import { registerOpenApi } from "./lib/openapi.ts";
import { installRouteTable } from "./lib/route-table.ts";

export interface AppDeps {
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  /** null: no SMTP configured; email waits in the outbox. */
  mailer: Mailer | null;
  logger?: FastifyServerOptions["logger"];
  /** Site analyzer: tests hand it a resolver, a certificate authority and a lab runner they control. */
  analysis?: { resolve?: ResolveAll; ca?: string; lab?: LabRunner | null; timeoutMs?: number };
  /** Domain orders: a registrar other than the manual one. */
  domains?: { registrar?: Registrar };
  /** VPS orders: a provisioner double, or how the configured one waits between task reads. */
  vps?: { provisioner?: Provisioner; pause?: (ms: number) => Promise<void> };
  /**
   * "Now" for figures that depend on "today" and for lifetimes (sign-in links, staff sessions):
   * tests fix or move it; the system clock by default.
   */
  clock?: () => Date;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: OutboxDispatcher;
  }
}

/** Bytes; routes that accept more or less say so themselves. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Field name from a validation error path such as "/firstName" or "body/firstName". */
const DOCUMENT_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

function fieldName(instancePath: string, fallback: string | undefined): string {
  const name = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return name || fallback || "body";
}

/** The pages' Content-Security-Policy, allowing exactly the given inline scripts (by hash). */
function pageDirectives(scriptHashes: string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    // Inline style attributes (progress bars) only; no inline <script> anywhere.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Directives as helmet writes them: `default-src 'self';script-src ...`. */
function serializePolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`)
    .join(";");
}

/** The whole API and site, without listening: main.ts listens, tests inject. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withPrivateUrls(deps.logger ?? { level: config.logLevel }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A half-sent request (slow headers or body) is cut off instead of held open (issue 16,
    // finding 8); answers, chat streams included, are not limited by it.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 20_000),
      // Node enforces both timeouts on this tick (30 s by default, longer than the limits themselves).
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs, 1000),
    },
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Before any route: the table of every route the app answers (the adversarial suite walks it).
  installRouteTable(app);
  // The API speaks JSON only: any other body type gets 415 instead of reaching validation.
  app.removeContentTypeParser(["text/plain"]);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every message the server writes while handling a request (errors, validation, rate limits,
  // chat replies, emails) is in the language the visitor's page asked for.
  app.addHook("onRequest", (request, _reply, done) => {
    requestLanguage.run(languageFromAcceptHeader(request.headers["accept-language"]) ?? defaultLanguage, done);
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // API answers carry messages in the request's language: a shared cache must keep them apart.
    if (request.url.startsWith("/api/")) {
      const vary = String(reply.getHeader("vary") ?? "");
      if (!/accept-language|\*/i.test(vary))
        reply.header("vary", vary ? `${vary}, Accept-Language` : "Accept-Language");
    }
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=63072000; includeSubDomains");
    }
  });

  // The built pages' inline scripts, read once: each page's own hashes for its policy, and their
  // union for HTML that is not a built page.
  const pageHashes = await inlineScriptHashesByPage(config.staticDir);
  const scriptHashes = [...new Set([...pageHashes.values()].flat())].sort();
  // The policy is written once here and set in onSend below: given directives, @fastify/helmet
  // builds and serialises them again on every request (an eighth of a page request's CPU).
  const htmlPolicy = serializePolicy(pageDirectives(scriptHashes));
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  // The page policy (with a hash for every built page's inline scripts, ~2.5 KB) only means
  // something on HTML documents. Scripts, styles, fonts, images and JSON get the strictest
  // policy instead, which keeps a phone from downloading the long one ~60 times per page.
  app.addHook("onSend", async (request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
      // A built page brings its own policy (registerStaticSite); other HTML gets every page's hashes.
      if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", htmlPolicy);
    } else {
      reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
      // Hashed build files (scripts, styles, fonts) are never documents: the headers that only
      // steer documents are dropped there too (nosniff and CORP stay).
      if (request.url.startsWith("/assets/")) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(deps.rateLimiter),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, undefined);
        // A contract's English message, in the request's language (decision 0004).
        fields[field] ??= localizeContractMessage(issue.message ?? "");
      }
      const [firstField, firstMessage] = Object.entries(fields)[0] ?? ["body", ""];
      return reply.status(400).send({
        error: "validation_failed",
        message: firstMessage || serverT("validationFailed", { field: firstField, message: "" }),
        fields,
      });
    }
    if (error instanceof AppError) {
      if (error.details?.headers) reply.headers(error.details.headers);
      return reply
        .status(error.status)
        .send({ error: error.code, message: error.message, fields: error.details?.fields });
    }
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send({
          error: "payload_too_large",
          message: serverT("payloadTooLarge", { limit: request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT }),
        });
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return reply.status(415).send({ error: "unsupported_media_type", message: serverT("unsupportedMediaType") });
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return reply.status(400).send({ error: "invalid_json", message: serverT("invalidJson") });
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply.status(400).send({ error: "invalid_json", message: serverT("invalidJson") });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.code ?? "bad_request", message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "internal", message: serverT("internal") });
  });

  // Before any route: every request's strings are checked against control characters and
  // single-line fields against line breaks, before the contracts' own rules (issue 16).
  installInputGuard(app);

  const outbox = outboxDispatcher({
    db: deps.database.db,
    mailer: deps.mailer,
    from: config.mailFrom,
    intervalMs: config.outboxIntervalMs,
    log: app.log,
  });
  app.decorate("outbox", outbox);
  app.addHook("onClose", async () => outbox.stop());

  /** "Now" for everything that depends on it: today's figures, links' and sessions' lifetimes. */
  const clock = deps.clock ?? (() => new Date());

  // Before any route is registered, so every /api/admin route gets the guard.
  const sessionPolicy = {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    requireAdminTotp: config.requireAdminTotp,
  };
  installAdminGuard(app, {
    findSession: (token) => findActiveSession(deps.database.db, token, sessionPolicy, clock()),
    publicUrl: config.publicUrl,
  });

  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await app.register(healthRoutes, { database: deps.database });
  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  const analysisPolicy = networkPolicy({
    allowLoopback: config.analysisAllowLoopback,
    resolve: deps.analysis?.resolve,
    ca: deps.analysis?.ca,
  });
  const lab =
    deps.analysis?.lab !== undefined
      ? deps.analysis.lab
      : config.chromePath
        ? lighthouseRunner({ chromePath: config.chromePath, policy: analysisPolicy, log: app.log })
        : null;
  if (lab && "close" in lab) app.addHook("onClose", async () => (lab as { close: () => Promise<void> }).close());
  const reportExpirySweeper = reportExpiry({
    db: deps.database.db,
    retentionDays: config.analysisRetentionDays,
    log: app.log,
  });
  reportExpirySweeper.start();
  app.addHook("onClose", async () => reportExpirySweeper.stop());
  await app.register(analysisRoutes, {
    service: analysisService({
      db: deps.database.db,
      rateLimiter: deps.rateLimiter,
      cacheSeconds: config.analysisCacheSeconds,
      policy: analysisPolicy,
      lab,
      timeoutMs: deps.analysis?.timeoutMs,
    }),
  });
  await app.register(contactRoutes, {
    db: deps.database.db,
    notifyTo: config.contactNotifyTo,
    publicUrl: config.publicUrl,
    onQueued: () => outbox.nudge(),
  });
  await app.register(authRoutes, {
    db: deps.database.db,
    limiter: deps.rateLimiter,
    policy: sessionPolicy,
    notifyTo: config.contactNotifyTo,
    totpKey: config.vps.credentialsKey,
    clock,
  });
  await app.register(staffRoutes, { db: deps.database.db });
  await app.register(overviewRoutes, { db: deps.database.db, clock });
  await app.register(enquiryAdminRoutes, { db: deps.database.db });
  await app.register(reportRoutes, { db: deps.database.db });
  await app.register(advisorRoutes, {
    db: deps.database.db,
    publicUrl: config.publicUrl,
    notifyTo: config.contactNotifyTo,
    onQueued: () => outbox.nudge(),
  });
  await registerChat(app, { config, database: deps.database, onEnquiry: () => outbox.nudge() });
  await registerPayments(app, config, deps.database.db);
  await registerMetrics(app, {
    database: deps.database,
    token: config.metrics.token,
    agentWaitMs: config.chat.agentWaitMs,
    openStreams: () => app.chatStreams.size,
  });
  await registerVps(app, config, deps.database.db, {
    listen: deps.database.listen,
    onQueued: () => outbox.nudge(),
    ...(deps.vps?.provisioner ? { provisioner: deps.vps.provisioner } : {}),
    ...(deps.vps?.pause ? { pause: deps.vps.pause } : {}),
  });
  await registerDomains(app, config, deps.database.db, {
    listen: deps.database.listen,
    onQueued: () => outbox.nudge(),
    ...(deps.domains?.registrar ? { registrar: deps.domains.registrar } : {}),
  });
  await registerAccount(app, {
    db: deps.database.db,
    limiter: deps.rateLimiter,
    publicUrl: config.publicUrl,
    clock,
    notifyTo: config.contactNotifyTo,
    onQueued: () => outbox.nudge(),
  });
  await registerRenewals(app, config, deps.database.db, {
    clock,
    onQueued: () => outbox.nudge(),
  });
  // Each built page is sent with its own scripts' hashes only (the union above, ~3.9 KB, stays
  // for HTML that is not a built page); each policy is written once, here.
  const pagePolicies = new Map(
    [...pageHashes].map(([file, hashes]) => [file, serializePolicy(pageDirectives(hashes))] as const),
  );
  await registerStaticSite(app, config.staticDir, pagePolicies);
  return app;
}
