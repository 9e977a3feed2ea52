import { company } from "#content/company.ts";
import { founderHandle } from "#content/founder-handle.ts";
import type { ChatLink } from "#contracts/chat.ts";
import { defaultLanguage, localizePath, type Language } from "#contracts/languages.ts";
import { serverT } from "../../../lib/i18n.ts";
import { localizedContent } from "../../../lib/localized-content.ts";

/** One retrievable piece of the site's content, with the page it came from. */
export interface KnowledgeDoc {
  /** The same in every language: a French hit and an English hit on `faq:cost` are one answer. */
  id: string;
  topic: string;
  title: string;
  answer: string;
  /** Indexed text: title and keywords weigh double. */
  text: string;
  link: ChatLink;
}

const categoryTopic: Record<string, string> = {
  "web-development": "web",
  "cloud-infrastructure": "cloud",
  "ai-machine-learning": "ai",
  cybersecurity: "security",
  "digital-transformation": "digital",
  "domains-digital-assets": "domains",
};
const toolTopic: Record<string, string> = {
  "speed-analysis": "speed-tool",
  "tech-stack-advisor": "advisor-tool",
  "domain-search": "domains",
};

/** "Responsive design" -> "responsive design", but "SEO audits" and "MTN MoMo" keep their capitals. */
const lowerFirst = (text: string) =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** The site's FAQ, services, free tools and founder profile in one language, with links to that language's pages. */
export function buildKnowledge(language: Language = defaultLanguage): KnowledgeDoc[] {
  const { faq } = localizedContent("faq", language);
  const { serviceCategories, freeTools } = localizedContent("services", language);
  const { founder } = localizedContent("founder", language);
  const k = (key: string, values: Record<string, unknown> = {}) =>
    serverT(`chat.knowledge.${key}`, { ns: "chat", lng: language, ...values });
  const link = (label: string, href: string): ChatLink => ({ label, href: localizePath(href, language) });

  const docs: KnowledgeDoc[] = faq.map((entry) => ({
    id: `faq:${entry.id}`,
    topic: entry.topic,
    title: entry.question,
    answer: entry.answer,
    text: `${entry.question} ${entry.question} ${entry.keywords} ${entry.keywords} ${entry.answer}`,
    link: link(entry.link.label, entry.link.href),
  }));
  for (const category of serviceCategories) {
    const topic = categoryTopic[category.id] ?? "services";
    const categoryLink = link(category.title, `/services#${category.id}`);
    docs.push({
      id: `category:${category.id}`,
      topic,
      title: category.title,
      answer: k("categoryAnswer", {
        title: category.title,
        description: category.description,
        services: category.services.map((s) => s.name).join(", "),
      }),
      text: `${category.title} ${category.title} ${category.description} ${category.services.map((s) => s.name).join(" ")}`,
      link: categoryLink,
    });
    category.services.forEach((service, index) => {
      // Topics come from the English name, whatever the language.
      const englishName =
        localizedContent("services", defaultLanguage).serviceCategories.find((c) => c.id === category.id)?.services[
          index
        ]?.name ?? service.name;
      docs.push({
        id: `service:${category.id}:${englishName}`,
        topic: /email/i.test(englishName) ? "email" : topic,
        title: service.name,
        answer: k("serviceAnswer", {
          name: service.name,
          description: service.description,
          features: service.features.map(lowerFirst).join("; "),
          timeframe: service.timeframe,
        }),
        text: `${service.name} ${service.name} ${service.description} ${service.features.join(" ")}`,
        link: categoryLink,
      });
    });
  }
  for (const tool of freeTools) {
    docs.push({
      id: `tool:${tool.id}`,
      topic: toolTopic[tool.id] ?? "tools",
      title: tool.title,
      answer: k("toolAnswer", { title: tool.title, description: tool.description }),
      text: `${tool.title} ${tool.title} ${k("toolKeywords")} ${tool.description}`,
      link: link(tool.title, tool.href),
    });
  }
  docs.push({
    id: "founder:profile",
    topic: "founder",
    title: founder.name,
    answer: k("founderAnswer", {
      name: founder.name,
      title: founder.title,
      company: company.name,
      about: founder.about[0] ?? "",
    }).trim(),
    text: `${founder.name} ${founder.title} ${k("founderKeywords")} ${founder.about.join(" ")}`,
    link: link(k("founderLink", { name: founder.name }), `/${founderHandle}`),
  });
  return docs;
}

/**
 * Words that say nothing about what a question is about, per language (compared without accents).
 * Swahili and Kinyarwanda: connectives, pronouns, question words and "I want / can you" forms.
 */
/* eslint-disable @stylistic/max-len -- word lists */
const STOPWORDS: Record<Language, Set<string>> = {
  en: new Set(
    "a an the and or but if of to in on at for with by from is are was were be been am do does did can could would should will i me my we us our you your it its this that these those what which who whom how when where why there here have has had any some about into please tell know want need like just get also than then them they he she him her so not no yes up out as".split(
      " ",
    ),
  ),
  fr: new Set(
    "a au aux avec ce c ca cela ces cet cette d de des du dans en et est etes es etre ai as avez avons ont il ils elle elles je j me m moi mon ma mes ne n nous notre nos on ou par pas pour qu que qui quoi quel quelle quels quelles s se sa son ses sur t te ton ta tes tu un une vous votre vos y le la les l leur leurs lui est-ce si mais donc alors aussi bien tres peut peux pouvez pourriez pouvons puis-je voudrais voulons veux voulez souhaite souhaitons besoin svp stp oui non sont suis etait ete fait faites comment quand pourquoi chez vers aider aidez".split(
      " ",
    ),
  ),
  sw: new Set(
    "na ya wa za la cha vya kwa ni si je nini gani vipi wapi lini nani zipi ipi yupi upi lipi kipi zenu zetu zangu zako zake zao yake yao mimi wewe sisi ninyi nyinyi yeye wao hii hiyo huu huo hizi hayo ile kama au lakini pia tu sana katika kwenye kutoka hadi mpaka ndiyo hapana tafadhali naomba nataka ninataka ninahitaji nahitaji nina una mna mnaweza unaweza naweza tunaweza kuna yangu yako yetu yenu wangu wako wetu wenu langu lako letu lenu changu chako chetu chenu kwenu nanyi nawe ili kuhusu saidia kusaidia kutusaidia tusaidia tusaidie nisaidie kunisaidia mnasaidia".split(
      " ",
    ),
  ),
  rw: new Set(
    "na n ni ya y wa w za z cya c bya rya ry yo ko mu ku kuri iki ibi ese mbese nde he ryari gute kandi cyangwa ariko nanone cyane ndashaka nshaka nifuza twifuza nkeneye dukeneye mushobora mwashobora mwambwira mumbwire ubu uko ibyo icyo ayo ako aho uyu iyi iri ibyanyu byanyu yanyu wanyu ryanyu banyu zanyu cyanyu rwanyu kwanyu hanyu twanyu mwe twe njye jye we bo yacu wacu zacu cyacu byacu rwacu ryacu bwacu kwacu twacu bacu yanjye wanjye zanjye cyanjye byanjye rwanjye ryanjye bwanjye kwanjye banjye yawe wawe zawe cyawe byawe rwawe ryawe bwawe mukora murakora mwakora gufasha mwadufasha mwamfasha mumfashe dufashe mwafasha mufasha".split(
      " ",
    ),
  ),
};
/* eslint-enable @stylistic/max-len */
// On the company's own site its name says nothing about what a question is about.
for (const word of `${company.name} ${company.shortName}`.toLowerCase().split(/\s+/))
  for (const words of Object.values(STOPWORDS)) words.add(word);

/** Lower-case, unaccented words: "coûte" and "coute", "Kiswahili" and "kiswahili" are one word. */
function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replaceAll("œ", "oe")
      .replaceAll("æ", "ae")
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .match(/[a-z0-9]+/g) ?? []
  );
}

function englishStem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("es") && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Plural and feminine endings: "sites", "site" -> "sit"; "coute", "cout" -> "cout". */
function frenchStem(word: string): string {
  if (word.length <= 3) return word;
  let stem = word;
  if (/[sx]$/.test(stem) && !stem.endsWith("ss")) stem = stem.slice(0, -1);
  if (stem.endsWith("e") && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}

/**
 * Swahili and Kinyarwanda mark noun class (and person and tense) at the front of a word:
 * "igiciro"/"ibiciro" (price/prices), "urubuga"/"imbuga" (website/websites), "kikoa"/"vikoa"
 * (domain/domains). Dropping one such prefix from longer words lets singular and plural,
 * noun and verb meet; the words keep enough of themselves to stay distinct.
 */
const BANTU_PREFIX =
  /^(?:[iau](?:bi|gi|ki|ci|ru|mu|ba|bu|ka|tu|ri|ma|mi|zi|ku|ny|n|m)|ki|vi|ku|wa|mi|ma|mu|m|n)(?=[a-z]{4})/;
function bantuStem(word: string): string {
  if (word.length < 6) return word;
  return word.replace(BANTU_PREFIX, "");
}

const STEMMERS: Record<Language, (word: string) => string> = {
  en: englishStem,
  fr: frenchStem,
  sw: bantuStem,
  rw: bantuStem,
};

/** Word stems without stop words, in one language: "Websites" and "website" match. */
export function tokenize(text: string, language: Language = defaultLanguage): string[] {
  const stop = STOPWORDS[language];
  const stem = STEMMERS[language];
  return words(text)
    .filter((word) => !stop.has(word) && (language === defaultLanguage || word.length > 1))
    .map(stem);
}

export interface SearchHit {
  doc: KnowledgeDoc;
  score: number;
  /** The share of the question's words the document has: "do you sell cars" matches "sell", not "cars". */
  coverage: number;
  /** How many of the question's words the site's content never uses, in any form ("cars", "wedding"). */
  novel: number;
}

/**
 * Swahili and Kinyarwanda stack affixes on both ends of a word ("ku-ni-tengenez-ea", make for me;
 * "i-me-dukuliwa", has been hacked): a query word the content never uses also counts, a little
 * less, as the content's words it shares most of its letters with.
 */
const FUZZY = new Set<Language>(["sw", "rw"]);
const FUZZY_WEIGHT = 0.8;

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = previous[j - 1]! + 1;
        if (current[j]! > best) best = current[j]!;
      }
    }
    previous = current;
  }
  return best;
}

/** The five-letter pieces of a word. */
function pieces(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 5 <= word.length; i++) out.push(word.slice(i, i + 5));
  return out;
}

function sameRoot(a: string, b: string): boolean {
  if (a.length < 5 || b.length < 5) return false;
  return longestCommonSubstring(a, b) >= Math.max(5, Math.ceil(0.6 * Math.max(a.length, b.length)));
}

/** BM25 over the site's content in one language: small, fast, no dependency. */
export function createIndex(docs: readonly KnowledgeDoc[], language: Language = defaultLanguage) {
  const k1 = 1.2;
  const b = 0.75;
  const tokenized = docs.map((doc) => tokenize(doc.text, language));
  const avgLength = tokenized.reduce((sum, t) => sum + t.length, 0) / Math.max(1, tokenized.length);
  const frequencies = tokenized.map((tokens) => {
    const map = new Map<string, number>();
    for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
    return map;
  });
  const documentFrequency = new Map<string, number>();
  for (const map of frequencies)
    for (const token of map.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const weight = (term: string, i: number): number => {
    const tf = frequencies[i]!.get(term);
    if (!tf) return 0;
    const df = documentFrequency.get(term) ?? 0;
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
    return idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * tokenized[i]!.length) / avgLength)));
  };
  // Two words with the same root share at least five letters in a row: only words sharing a
  // five-letter piece with the query word are compared, so the comparison stays cheap.
  const byPiece = new Map<string, string[]>();
  for (const word of documentFrequency.keys()) {
    if (word.length < 5) continue;
    for (const piece of new Set(pieces(word))) {
      const list = byPiece.get(piece);
      if (list) list.push(word);
      else byPiece.set(piece, [word]);
    }
  }
  const relatedCache = new Map<string, string[]>();
  const relatedWords = (term: string): string[] => {
    let related = relatedCache.get(term);
    if (!related) {
      const candidates = new Set(pieces(term).flatMap((piece) => byPiece.get(piece) ?? []));
      related = [...candidates].filter((word) => sameRoot(term, word));
      if (relatedCache.size > 5000) relatedCache.clear();
      relatedCache.set(term, related);
    }
    return related;
  };
  return {
    language,
    docs,
    search(query: string, limit = 3): SearchHit[] {
      const terms = [...new Set(tokenize(query, language))];
      // A word the content never uses exactly may still be one of its words with other affixes.
      const related = new Map(
        terms
          .filter((term) => FUZZY.has(language) && !documentFrequency.has(term))
          .map((term) => [term, relatedWords(term)]),
      );
      const novel = terms.filter((term) => !documentFrequency.has(term) && !(related.get(term)?.length ?? 0)).length;
      const hits: SearchHit[] = [];
      docs.forEach((doc, i) => {
        let score = 0;
        let matched = 0;
        for (const term of terms) {
          const alike = related.get(term);
          const add = alike ? FUZZY_WEIGHT * Math.max(0, ...alike.map((word) => weight(word, i))) : weight(term, i);
          score += add;
          if (add > 0) matched += 1;
        }
        if (score > 0) hits.push({ doc, score, coverage: matched / terms.length, novel });
      });
      return hits.sort((x, y) => y.score - x.score).slice(0, limit);
    },
  };
}

export type KnowledgeIndex = ReturnType<typeof createIndex>;
