import { randomUUID } from "node:crypto";
import type { ContactEnquiry } from "#contracts/contact.ts";
import { contactServiceOptions } from "#content/contact-options.ts";
import type { Database } from "../../db/client.ts";
import { serverT } from "../../lib/i18n.ts";
import { queueEmail } from "../notifications/index.ts";
import { insertEnquiry, type EnquiryRow } from "./contact-repository.ts";

export interface EnquiryContext {
  ipAddress: string | undefined;
  userAgent: string | undefined;
  /** Which channel took it; the contact form when absent. */
  source?: EnquirySource;
}

export type EnquirySource = "form" | "chat" | "advisor" | "analysis";

/** The label a visitor saw for the chosen service (the form sends its value). */
function serviceLabel(value: string): string {
  return contactServiceOptions.find((option) => option.value === value)?.label ?? value;
}

/**
 * Stores an enquiry and queues the notification email in one transaction: when this
 * resolves, both are committed, and neither exists without the other.
 */
export async function submitEnquiry(
  db: Database,
  input: ContactEnquiry,
  context: EnquiryContext,
  notifyTo: string,
  /** The site's public address, for the analysis report link. */
  publicUrl = "",
): Promise<EnquiryRow> {
  return db.transaction(async (tx) => {
    const row = await insertEnquiry(tx as unknown as Database, {
      id: randomUUID(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      service: input.service,
      message: input.message,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent?.slice(0, 500),
      analysisReportId: input.reportId ?? null,
      source: context.source ?? (input.reportId ? "analysis" : "form"),
    });
    const name = `${row.firstName} ${row.lastName}`;
    const service = serviceLabel(row.service);
    await queueEmail(tx as unknown as Database, {
      kind: "contact_enquiry",
      toAddress: notifyTo,
      replyTo: row.email,
      // To staff: English, like the admin area, whatever the visitor's language.
      subject: serverT("enquiry.subject", { ns: "email", lng: "en", name, service }),
      textBody: serverT("enquiry.body", {
        ns: "email",
        lng: "en",
        name,
        firstName: row.firstName,
        email: row.email,
        service,
        message: row.message,
        id: row.id,
        receivedAt: row.createdAt.toISOString(),
        report: row.analysisReportId
          ? `\n${serverT("enquiry.report", { ns: "email", lng: "en", url: reportUrl(publicUrl, row.analysisReportId) })}`
          : "",
      }),
    });
    return row;
  });
}

/** The shareable link of a website analysis report, as the speed-analysis page reads it. */
function reportUrl(publicUrl: string, reportId: string): string {
  return `${publicUrl}/speed-analysis?report=${encodeURIComponent(reportId)}`;
}
