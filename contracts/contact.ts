import { z } from "zod";
import { multiline } from "./text.ts";

/** Spec section 9. */
export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;

/**
 * Validation messages, keyed by a stable code. The English text is the spec's, word for word;
 * the web catalogs translate each code (a test keeps the English catalog equal to this).
 */
export const contactMessages = {
  firstNameMin: "First name must be at least 2 characters",
  firstNameMax: "First name must be 100 characters or less",
  lastNameMin: "Last name must be at least 2 characters",
  lastNameMax: "Last name must be 100 characters or less",
  emailInvalid: "Please enter a valid email address",
  serviceRequired: "Please select a service",
  serviceMax: "Please select a service from the list",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message must be 1000 characters or less",
  honeypotFilled: "This field must be left empty",
} as const;
export type ContactMessageCode = keyof typeof contactMessages;

/** The English message back to its code, so the browser can show the translated text. */
export function contactMessageCode(message: string | undefined): ContactMessageCode | undefined {
  if (!message) return undefined;
  const entry = Object.entries(contactMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as ContactMessageCode) : undefined;
}

const trimmed = z.string().trim();

/** The contact enquiry as the form and `POST /api/contact` both validate it. */
export const ContactEnquiry = z.object({
  firstName: trimmed.min(CONTACT_NAME_MIN, contactMessages.firstNameMin).max(100, contactMessages.firstNameMax),
  lastName: trimmed.min(CONTACT_NAME_MIN, contactMessages.lastNameMin).max(100, contactMessages.lastNameMax),
  email: trimmed.pipe(z.email(contactMessages.emailInvalid).max(254, contactMessages.emailInvalid)),
  service: trimmed.min(1, contactMessages.serviceRequired).max(100, contactMessages.serviceMax),
  message: multiline(
    trimmed.min(CONTACT_MESSAGE_MIN, contactMessages.messageMin).max(CONTACT_MESSAGE_MAX, contactMessages.messageMax),
  ),
  /** Honeypot: hidden from people, filled in by bots. Must stay empty. */
  website: z.string().max(0, contactMessages.honeypotFilled).optional(),
  /** The website analysis report the visitor asks for help with (from its "Get expert help" link). */
  reportId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .optional(),
});
export type ContactEnquiry = z.infer<typeof ContactEnquiry>;
/** What the form holds before validation (all strings). */
export type ContactEnquiryInput = z.input<typeof ContactEnquiry>;

/** Who is asking, under the enquiry's rules: the forms that write the enquiry's message themselves. */
export const ContactPerson = ContactEnquiry.pick({ firstName: true, lastName: true, email: true });
export type ContactPerson = z.infer<typeof ContactPerson>;

export const ContactEnquiryCreated = z.object({ id: z.string() });
export type ContactEnquiryCreated = z.infer<typeof ContactEnquiryCreated>;
