/* eslint-disable @stylistic/max-len -- word lists */
import { francAll } from "franc";
import type { Language } from "#contracts/languages.ts";

/** franc's ISO 639-3 codes for the site's languages (franc calls Swahili "swh"). */
const ISO3: Record<string, Language> = { eng: "en", fra: "fr", swh: "sw", kin: "rw" };
const ONLY = Object.keys(ISO3);

/**
 * Words that mark a language even in a two-word message, where trigrams say little: function words,
 * question words, greetings and the words visitors of this site use most. A word two languages share
 * ("na", "ni" in Swahili and Kinyarwanda; "site" in English and French) is in neither list.
 */
const MARKERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    (
      "the is are was do does did you your what whats how much many can could would should will i im i'm my me we our us " +
      "to of for with and or please have has there which where who whom why when it its this that these those want need " +
      "about any some a an on be been am get tell give hi hello hey thanks thank yes bye price prices cost costs pay " +
      "cheapest cheap expensive open opening hours email phone number address website websites app apps server servers " +
      "help talk speak someone person human agent connect customer support service services offer sell buy much u ur r pls plz"
    ).split(" "),
  ),
  fr: new Set(
    (
      "le la les des du de un une est et vous votre vos je j nous notre nos quel quelle quels quelles comment combien " +
      "pour avec pas sur dans c ce cette ces qu que qui quoi suis mon ma mes faire faites fait bonjour bonsoir salut merci " +
      "prix coute coûte couts tarif tarifs oui non s il plait peux pouvez puis voudrais veux parler conseiller entreprise " +
      "societe société horaires ouverts ouvert adresse numero numéro telephone téléphone moins cher chers aussi mais " +
      "donc alors tres très beaucoup tu es t toi moi ton ta tes etes êtes sont avez proposez offrez êtes-vous est-ce lequel laquelle quand ou où"
    ).split(" "),
  ),
  sw: new Set(
    (
      "nini gani vipi wapi lini nani je mna mnatoa mnafanya mnauza mnatengeneza nataka ninataka naomba tafadhali habari " +
      "asante sana yangu yenu yako yetu zenu zetu zangu wenu kampuni bei kiasi ngapi hii hiyo huduma tovuti kikoa vikoa " +
      "naweza nawezaje ninawezaje unaweza mnaweza inagharimu gharama kwa cha vya katika kwenye shilingi simu " +
      "saa ofisi iko mko mtu halisi kuongea kuzungumza mhudumu karibu jambo mambo sawa ndiyo hapana lakini pia kuhusu " +
      "zaidi nafuu rahisi ghali muda inachukua kulipa malipo barua pepe namba mwanzilishi mkurugenzi wateja seva wewe mimi sisi ninyi kabisa hamna hakuna"
    ).split(" "),
  ),
  rw: new Set(
    (
      "iki iyi uyu aya ibi izi nde he ryari gute nigute angahe mwe muri ku mu ese mbese nshaka ndashaka nifuza murakoze " +
      "muraho mwaramutse mwiriwe yanyu wanyu byanyu ryanyu zanyu cyanyu rwanyu banyu cyane kandi ariko urubuga imbuga izina " +
      "igiciro ibiciro amafaranga serivisi telefoni mutanga mukora murakora mufite igura bigura rigura ayahe iyihe izihe " +
      "ihe ibihe kuvugana umuntu umukozi mumpuze amasaha akazi muherereye washinze ikigo kwishyura nakwishyura mwadufasha " +
      "mwamfasha ntabwo yego oya rwanjye yanjye bwanjye ihendutse ihenze kurusha izindi bifata igihe kingana naho mu " +
      "madolari mashilingi nimero sinshobora uri ndi turi mwebwe njye twe none"
    ).split(" "),
  ),
};

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

/**
 * Verb forms that mark Kinyarwanda and Swahili when the word itself is in no list: Kinyarwanda's
 * polite "mu-/mwa-" verbs (mucuruza, mwadufasha), Swahili's "mna-/tuna-/nina-" ones (mnauza, ninataka).
 */
const SHAPES: [Language, RegExp][] = [
  ["rw", /^(mu|mwa|mura|ntitu|ndi|nda)[bcdfghjklmnprstvwyz][a-z]{2,}[aeiou]$/],
  ["sw", /^(mna|mta|mli|tuna|una|nina|hatu|hamu|sina|mnge)[a-z]{3,}[aeiou]$/],
];

export interface LanguageGuess {
  language: Language;
  /** 0..1: how far the winner is ahead of the runner-up; 0 when the prior decided. */
  confidence: number;
}

/**
 * The language a message is written in: franc's trigram scores (reliable from a sentence on) plus
 * marker words (for short messages), with the prior (the chat's language so far, else the page's)
 * deciding when neither says anything, and tipping close calls.
 */
export function identifyLanguage(text: string, prior: Language): LanguageGuess {
  const tokens = words(text);
  const score: Record<Language, number> = { en: 0, fr: 0, sw: 0, rw: 0 };
  let recognised = 0;
  for (const token of tokens) {
    // "y'urubuga", "n'umuntu": the part after an apostrophe is a Kinyarwanda or French word of its own.
    const parts = token.includes("'") ? [token, ...token.split("'")] : [token];
    for (const part of parts) {
      let known = false;
      for (const language of Object.keys(MARKERS) as Language[])
        if (MARKERS[language].has(part)) {
          score[language] += 1;
          known = true;
        }
      if (!known)
        for (const [language, shape] of SHAPES)
          if (shape.test(part)) {
            score[language] += 0.5;
            known = true;
          }
      if (known) recognised += 1;
    }
  }
  const letters = text.replace(/[^\p{L}]/gu, "").length;
  // Trigrams of a few unknown words ("asdfgh qwerty") say nothing: they need a word we know, or a sentence.
  if (letters >= 6 && (recognised > 0 || tokens.length >= 4)) {
    // francAll ranks by distance, 1 for the best; long messages let trigrams weigh more.
    const weight = Math.min(3, letters / 20);
    for (const [code, value] of francAll(text, { only: ONLY, minLength: 1 })) {
      const language = ISO3[code];
      if (language) score[language] += weight * value;
    }
  }
  score[prior] += 0.6;
  const ranked = (Object.entries(score) as [Language, number][]).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] <= 0.6) return { language: prior, confidence: 0 };
  return { language: first[0], confidence: (first[1] - (second?.[1] ?? 0)) / first[1] };
}
