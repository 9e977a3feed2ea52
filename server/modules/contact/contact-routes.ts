import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContactEnquiry, ContactEnquiryCreated } from "#contracts/contact.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { submitEnquiry } from "./contact-service.ts";

/** Enquiries per IP address per window: generous for people, useless for spam runs. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 };
/** Bytes; a full 1000-character message in multi-byte script fits several times over. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

export interface ContactRoutesOptions {
  db: Database;
  notifyTo: string;
  /** For links in the notification email. */
  publicUrl?: string;
  onQueued: () => void;
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, options) => {
  app.post(
    "/api/contact",
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        body: ContactEnquiry,
        response: { 201: ContactEnquiryCreated, 400: ApiErrorBody, 413: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const row = await submitEnquiry(
        options.db,
        request.body,
        { ipAddress: request.ip, userAgent: request.headers["user-agent"] },
        options.notifyTo,
        options.publicUrl,
      );
      request.log.info({ enquiryId: row.id }, "contact enquiry stored");
      options.onQueued();
      return reply.status(201).send({ id: row.id });
    },
  );
};
