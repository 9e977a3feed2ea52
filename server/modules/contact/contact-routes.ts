import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContactEnquiry, ContactEnquiryCreated } from "#contracts/contact.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { senderLimit } from "../../lib/sender-limit.ts";
import { submitEnquiry } from "./contact-service.ts";

const CONTACT_WINDOW_MS = 15 * 60 * 1000;
/** Enquiries from one sender (email address) per window: generous for people, useless for spam runs. */
export const CONTACT_SENDER_LIMIT = { max: 5, timeWindow: CONTACT_WINDOW_MS };
/**
 * Enquiries from one IP address per window, whoever sends them. Looser than the sender's: an office
 * and a mobile operator's carrier-grade NAT put many visitors behind one address, and in Rwanda,
 * Uganda and Kenya most visitors come through such an address.
 */
export const CONTACT_ADDRESS_LIMIT = { max: 20, timeWindow: CONTACT_WINDOW_MS };

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
  const perSender = senderLimit(
    app,
    "contact",
    CONTACT_SENDER_LIMIT,
    (request) => (request.body as ContactEnquiry).email,
  );
  app.post(
    "/api/contact",
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: { rateLimit: CONTACT_ADDRESS_LIMIT },
      preHandler: perSender,
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
