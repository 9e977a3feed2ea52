import { defaultLanguage, languages, localizePath, type Language } from "../../../../contracts/languages.ts";
import { currentLanguage, serverT } from "../../../lib/i18n.ts";
import { languagesWithContent, localizedContent } from "../../../lib/localized-content.ts";
import type { Assistant, AssistantReply } from "./assistant.ts";
import { buildKnowledge, createIndex, tokenize, type KnowledgeIndex, type SearchHit } from "./knowledge-base.ts";

/** Below this BM25 score the best match is a guess: say so and offer a person instead. */
export const MIN_CONFIDENT_SCORE = 3;
/** An English question on a translated page: the English index must beat the page language's by this much. */
const ENGLISH_MARGIN = 1.5;

/**
 * Intents, in every site language at once (visitors mix them): English, French, Swahili, Kinyarwanda.
 * Matched on the text without accents, lower-cased.
 */
const HUMAN = new RegExp(
  [
    String.raw`\b(human|real person|a person|someone|somebody|agent|operator|representative|customer (service|care)|live chat|staff member|member of (your|the) team)\b|\b(talk|speak|chat) (to|with) (you|a|an|your|some)`,
    String.raw`\b(un humain|une personne|quelqu'?un|un conseiller|une conseillere|un agent|un operateur|service client|(parler|discuter) (a|avec) (un|une|quelqu|votre|l'?equipe))`,
    String.raw`\b(binadamu|mtu halisi|mtu wa timu|mhudumu|wakala|mfanyakazi wenu|huduma kwa wateja|(kuongea|kuzungumza|ongea|zungumza) na (mtu|binadamu|mhudumu|wakala))`,
    String.raw`\b(umuntu nyawe|umukozi wanyu|umukozi wa|kuvugana n'?(umuntu|umukozi)|kuganira n'?(umuntu|umukozi)|nvugishe umuntu|mumpuze n'?umuntu|umuntu wo kuvugana)`,
  ].join("|"),
  "i",
);
const GREETING =
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening|day)|greetings|bonjour|bonsoir|salut|coucou|habari|jambo|hujambo|mambo|salaam|shikamoo|muraho|mwaramutse|mwiriwe|bite|amakuru)\b/i;
const THANKS = /^(thanks|thank you|thx|cheers|great,? thanks|ok,? thanks|merci|asante|nashukuru|murakoze|urakoze|ndabashimiye)\b/i;
const GOODBYE = /^(bye|goodbye|see you|ciao|au revoir|a bientot|bonne journee|kwaheri|tutaonana|murabeho|mwirirwe|mugire amahoro)\b/i;
const AI_AGENT = /\bai agent|agents? (of|for) (ai|automation)|agents? (ia|d'ia|conversationnels?)|wakala wa ai|agent wa ai/i;

const plain = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "").replace(/[’`]/g, "'");

/** The default assistant: intents first, then retrieval over the site's own content in the visitor's language. */
export function builtinAssistant(): Assistant & { search(message: string, language?: Language): SearchHit[] } {
  const indexes = new Map<Language, KnowledgeIndex>();
  const indexFor = (language: Language): KnowledgeIndex => {
    let index = indexes.get(language);
    if (!index) {
      // A language whose FAQ is not translated yet is searched as the English words it still shows.
      const words = languagesWithContent("faq", [language]).length > 0 ? language : defaultLanguage;
      index = createIndex(buildKnowledge(language), words);
      indexes.set(language, index);
    }
    return index;
  };
  for (const language of languages) indexFor(language);

  /**
   * Hits in the visitor's language; when that finds nothing sure (an English question on a French
   * page), the English index finds the answer and the visitor gets it in their own words.
   */
  function search(message: string, language: Language, limit = 3): SearchHit[] {
    const own = indexFor(language).search(message, limit);
    if (language === defaultLanguage) return own;
    const english = indexFor(defaultLanguage).search(message, limit);
    const ownBest = own[0]?.score ?? 0;
    const englishBest = english[0]?.score ?? 0;
    // Translations keep some English words ("website", "app"): only a clearly better English match wins.
    if (englishBest < MIN_CONFIDENT_SCORE || englishBest <= ENGLISH_MARGIN * ownBest) return own;
    const byId = new Map(indexFor(language).docs.map((doc) => [doc.id, doc]));
    return english.flatMap((hit) => {
      const doc = byId.get(hit.doc.id);
      return doc ? [{ doc, score: hit.score }] : [];
    });
  }

  const reply = (partial: Partial<AssistantReply> & Pick<AssistantReply, "text" | "intent">): AssistantReply => ({
    links: [],
    topic: null,
    handover: false,
    offerHuman: false,
    source: "built-in",
    ...partial,
  });

  return {
    search: (message, language = currentLanguage()) => search(message, language),
    async answer(message, _history, language = currentLanguage()) {
      const text = message.trim();
      const bare = plain(text);
      const t = (key: string, values: Record<string, unknown> = {}) => serverT(`chat.${key}`, { ns: "chat", lng: language, ...values });
      const { company } = localizedContent("company", language);
      const small = tokenize(text, language).length <= 3;
      if (HUMAN.test(bare) && !AI_AGENT.test(bare)) {
        return reply({ intent: "human", topic: "human", handover: true, text: t("handoverRequested") });
      }
      if (GREETING.test(bare) && small) {
        return reply({ intent: "greeting", topic: "greeting", text: t("greetingReply", { assistant: company.assistantName }) });
      }
      if (THANKS.test(bare) && small) {
        return reply({ intent: "thanks", topic: "thanks", text: t("thanksReply") });
      }
      if (GOODBYE.test(bare) && small) {
        return reply({ intent: "goodbye", topic: "goodbye", text: t("goodbyeReply", { company: company.name }) });
      }
      const [best, second] = search(text, language, 2);
      if (!best || best.score < MIN_CONFIDENT_SCORE) {
        return reply({
          intent: "unknown",
          offerHuman: true,
          text: t("unknownReply", { email: company.email, phone: company.phone.display }),
          links: [{ label: t("contactLink"), href: localizePath("/contact", language) }],
        });
      }
      const links = [best.doc.link];
      if (second && second.score >= best.score * 0.8 && second.doc.link.href !== best.doc.link.href) links.push(second.doc.link);
      return reply({ intent: "answer", topic: best.doc.topic, text: best.doc.answer, links });
    },
  };
}
