import type { APIRequestContext } from "@playwright/test";
import { startSmtpDouble } from "../doubles/smtp-server.ts";
import { expect, test as base } from "./fixtures.ts";
import { startSiteServer } from "./site-server.ts";

export type SmtpDouble = Awaited<ReturnType<typeof startSmtpDouble>>;

/** A worker whose site server sends its email to a loopback SMTP server the test reads, as a mailbox would. */
export const testWithMailbox = base.extend<object, { smtp: SmtpDouble }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtpDouble();
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker" },
  ],
  site: [
    async ({ registry, smtp }, use) => {
      const server = await startSiteServer({ ...registry.env, SMTP_URL: smtp.url, OUTBOX_INTERVAL_MS: "500" });
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

const SIGN_IN_LINK = /https?:\/\/\S+\/account#token=[A-Za-z0-9_-]{43}/;

/** An email's text with quoted-printable soft breaks and `=3D` undone. */
export const emailText = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** The account sign-in link in the one email sent to an address. */
export async function signInLink(smtp: SmtpDouble, address: string): Promise<string> {
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(address)).length, { timeout: 15_000 }).toBe(1);
  const link = SIGN_IN_LINK.exec(emailText(smtp.messages.find((m) => m.to.includes(address))!.raw))?.[0];
  expect(link, "a sign-in link in the email").toBeTruthy();
  return link!;
}

/** Every account sign-in link in an address's mailbox (which may also hold order and payment emails). */
export const signInLinksIn = (smtp: SmtpDouble, address: string) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => SIGN_IN_LINK.exec(emailText(m.raw))?.[0])
    .filter((link): link is string => link !== undefined);

/** Sends the contact form's enquiry from an address, so that address has something to sign in to. */
export async function postEnquiry(request: APIRequestContext, email: string, message = "A VPS for our shop.") {
  const enquiry = await request.post("/api/contact", {
    data: { firstName: "Aline", lastName: "Uwase", email, service: "cloud-infrastructure", message },
  });
  expect(enquiry.status()).toBe(201);
}
