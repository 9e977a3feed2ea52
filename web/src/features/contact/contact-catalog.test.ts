import { describe, expect, it } from "vitest";
import {
  CONTACT_MESSAGE_MAX,
  ContactEnquiry,
  contactMessageCode,
  contactMessages,
  type ContactEnquiryInput,
} from "#contracts/contact.ts";
import catalog from "../../i18n/locales/en/contact.json";

const valid: ContactEnquiryInput = {
  firstName: "Aline",
  lastName: "Uwase",
  email: "aline@example.rw",
  service: "web-development",
  message: "We need a booking system for our clinic.",
  website: "",
};

/** The messages zod reports for an input, in order. */
function messagesFor(input: Partial<ContactEnquiryInput>): string[] {
  const result = ContactEnquiry.safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("contact catalog", () => {
  it("has exactly the contract's validation messages, word for word", () => {
    expect(catalog.validation).toEqual(contactMessages);
  });

  it("maps every contract message back to its catalog key", () => {
    for (const [code, text] of Object.entries(contactMessages)) {
      expect(contactMessageCode(text)).toBe(code);
      expect(catalog.validation[code as keyof typeof catalog.validation]).toBe(text);
    }
  });
});

describe("ContactEnquiry schema", () => {
  it("accepts a valid enquiry", () => {
    expect(messagesFor({})).toEqual([]);
  });

  it("accepts an enquiry without the honeypot field", () => {
    const { website: _omitted, ...withoutHoneypot } = valid;
    expect(ContactEnquiry.safeParse(withoutHoneypot).success).toBe(true);
  });

  const failing: Array<[string, Partial<ContactEnquiryInput>, string]> = [
    ["a one-letter first name", { firstName: "A" }, contactMessages.firstNameMin],
    ["a whitespace-only first name", { firstName: "   " }, contactMessages.firstNameMin],
    ["a padded one-letter first name", { firstName: " A " }, contactMessages.firstNameMin],
    ["a 101-character first name", { firstName: "a".repeat(101) }, contactMessages.firstNameMax],
    ["a one-letter last name", { lastName: "B" }, contactMessages.lastNameMin],
    ["an empty last name", { lastName: "" }, contactMessages.lastNameMin],
    ["a 101-character last name", { lastName: "b".repeat(101) }, contactMessages.lastNameMax],
    ["an email without @", { email: "aline.example.rw" }, contactMessages.emailInvalid],
    ["an email without a domain", { email: "aline@" }, contactMessages.emailInvalid],
    ["an empty email", { email: "" }, contactMessages.emailInvalid],
    ["no service", { service: "" }, contactMessages.serviceRequired],
    ["a 101-character service", { service: "s".repeat(101) }, contactMessages.serviceMax],
    ["a 9-character message", { message: "123456789" }, contactMessages.messageMin],
    ["a message of spaces", { message: " ".repeat(20) }, contactMessages.messageMin],
    [
      `a ${CONTACT_MESSAGE_MAX + 1}-character message`,
      { message: "m".repeat(CONTACT_MESSAGE_MAX + 1) },
      contactMessages.messageMax,
    ],
    ["a filled honeypot", { website: "https://spam.example" }, contactMessages.honeypotFilled],
  ];

  it.each(failing)("rejects %s with exactly its spec message", (_name, input, message) => {
    expect(messagesFor(input)).toEqual([message]);
  });

  const passing: Array<[string, Partial<ContactEnquiryInput>]> = [
    ["a two-letter first name", { firstName: "Al" }],
    ["a two-letter last name", { lastName: "Uw" }],
    ["a 10-character message", { message: "1234567890" }],
    [`a ${CONTACT_MESSAGE_MAX}-character message`, { message: "m".repeat(CONTACT_MESSAGE_MAX) }],
    ["a 100-character first name", { firstName: "a".repeat(100) }],
  ];

  it.each(passing)("accepts %s", (_name, input) => {
    expect(messagesFor(input)).toEqual([]);
  });

  it("trims the values it accepts", () => {
    const result = ContactEnquiry.parse({ ...valid, firstName: "  Aline  ", email: " aline@example.rw " });
    expect(result.firstName).toBe("Aline");
    expect(result.email).toBe("aline@example.rw");
  });
});
