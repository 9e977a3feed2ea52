import nodemailer from "nodemailer";

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
}

/** Sends email. The only implementation is SMTP; without SMTP_URL mail waits in the outbox. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail(email);
    },
    close() {
      transport.close();
    },
  };
}
