import { describe, expect, it } from "vitest";
import { company } from "#content/company.ts";
import { faq } from "#content/faq.ts";
import { languages } from "#contracts/languages.ts";
import { languagesWithContent, localizeContent, localizedContent } from "./localized-content.ts";

describe("content in the visitor's language, on the server", () => {
  it("replaces the strings an overlay has, keeps identifiers and the rest, and writes the brand in", () => {
    const english = {
      id: "cost",
      title: "Price",
      link: { label: "Contact us", href: "/contact" },
      tags: ["one", "two"],
      count: 3,
      skills: ["React"],
    };
    const overlay = {
      id: "cout",
      title: "Prix de {{short}}",
      link: { label: "Contactez {{company}}", href: "/fr/contact" },
      tags: ["un"],
      count: 9,
      skills: ["Réact"],
    };
    expect(localizeContent(english, overlay)).toEqual({
      id: "cost",
      title: `Prix de ${company.shortName}`,
      link: { label: `Contactez ${company.name}`, href: "/contact" },
      tags: ["un", "two"],
      count: 3,
      skills: ["React"],
    });
    expect(localizeContent(english, undefined)).toBe(english);
  });

  it("reads each language's overlays, and English is the content itself", () => {
    expect(localizedContent("faq", "en").faq).toBe(faq);
    const french = localizedContent("faq", "fr").faq;
    expect(french.map((entry) => entry.id)).toEqual(faq.map((entry) => entry.id));
    expect(french.find((entry) => entry.id === "cost")?.question).toMatch(/^Combien coûte/);
    expect(french.every((entry) => !entry.answer.includes("{{"))).toBe(true);
    expect(localizedContent("company", "sw").company.name).toBe(company.name);
    expect(languagesWithContent("faq", languages)).toEqual(expect.arrayContaining(["en", "fr", "sw"]));
  });
});
