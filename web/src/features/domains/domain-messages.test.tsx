import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { tldOffers } from "#content/domains.ts";
import { domainOrderMessages } from "#contracts/domain-orders.ts";
import {
  domainMessages,
  DomainSource,
  DomainUnknownReason,
  parseDomainQuery,
  tldProblem,
  validateDomainName,
} from "#contracts/domains.ts";
import { i18n, loadCatalogs } from "../../i18n/index.ts";
import english from "../../i18n/locales/en/domains.json";
import { domainMessageText, domainSourceText, searchErrorText } from "./domain-messages.ts";
import { DomainRow } from "./domain-row.tsx";

/** What the search box shows for what the visitor typed, checked in the browser as the page does. */
function searchBoxSays(typed: string, language: "en" | "fr" | "sw" | "rw"): string | null {
  const parsed = parseDomainQuery(typed, tldOffers);
  return searchErrorText(
    i18n.getFixedT(language, "domains"),
    parsed.ok ? null : { message: parsed.message, status: 400 },
  );
}

describe("domain messages", () => {
  beforeAll(async () => {
    for (const language of ["sw", "rw", "en", "fr"] as const) await loadCatalogs(language, ["domains"]);
  });

  it("has the contract's name rules in the English catalog, word for word", () => {
    expect(english.validation).toEqual(
      Object.fromEntries(
        Object.entries(domainMessages).map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, "{{$1}}")]),
      ),
    );
  });

  it("shows the search box's contract message in French on a French page", () => {
    expect(searchBoxSays("kigali_tech", "fr")).toBe(
      "Utilisez uniquement des lettres, des chiffres et des traits d'union.",
    );
    expect(searchBoxSays("-kigali", "fr")).toBe("Un nom ne peut ni commencer ni se terminer par un trait d'union.");
    // The ending the visitor typed stays in the sentence.
    expect(searchBoxSays("example.xyz", "fr")).toBe("Nous ne vendons pas de noms en .xyz.");
    expect(searchBoxSays("kigali_tech", "sw")).toBe("Tumia herufi, tarakimu na vistari tu.");
    expect(searchBoxSays("kigali_tech", "rw")).toBe("Mukoreshe inyuguti, imibare n'uturongo (-) gusa.");
    // English pages show the contract's words.
    expect(searchBoxSays("kigali_tech", "en")).toBe(domainMessages.characters);
  });

  it("keeps the search box's other answers: busy, failed, or the server's own words", () => {
    const t = i18n.getFixedT("fr", "domains");
    expect(searchErrorText(t, null)).toBeNull();
    expect(searchErrorText(t, { message: "", status: 429 })).toBe(
      "Trop de recherches en peu de temps. Patientez une minute, puis réessayez.",
    );
    expect(searchErrorText(t, { message: "", status: 0 })).toBe("La recherche n'a pas abouti. Veuillez réessayer.");
    // A message the server already wrote in the page's language is shown as it came.
    expect(searchErrorText(t, { message: "Nous ne vendons pas de noms en .xyz.", status: 400 })).toBe(
      "Nous ne vendons pas de noms en .xyz.",
    );
  });

  it("translates a TLD's refusal with its ending and length limits, and the order form's messages", () => {
    const t = i18n.getFixedT("fr", "domains");
    const cafe = validateDomainName("café.rw", tldOffers);
    expect(cafe.ok ? null : domainMessageText(t, cafe.message)).toBe(
      "Les noms en .rw ne peuvent contenir que les lettres a-z, des chiffres et des traits d'union.",
    );
    expect(domainMessageText(t, tldProblem("ab", "ab", { tld: "co.ke", idn: false, minLength: 3 })!)).toBe(
      "Les noms en .co.ke doivent comporter au moins 3 caractères avant l'extension.",
    );
    expect(domainMessageText(i18n.getFixedT("sw", "domains"), domainOrderMessages.nameserverDuplicate)).toBe(
      "Kila seva ya majina inaweza kuorodheshwa mara moja tu",
    );
  });

  it("names the source that answered, its age when cached, or that none did, in four languages", () => {
    const en = i18n.getFixedT("en", "domains");
    const said = (result: Parameters<typeof domainSourceText>[1], language = en) => domainSourceText(language, result);
    expect(said({ state: "registered", source: "rdap" })).toBe("Answer from the registry (RDAP).");
    expect(said({ state: "available", source: "whois" })).toBe("Answer from the registry (WHOIS).");
    expect(said({ state: "registered", source: "dns" })).toBe("Answer from DNS: the name has nameservers.");
    expect(said({ state: "available", source: "rdap", cachedSeconds: 42 })).toBe(
      "Answer from the registry (RDAP). From our cache: this answer is less than a minute old.",
    );
    expect(said({ state: "registered", source: "rdap", cachedSeconds: 3599 })).toBe(
      "Answer from the registry (RDAP). From our cache: this answer is 59 minutes old.",
    );
    // Unknown: which registry was asked and gave nothing usable, or that none was asked.
    expect(said({ state: "unknown", source: "rdap", reason: "timeout" })).toBe(
      "No answer: we asked the registry (RDAP) and got none we can rely on.",
    );
    expect(said({ state: "unknown", source: "none", reason: "held_back" })).toBe(
      "No answer: we did not ask the registry just now.",
    );
    expect(said({ state: "unknown", source: "none", reason: "no_source" })).toBe(
      "No source could be asked for this ending.",
    );
    expect(said({ state: "unknown", source: "none", reason: "held_back" }, i18n.getFixedT("fr", "domains"))).toBe(
      "Pas de réponse\u00a0: nous n'avons pas interrogé le registre à l'instant.",
    );
    expect(said({ state: "registered", source: "rdap", cachedSeconds: 60 }, i18n.getFixedT("fr", "domains"))).toBe(
      "Réponse du registre (RDAP). Depuis notre cache\u00a0: cette réponse date de 1 minute.",
    );
    expect(said({ state: "available", source: "rdap", cachedSeconds: 120 }, i18n.getFixedT("sw", "domains"))).toBe(
      "Jibu kutoka kwa sajili (RDAP). Kutoka kwenye hifadhi yetu ya muda: jibu hili lina umri wa dakika 2.",
    );
    expect(said({ state: "unknown", source: "none", reason: "held_back" }, i18n.getFixedT("rw", "domains"))).toBe(
      "Nta gisubizo: ntitwabajije ikigo gishinzwe amazina ubu.",
    );
    // Every language has every reason and every source sentence.
    for (const language of ["en", "fr", "sw", "rw"] as const) {
      const t = i18n.getFixedT(language, "domains");
      for (const reason of DomainUnknownReason.options) expect(t(`reason.${reason}`)).not.toMatch(/^reason\./);
      for (const source of DomainSource.options) {
        expect(domainSourceText(t, { state: "available", source, cachedSeconds: 300 })).not.toMatch(/details\./);
        expect(domainSourceText(t, { state: "unknown", source, reason: "held_back" })).not.toMatch(/details\./);
      }
    }
  });

  it("says in each result row who answered, in the page's language", () => {
    const row = renderToString(
      <MemoryRouter initialEntries={["/fr/domains"]}>
        <DomainRow
          candidate={{ name: "kigalitech.com", unicodeName: "kigalitech.com", tld: "com", kind: "tld" }}
          result={{
            name: "kigalitech.com",
            state: "registered",
            source: "dns",
            checkedAt: "2026-11-25T08:00:00.000Z",
            cachedSeconds: 180,
          }}
          currency="RWF"
        />
      </MemoryRouter>,
    );
    expect(row).toContain(
      "Réponse du DNS\u00a0: le nom a des serveurs de noms. Depuis notre cache\u00a0: cette réponse date de 3 minutes.",
    );
  });

  it("shows a result row's refusal in the page's language", () => {
    const row = renderToString(
      <MemoryRouter initialEntries={["/fr/domains"]}>
        <DomainRow
          candidate={{
            name: "xn--caf-dma.rw",
            unicodeName: "café.rw",
            tld: "rw",
            kind: "tld",
            problem: ".rw names can only use the letters a-z, digits and hyphens.",
          }}
          currency="RWF"
        />
      </MemoryRouter>,
    );
    expect(row).toContain(
      "Les noms en .rw ne peuvent contenir que les lettres a-z, des chiffres et des traits d&#x27;union.",
    );
    expect(row).not.toContain("can only use");
  });
});
