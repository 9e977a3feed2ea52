import { describe, expect, it } from "vitest";
import { company } from "#content/company.ts";
import { languages, type Language } from "#contracts/languages.ts";
import { serverT } from "../../../lib/i18n.ts";
import { languagesWithContent, localizedContent } from "../../../lib/localized-content.ts";
import { builtinAssistant } from "./builtin-assistant.ts";
import { tokenize } from "./knowledge-base.ts";

/**
 * Questions visitors ask in the site's other languages, with the topic the answer must come from
 * and, for some, the page it must link to (in that language). A language is checked once its FAQ
 * overlay (content/locales/<lang>/faq.json) exists.
 */
const questions: Record<Exclude<Language, "en">, { q: string; topic: string; link?: string }[]> = {
  fr: [
    { q: "Combien coûte un site web ?", topic: "pricing", link: "/fr/contact" },
    { q: "Quels sont vos tarifs ?", topic: "pricing" },
    { q: "Combien de temps faut-il pour créer un site ?", topic: "timeline" },
    { q: "Pouvez-vous créer un site pour mon restaurant ?", topic: "web", link: "/fr/services#web-development" },
    { q: "Je veux vendre mes produits en ligne", topic: "ecommerce" },
    { q: "Vous développez des applications Android ?", topic: "mobile" },
    { q: "Proposez-vous l'hébergement de sites web ?", topic: "hosting", link: "/fr/vps-hosting" },
    { q: "Comment enregistrer un nom de domaine .rw ?", topic: "domains", link: "/fr/domains" },
    { q: "Notre site a été piraté, pouvez-vous nous aider ?", topic: "security", link: "/fr/services#cybersecurity" },
    { q: "Mon site est lent", topic: "speed-tool", link: "/fr/speed-analysis" },
    { q: "Quelle technologie choisir pour ma startup ?", topic: "advisor-tool", link: "/fr/tech-stack-advisor" },
    { q: "Puis-je payer avec MTN Mobile Money ?", topic: "payment", link: "/fr/payment" },
    { q: "Quel est votre numéro de téléphone ?", topic: "contact" },
    { q: "Êtes-vous ouverts le samedi ?", topic: "hours" },
    { q: "Où se trouvent vos bureaux ?", topic: "location" },
    { q: "Qui a fondé l'entreprise ?", topic: "founder", link: "/fr/jean-paul-habimana" },
    { q: "Travaillez-vous en Ouganda ?", topic: "countries" },
    { q: "Proposez-vous des stages ?", topic: "careers" },
    { q: "Assurez-vous un support 24h/24 ?", topic: "support" },
    { q: "Bonjour", topic: "greeting" },
    { q: "Merci", topic: "thanks" },
    { q: "Je voudrais parler à un conseiller", topic: "human" },
  ],
  sw: [
    { q: "Tovuti inagharimu kiasi gani?", topic: "pricing", link: "/sw/contact" },
    { q: "Bei zenu ni zipi?", topic: "pricing" },
    { q: "Inachukua muda gani kutengeneza tovuti?", topic: "timeline" },
    { q: "Nataka kuuza bidhaa zangu mtandaoni", topic: "ecommerce" },
    { q: "Mnatengeneza programu za Android?", topic: "mobile" },
    { q: "Nahitaji seva ya VPS", topic: "hosting", link: "/sw/vps-hosting" },
    { q: "Nawezaje kusajili kikoa cha .rw?", topic: "domains", link: "/sw/domains" },
    { q: "Tovuti yetu imedukuliwa, mnaweza kutusaidia?", topic: "security" },
    { q: "Tovuti yangu inachelewa sana", topic: "speed-tool", link: "/sw/speed-analysis" },
    { q: "Naweza kulipa kwa M-Pesa?", topic: "payment", link: "/sw/payment" },
    { q: "Mnafungua saa ngapi?", topic: "hours" },
    { q: "Ofisi yenu iko wapi?", topic: "location" },
    { q: "Nani ni mkurugenzi mtendaji?", topic: "founder" },
    { q: "Mnafanya kazi Tanzania?", topic: "countries" },
    { q: "Mnaendelea kutunza tovuti baada ya kuizindua?", topic: "maintenance" },
    { q: "Habari", topic: "greeting" },
    { q: "Asante", topic: "thanks" },
    { q: "Nataka kuzungumza na mtu", topic: "human" },
  ],
  rw: [
    { q: "Urubuga rwa interineti rugura angahe?", topic: "pricing", link: "/rw/contact" },
    { q: "Ibiciro byanyu ni ibihe?", topic: "pricing" },
    { q: "Murakora porogaramu za telefoni?", topic: "mobile" },
    { q: "Mwadufasha kurinda umutekano wa sisitemu zacu?", topic: "security" },
    { q: "Nshaka kwandikisha izina ry'urubuga .rw", topic: "domains", link: "/rw/domains" },
    { q: "Urubuga rwanjye rutinda cyane", topic: "speed-tool", link: "/rw/speed-analysis" },
    { q: "Nakwishyura na MTN MoMo?", topic: "payment", link: "/rw/payment" },
    { q: "Amasaha yanyu y'akazi ni ayahe?", topic: "hours" },
    { q: "Muherereye he?", topic: "location" },
    { q: "Ni nde washinze ikigo?", topic: "founder" },
    { q: "Mukorera muri Uganda?", topic: "countries" },
    { q: "Murimo gutanga akazi?", topic: "careers" },
    { q: "Dutangira umushinga dute?", topic: "process" },
    { q: "Muraho", topic: "greeting" },
    { q: "Murakoze", topic: "thanks" },
    { q: "Nshaka kuvugana n'umuntu", topic: "human" },
  ],
};

const translated = languagesWithContent("faq", languages).filter(
  (language): language is Exclude<Language, "en"> => language !== "en",
);

describe("the built-in assistant in the visitor's language", () => {
  const assistant = builtinAssistant();

  it("knows French and Swahili at least", () => {
    expect(translated).toEqual(expect.arrayContaining(["fr", "sw"]));
  });

  describe.each(translated)("%s", (language) => {
    const { faq } = localizedContent("faq", language);

    it.each(questions[language])("$q -> $topic", async ({ q, topic, link }) => {
      const reply = await assistant.answer(q, [], language);
      expect(reply.topic, `${q}: ${reply.text}`).toBe(topic);
      if (reply.intent === "answer") {
        expect(reply.links.length).toBeGreaterThan(0);
        for (const { href } of reply.links)
          expect(href.startsWith(`/${language}/`) || href === `/${language}`, href).toBe(true);
      }
      if (link) expect(reply.links.map((l) => l.href)).toContain(link);
    });

    it("answers with the translated FAQ text, not the English one", async () => {
      const reply = await assistant.answer(questions[language][0]!.q, [], language);
      expect(reply.text).toContain(faq.find((entry) => entry.topic === "pricing")!.answer);
    });

    it("says the fixed replies in the language, with the language's contact page", async () => {
      const unknown = await assistant.answer("asdfgh qwerty zxcvb", [], language);
      expect(unknown).toMatchObject({ intent: "unknown", offerHuman: true });
      expect(unknown.text).toBe(
        serverT("chat.unknownReply", { ns: "chat", lng: language, email: company.email, phone: company.phone.display }),
      );
      expect(unknown.links[0]).toEqual({
        label: serverT("chat.contactLink", { ns: "chat", lng: language }),
        href: `/${language}/contact`,
      });
    });

    it("answers an English question in English, whatever the page's language", async () => {
      const reply = await assistant.answer("What are your opening hours?", [], language);
      expect(reply).toMatchObject({ topic: "hours", language: "en" });
      expect(reply.text).toMatch(/^Our office hours/);
      expect(reply.links[0]!.href).toBe("/contact");
    });

    it("answers a short message in the page's language when the message itself does not tell", async () => {
      const reply = await assistant.answer("VPS?", [], language);
      expect(reply.language).toBe(language);
      expect(reply.links[0]!.href).toBe(`/${language}/vps-hosting`);
    });
  });

  it("answers each message in its own language on the English site, with that language's pages", async () => {
    const french = await assistant.answer("Combien coûte un site web ?", [], "en");
    expect(french.language).toBe("fr");
    expect(french.links.map((l) => l.href)).toContain("/fr/contact");
    const english = await assistant.answer("How much does a website cost?", [], "en");
    expect(english.language).toBe("en");
    expect(english.links.map((l) => l.href)).toContain("/contact");
  });

  it("follows the request's language when the caller names none", async () => {
    const { requestLanguage } = await import("../../../lib/i18n.ts");
    const reply = await requestLanguage.run("fr", () => assistant.answer("Combien coûte un site web ?", []));
    expect(reply.links.map((l) => l.href)).toContain("/fr/contact");
  });
});

describe("tokenizing for retrieval", () => {
  it("drops accents, so a question typed without them still matches", () => {
    expect(tokenize("Combien coûte l'hébergement ?", "fr")).toEqual(tokenize("combien coute l'hebergement", "fr"));
    expect(tokenize("Sécurité", "fr")).toEqual(["securit"]);
  });

  it("keeps Swahili and Kinyarwanda words whole, and lets singular and plural meet", () => {
    expect(tokenize("Tovuti inagharimu kiasi gani?", "sw")).toContain("tovuti");
    expect(tokenize("igiciro", "rw")).toEqual(tokenize("ibiciro", "rw"));
    expect(tokenize("urubuga", "rw")).toEqual(tokenize("imbuga", "rw"));
    expect(tokenize("izina ry'urubuga", "rw")).toEqual(["izina", ...tokenize("urubuga", "rw")]);
  });
});
