import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { company } from "#content/company.ts";
import { loadCatalogs } from "../../i18n/index.ts";
import { ContactInfoCards } from "./contact-details.tsx";

// WhatsApp click-to-chat: the number is content, and the contact page links to it (the chat widget's
// link is checked beside the chat).
const WA = "https://wa.me/250788000000";

const linksTo = (html: string, href: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>/g)].filter((m) => m[1] === href).map((m) => m[0]);

describe("WhatsApp click-to-chat", () => {
  it("is the company's number as a wa.me link", () => {
    expect(company.whatsapp.href).toBe(WA);
    expect(company.whatsapp.href).toBe(`https://wa.me/${company.whatsapp.display.replace(/\D/g, "")}`);
  });

  it.each(["en", "fr", "sw", "rw"] as const)(
    "is a card on the %s contact page, opening in a new tab",
    async (language) => {
      await loadCatalogs(language, ["contact", "content-company"]);
      const html = renderToString(
        <MemoryRouter>
          <ContactInfoCards />
        </MemoryRouter>,
      );
      const [link] = linksTo(html, WA);
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
      // The number reads whole (kept on one line with non-breaking spaces).
      expect(html.replace(/\u00a0/g, " ")).toContain(company.whatsapp.display);
    },
  );
});
