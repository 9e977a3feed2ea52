import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { advisorMessages } from "#contracts/advisor.ts";
import { analysisMessages } from "#contracts/analysis.ts";
import { contactMessages } from "#contracts/contact.ts";
import { domainOrderMessages } from "#contracts/domain-orders.ts";
import { domainMessages, parseDomainQuery, tldProblem } from "#contracts/domains.ts";
import { languages } from "#contracts/languages.ts";
import { paymentMessages } from "#contracts/payments.ts";
import { vpsMessages } from "#contracts/vps.ts";
import enAnalysis from "../locales/en/analysis.json" with { type: "json" };
import enDomains from "../locales/en/domains.json" with { type: "json" };
import enErrors from "../locales/en/errors.json" with { type: "json" };
import enVps from "../locales/en/vps.json" with { type: "json" };
import { localizeContractMessage } from "./contract-messages.ts";
import { requestLanguage } from "./i18n.ts";

/** The contracts write `{tld}`; i18next catalogs `{{tld}}`. */
const asCatalog = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, "{{$1}}")]));

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;
const at = (catalog: Record<string, unknown>, dotted: string) =>
  dotted.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalog) as Record<
    string,
    string
  >;

/** Each server catalog section with the contract messages it says in every language. */
const sections: Array<[string, string, Record<string, string>]> = [
  ["errors.json", "contact", contactMessages],
  ["analysis.json", "validation", analysisMessages],
  ["errors.json", "advisor", advisorMessages],
  ["errors.json", "payments.validation", paymentMessages],
  ["vps.json", "validation", vpsMessages],
  ["domains.json", "validation", domainOrderMessages],
  ["domains.json", "name", domainMessages],
];

describe("contract messages in the server catalogs", () => {
  it("keeps the English catalogs equal to the contracts, word for word", () => {
    expect(enErrors.contact).toEqual(contactMessages);
    expect(enErrors.advisor).toEqual(advisorMessages);
    expect(enAnalysis.validation).toEqual(analysisMessages);
    expect(enErrors.payments.validation).toEqual(paymentMessages);
    expect(enVps.validation).toEqual(vpsMessages);
    expect(enDomains.validation).toEqual(domainOrderMessages);
    expect(enDomains.name).toEqual(asCatalog(domainMessages));
  });

  it.each(languages.filter((language) => language !== "en"))(
    "keeps every figure of the English message in %s (lengths, limits, examples)",
    (language) => {
      for (const [file, section, messages] of sections) {
        const translated = at(read(`server/locales/${language}/${file}`), section);
        for (const [code, english] of Object.entries(messages)) {
          // A language may group thousands ("1 000" in French, with a no-break space): the figure is the same.
          const figures = (text: string) =>
            (text.replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g, "$1").match(/\d+/g) ?? []).sort();
          expect(figures(translated[code] ?? ""), `${language}/${file} ${section}.${code}`).toEqual(figures(english));
        }
      }
    },
  );
});

describe("localizeContractMessage", () => {
  const inFrench = (message: string) => requestLanguage.run("fr", () => localizeContractMessage(message));

  it("answers in English outside a request or for an English one: the contract's own words", () => {
    for (const [, , messages] of sections) {
      for (const text of Object.values(messages)) {
        if (/\{\w+\}/.test(text)) continue;
        expect(localizeContractMessage(text)).toBe(text);
        expect(requestLanguage.run("en", () => localizeContractMessage(text))).toBe(text);
      }
    }
  });

  it("says each form's messages in the request's language", () => {
    expect(inFrench(contactMessages.firstNameMin)).toBe("Le prénom doit comporter au moins 2 caractères");
    expect(inFrench(paymentMessages.descriptionMax)).toBe("La description doit comporter 22 caractères au maximum");
    expect(inFrench(vpsMessages.sshKeyRsaWeak)).toBe("Les clés RSA doivent comporter au moins 2048 bits");
    expect(inFrench(domainOrderMessages.yearsRange)).toBe("Choisissez une durée de 1 à 10 ans");
    expect(inFrench(analysisMessages.urlRequired)).toBe("Saisissez l'adresse d'un site à analyser");
    expect(requestLanguage.run("sw", () => localizeContractMessage(domainMessages.characters))).toBe(
      "Tumia herufi, tarakimu na vistari tu.",
    );
    expect(requestLanguage.run("rw", () => localizeContractMessage(advisorMessages.notesMax))).toBe(
      "Ibisobanuro ntibigomba kurenza inyuguti 600",
    );
  });

  it("keeps the values a domain rule names (the ending, its length limits)", () => {
    const refused = parseDomainQuery("example.xyz", [{ tld: "rw", idn: false }]);
    if (refused.ok) throw new Error("expected a refusal");
    expect(inFrench(refused.message)).toBe("Nous ne vendons pas de noms en .xyz.");
    expect(inFrench(tldProblem("ab", "ab", { tld: "co.ke", idn: false, minLength: 3 })!)).toBe(
      "Les noms en .co.ke doivent comporter au moins 3 caractères avant l'extension.",
    );
    expect(
      requestLanguage.run("sw", () =>
        localizeContractMessage(tldProblem("a".repeat(70), "a".repeat(70), { tld: "ug", idn: false, maxLength: 63 })!),
      ),
    ).toBe("Majina ya .ug hayawezi kuzidi herufi 63 kabla ya nukta.");
  });

  it("leaves any other text as it is", () => {
    expect(inFrench("Something the server wrote itself")).toBe("Something the server wrote itself");
    expect(inFrench("")).toBe("");
  });
});
