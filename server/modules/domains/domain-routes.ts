import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DomainDetails,
  type DomainSearchEvent,
  DomainSearchRequest,
  TldPrice,
  validateDomainName,
} from "#contracts/domains.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { type ChangeNotifiedCache, sendKept } from "../../lib/change-notified-cache.ts";
import { localizeContractMessage } from "../../lib/contract-messages.ts";
import { fieldError } from "../../lib/errors.ts";
import { tr46Idna } from "../../lib/idna.ts";
import type { AvailabilityChecker } from "./availability-service.ts";
import { checkAll, parseQuery, searchCandidates } from "./domain-search.ts";

/** Searches per IP per minute: typing with a debounce makes one every few keystrokes. */
export const DOMAIN_SEARCH_RATE_LIMIT = { max: 120, timeWindow: 60_000 };
export const DOMAIN_DETAILS_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export interface DomainRoutesOptions {
  checker: AvailabilityChecker;
  /** The TLD price list, kept until staff change a price (domain-price-service.ts). */
  prices: ChangeNotifiedCache<TldPrice[]>;
}

export const domainRoutes: FastifyPluginAsyncZod<DomainRoutesOptions> = async (app, { checker, prices: list }) => {
  const catalog = async () => (await list.get()).value;
  app.get("/api/domains/tlds", { schema: { response: { 200: z.array(TldPrice) } } }, async (_request, reply) =>
    sendKept(reply, await list.get()),
  );

  // POST so the searched name travels in the body, which is never logged (a URL is).
  app.post(
    "/api/domains/search",
    {
      config: { rateLimit: DOMAIN_SEARCH_RATE_LIMIT },
      schema: {
        body: DomainSearchRequest,
        response: {
          200: z.string().describe("NDJSON: one DomainSearchEvent per line"),
          400: ApiErrorBody,
          429: ApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const prices = await catalog();
      const parsed = parseQuery(request.body.q, prices);
      if (!parsed.ok) {
        const message = localizeContractMessage(parsed.message);
        throw fieldError("q", message);
      }
      const candidates = searchCandidates(parsed, prices, request.body.suggestions !== false);
      const stream = new PassThrough();
      let open = true;
      request.raw.on("close", () => {
        open = false;
      });
      const emit = (event: DomainSearchEvent) => {
        if (open) stream.write(`${JSON.stringify(event)}\n`);
      };
      reply
        .status(200)
        .header("cache-control", "no-store")
        .header("x-accel-buffering", "no")
        .type("application/x-ndjson; charset=utf-8");
      emit({ type: "candidates", query: parsed.unicodeLabel, candidates, prices });
      void checkAll(checker, candidates, (result) => emit({ type: "result", result }))
        .catch((error: unknown) => request.log.error({ err: error }, "domain search failed"))
        .finally(() => {
          emit({ type: "done" });
          stream.end();
        });
      // One JSON object per line, each a DomainSearchEvent; the serializer is skipped for streams.
      return reply.send(stream as never);
    },
  );

  app.get(
    "/api/domains/:name",
    {
      config: { rateLimit: DOMAIN_DETAILS_RATE_LIMIT },
      schema: {
        params: z.object({ name: z.string().min(1).max(300) }),
        response: { 200: DomainDetails, 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      const prices = await catalog();
      const valid = validateDomainName(request.params.name, prices, tr46Idna);
      if (!valid.ok) {
        const message = localizeContractMessage(valid.message);
        throw fieldError("name", message);
      }
      const { registration, ...result } = await checker.check(valid.name, valid.tld, { details: true });
      return {
        ...result,
        name: valid.name,
        unicodeName: valid.unicodeName,
        tld: valid.tld,
        registration,
        price: prices.find((p) => p.tld === valid.tld)!,
      };
    },
  );
};
