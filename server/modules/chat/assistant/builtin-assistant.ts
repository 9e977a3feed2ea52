import { businessSchedule } from "#content/business-hours.ts";
import { founderHandle } from "#content/founder-handle.ts";
import type { ChatLink } from "#contracts/chat.ts";
import { defaultLanguage, languages, localizePath, type Language } from "#contracts/languages.ts";
import { currentLanguage, serverT } from "../../../lib/i18n.ts";
import { languagesWithContent, localizedContent } from "../../../lib/localized-content.ts";
import type { Assistant, AssistantIntent, AssistantReply, AssistantTurn } from "./assistant.ts";
import { buildKnowledge, createIndex, type KnowledgeIndex, type SearchHit } from "./knowledge-base.ts";
import { identifyLanguage } from "./language-id.ts";
import {
  contentPriceBook,
  CURRENCIES,
  formatMoney,
  formatPrices,
  type Currency,
  type Money,
  type PriceBook,
  type PricedTld,
} from "./price-book.ts";
import { understand, withoutCues, type Fact, type Superlative, type Understanding } from "./understanding.ts";

/** Below this BM25 score the best match is a guess: say so and offer a person instead. */
export const MIN_CONFIDENT_SCORE = 3;
/** A match this strong is the answer even when the question says more than the answer covers. */
const STRONG_SCORE = 5.5;
/**
 * A weaker match must also cover half of the question's words, and more than half when the question
 * has a word the site never uses: "do you sell cars" shares "sell" with the online-shop answer, but
 * the answer says nothing about cars.
 */
const confident = (hit: SearchHit | undefined): hit is SearchHit =>
  hit !== undefined &&
  hit.score >= MIN_CONFIDENT_SCORE &&
  (hit.score >= STRONG_SCORE || hit.coverage > 0.5 || (hit.coverage >= 0.5 && hit.novel === 0));
/** An English question on a translated page: the English index must beat the page language's by this much. */
const ENGLISH_MARGIN = 1.5;
/** A catalogue service named in a question ("a mobile app", "une boutique en ligne") scores at least this. */
const MIN_SERVICE_SCORE = 2.5;

/** What the assistant answers, and the things the answer is about: carried to the next turn. */
export interface Frame {
  intent: string;
  vps?: boolean;
  plans?: string[];
  addons?: string[];
  specs?: Understanding["specs"];
  superlative?: Superlative | null;
  domain?: boolean;
  tlds?: string[];
  payment?: boolean;
  currency?: Currency | null;
  service?: string | null;
  weekday?: number | null;
}

/** Intents that answer a question about prices and can take a follow-up about another item or currency. */
const PRICE_INTENTS = new Set(["vps-prices", "domain-prices", "payment-limits", "pricing"]);

export interface BuiltinAssistantOptions {
  /** The live prices (staff changes included); the content's seed prices without it. */
  prices?: () => PriceBook;
}

export type BuiltinAssistant = Assistant & {
  search(message: string, language?: Language): SearchHit[];
  /** The language a message is in, given the chat so far: the LLM path answers in it too. */
  languageOf(message: string, history: readonly AssistantTurn[], page: Language): Language;
  /** The topic a message asks about, after the conversation so far (for follow-ups). */
  frameOf(message: string, history: readonly AssistantTurn[], page?: Language): Frame;
  /** The answer to a frame from the site's data, in a language: what the LLM path's tools return. */
  structured(frame: Frame, language: Language, message?: string): AssistantReply;
};

/** The default assistant: safety and intents first, answers from the site's structured data, then retrieval. */
export function builtinAssistant(options: BuiltinAssistantOptions = {}): BuiltinAssistant {
  const prices = options.prices ?? (() => contentPriceBook());
  const indexes = new Map<Language, KnowledgeIndex>();
  const serviceIndexes = new Map<Language, KnowledgeIndex>();
  const wordsOf = (language: Language) =>
    // A language whose FAQ is not translated yet is searched as the English words it still shows.
    languagesWithContent("faq", [language]).length > 0 ? language : defaultLanguage;
  const indexFor = (language: Language): KnowledgeIndex => {
    let index = indexes.get(language);
    if (!index) {
      index = createIndex(buildKnowledge(language), wordsOf(language));
      indexes.set(language, index);
    }
    return index;
  };
  const serviceIndexFor = (language: Language): KnowledgeIndex => {
    let index = serviceIndexes.get(language);
    if (!index) {
      const docs = buildKnowledge(language).filter((doc) => doc.id.startsWith("service:"));
      index = createIndex(docs, wordsOf(language));
      serviceIndexes.set(language, index);
    }
    return index;
  };
  for (const language of languages) {
    indexFor(language);
    serviceIndexFor(language);
  }

  /**
   * Hits in the visitor's language; when that finds nothing sure (an English question on a French
   * page), the English index finds the answer and the visitor gets it in their own words.
   */
  function search(message: string, language: Language, limit = 3, pick = indexFor): SearchHit[] {
    const own = pick(language).search(message, limit);
    if (language === defaultLanguage) return own;
    const english = pick(defaultLanguage).search(message, limit);
    const ownBest = own[0]?.score ?? 0;
    const englishBest = english[0]?.score ?? 0;
    // Translations keep some English words ("website", "app"): only a clearly better English match wins.
    if (englishBest < MIN_CONFIDENT_SCORE || englishBest <= ENGLISH_MARGIN * ownBest) return own;
    const byId = new Map(pick(language).docs.map((doc) => [doc.id, doc]));
    return english.flatMap((hit) => {
      const doc = byId.get(hit.doc.id);
      return doc ? [{ ...hit, doc }] : [];
    });
  }

  /** The catalogue service a message names, as a language-independent id ("service:web-development:Mobile App Development"). */
  function serviceIn(message: string, language: Language): string | null {
    const [best, second] = search(withoutCues(message), language, 2, serviceIndexFor);
    // Two services about as likely: the general answer (which names the common ones) is safer than a guess.
    if (!best || best.score < MIN_SERVICE_SCORE || (second && second.score * 1.25 > best.score)) return null;
    return best.doc.id;
  }

  /* ------------------------------------------------------------ dialogue */

  /** The language of each visitor message in turn: the chat's language so far is the prior for the next. */
  function languagesOf(messages: readonly string[], page: Language): Language[] {
    let prior = page;
    return messages.map((message) => (prior = identifyLanguage(message, prior).language));
  }
  const userTurns = (history: readonly AssistantTurn[]) =>
    history
      .slice(-8)
      .filter((turn) => turn.role === "user")
      .map((turn) => turn.content);

  function languageOf(message: string, history: readonly AssistantTurn[], page: Language): Language {
    // A French visitor's "ok" stays French: the earlier messages set the prior, not only the page.
    return languagesOf([...userTurns(history), message], page).at(-1)!;
  }

  /** What a message asks, after the conversation so far, and the language it is in. */
  function understandTurn(message: string, history: readonly AssistantTurn[], page: Language) {
    const earlier = userTurns(history);
    const spoken = languagesOf([...earlier, message], page);
    let previous: Frame | null = null;
    earlier.forEach((content, i) => (previous = resolve(understand(content), previous, content, spoken[i]!)));
    const language = spoken.at(-1)!;
    return { frame: resolve(understand(message), previous, message, language), language };
  }

  function frameOf(message: string, history: readonly AssistantTurn[], page: Language = defaultLanguage): Frame {
    return understandTurn(message, history, page).frame;
  }

  /** What the message asks, with what it leaves out taken from the previous turn when it leans on it. */
  function resolve(u: Understanding, previous: Frame | null, message: string, language: Language): Frame {
    if (u.injection) return { intent: "injection" };
    if (u.handover) return { intent: "human" };
    if (u.privacy) return { intent: "privacy" };
    if (u.abuse) return { intent: "abuse" };
    const entities = {
      vps: u.vps || (u.addons.length > 0 && !u.domain && previous?.vps === true),
      plans: u.plans,
      addons: u.addons,
      specs: u.specs,
      superlative: u.superlative,
      domain: u.domain,
      tlds: u.tlds,
      payment: u.payment,
      currency: u.currency,
      weekday: u.weekday,
    };
    const topical =
      entities.vps ||
      entities.domain ||
      u.payment ||
      u.price ||
      u.duration ||
      u.servicesOverview ||
      u.tools.length > 0 ||
      u.facts.length > 0 ||
      u.businessEmail;
    if (u.whoAreYou && !topical) return { intent: "bot" };
    if ((u.greeting || u.thanks || u.goodbye || u.howAreYou) && !topical && u.wordCount <= 6) {
      return { intent: u.howAreYou ? "howAreYou" : u.thanks ? "thanks" : u.goodbye ? "goodbye" : "greeting" };
    }
    if (u.competitor) return { intent: "competitor", ...entities };

    const hasObject = entities.vps || entities.domain || u.payment;
    const cueOnly = !hasObject && (u.price || u.superlative || u.currency || u.discount || u.duration || u.elliptic);
    const short = u.wordCount <= 7;
    // A follow-up: a cue without its object ("which one is the cheapest?", "and in dollars?") takes the last one's.
    if (previous && cueOnly && (short || u.elliptic) && !u.servicesOverview && u.facts.length === 0) {
      if (u.duration && previous.service) return { intent: "timeline", service: previous.service };
      if (previous.vps || previous.domain || previous.payment || previous.service) {
        const price = u.price || u.superlative || u.currency || u.discount ? true : PRICE_INTENTS.has(previous.intent);
        if (price) {
          const carried: Frame = {
            ...previous,
            superlative: u.superlative ?? (u.currency ? previous.superlative : null),
            currency: u.currency ?? previous.currency ?? null,
            specs: Object.keys(u.specs).length ? u.specs : previous.specs,
          };
          // "Which is the cheapest?" asks about the whole list, not the plan named before.
          if (u.superlative) carried.plans = [];
          return { ...carried, intent: intentForPrice(carried) };
        }
      }
    }
    // "What about .com?", "and on Saturday?": a new object for the last question.
    if (previous && (u.elliptic || u.wordCount <= 4) && !u.price && !u.howTo) {
      if (PRICE_INTENTS.has(previous.intent) && (entities.domain || entities.vps)) {
        const frame: Frame = { ...entities, currency: entities.currency ?? previous.currency ?? null, intent: "" };
        return { ...frame, intent: intentForPrice(frame) };
      }
      if (previous.intent === "hours" && u.weekday !== null) return { intent: "hours", weekday: u.weekday };
    }
    const service = u.duration || u.price ? serviceIn(message, language) : null;

    // How to use a tool or place an order.
    if (u.howTo || u.order) {
      if (u.tools.includes("speed")) return { intent: "speed-tool" };
      if (u.tools.includes("advisor")) return { intent: "advisor-tool" };
      if (u.tools.includes("domainSearch") || (entities.domain && !u.price))
        return { intent: "domain-search", ...entities };
      if (entities.vps && !u.price && !u.superlative && !u.discount) return { intent: "vps-order", ...entities };
      if (u.payment && !u.limit && !u.price) return { intent: "payment", ...entities };
    }
    if (u.price || u.superlative || u.discount || Object.keys(u.specs).length > 0 || (u.limit && u.payment)) {
      const frame: Frame = { ...entities, service, intent: "" };
      if (hasObject || !u.discount) return { ...frame, intent: intentForPrice(frame) };
    }
    if (u.duration) return { intent: "timeline", service };
    if (u.payment) return { intent: u.limit ? "payment-limits" : "payment", ...entities };
    if (u.servicesOverview) return { intent: "services" };
    if (u.offTopic) return { intent: "offtopic" };
    const fact = (
      ["email", "phone", "contact", "address", "hours", "founded", "founder", "careers", "countries", "about"] as const
    ).find((f) => u.facts.includes(f as Fact));
    if (fact) return { intent: fact, weekday: u.weekday };
    if (u.tools.includes("speed")) return { intent: "speed-tool" };
    if (u.tools.includes("advisor")) return { intent: "advisor-tool" };
    if (u.tools.includes("domainSearch")) return { intent: "domain-search", ...entities };
    if (u.plansAsked) return { intent: "vps-prices", ...entities };
    if (entities.vps && !u.businessEmail) return { intent: "hosting", ...entities };
    if (entities.domain && !u.businessEmail) return { intent: "domains", ...entities };
    if (u.notOffered) return { intent: "notOffered" };
    return { intent: "retrieve" };
  }

  function intentForPrice(frame: Frame): string {
    if (frame.domain) return "domain-prices";
    if (frame.vps || (frame.addons?.length ?? 0) > 0) return "vps-prices";
    if (frame.payment) return "payment-limits";
    return "pricing";
  }

  /* ------------------------------------------------------------ answers */

  const reply = (partial: Partial<AssistantReply> & Pick<AssistantReply, "text" | "intent">): AssistantReply => ({
    links: [],
    topic: null,
    handover: false,
    offerHuman: false,
    source: "built-in",
    ...partial,
  });

  function compose(frame: Frame, message: string, language: Language): AssistantReply {
    const t = (key: string, values: Record<string, unknown> = {}) =>
      serverT(`chat.${key}`, { ns: "chat", lng: language, ...values });
    const a = (key: string, values: Record<string, unknown> = {}) => t(`assistant.${key}`, values);
    const link = (key: string, href: string): ChatLink => ({
      label: a(`links.${key}`),
      href: localizePath(href, language),
    });
    const { company } = localizedContent("company", language);
    const answer = (intent: AssistantIntent, topic: string, text: string, links: ChatLink[] = []) =>
      reply({ intent, topic, text, links, language });
    const book = prices();
    const unknown = () =>
      reply({
        intent: "unknown",
        offerHuman: true,
        language,
        text: t("unknownReply", { email: company.email, phone: company.phone.display }),
        links: [{ label: t("contactLink"), href: localizePath("/contact", language) }],
      });

    switch (frame.intent) {
      case "injection":
        return answer("refusal", "injection", a("injection"));
      case "privacy":
        return answer("refusal", "privacy", a("privacy", { email: company.email }), [link("contact", "/contact")]);
      case "abuse":
        return reply({
          intent: "refusal",
          topic: "abuse",
          language,
          text: a("abuse", { email: company.email, phone: company.phone.display }),
          links: [link("contact", "/contact")],
          offerHuman: true,
        });
      case "human":
        return reply({ intent: "human", topic: "human", handover: true, language, text: t("handoverRequested") });
      case "greeting":
        return answer("greeting", "greeting", t("greetingReply", { assistant: company.assistantName }));
      case "thanks":
        return answer("thanks", "thanks", t("thanksReply"));
      case "goodbye":
        return answer("goodbye", "goodbye", t("goodbyeReply", { company: company.name }));
      case "howAreYou":
        return answer("greeting", "smalltalk", a("howAreYou"));
      case "bot":
        return answer("greeting", "smalltalk", a("bot", { assistant: company.assistantName }));
      case "offtopic":
        return answer("refusal", "offtopic", a("offTopic", { company: company.name }), [link("services", "/services")]);
      case "notOffered":
        return unknown();
      case "competitor": {
        const facts = a("competitorFacts", {
          vps: cheapestVps(book, language),
          domain: cheapestDomain(book, language),
        });
        return answer("answer", "competitor", a("competitor", { facts }), [
          link("vps", "/vps-hosting"),
          link("services", "/services"),
        ]);
      }
      case "services": {
        const { serviceCategories } = localizedContent("services", language);
        const list = serviceCategories
          .map((category) =>
            a("servicesItem", { title: category.title, services: category.services.map((s) => s.name).join(", ") }),
          )
          .join("\n");
        return answer("answer", "services", a("servicesOverview", { list }), [link("services", "/services")]);
      }
      case "vps-prices":
        return answer("answer", "vps-prices", vpsAnswer(frame, book, language, a), [link("vps", "/vps-hosting")]);
      case "domain-prices":
        return answer("answer", "domain-prices", domainAnswer(frame, book, language, a), [link("domains", "/domains")]);
      case "payment-limits":
        return answer("answer", "payment", a("paymentLimits"), [link("payment", "/payment")]);
      case "payment":
        return answer("answer", "payment", a("paymentSteps"), [link("payment", "/payment")]);
      case "pricing": {
        const quote = faqAnswer("cost", language);
        const service = frame.service ? serviceById(frame.service, language) : null;
        const text = service
          ? a("pricingService", { quote, service: service.name, timeframe: service.timeframe })
          : a("pricing", { quote, vps: cheapestVps(book, language), domain: cheapestDomain(book, language) });
        const links = [
          link("quote", "/contact"),
          ...(service ? [] : [link("vps", "/vps-hosting"), link("domains", "/domains")]),
        ];
        return answer("answer", "pricing", text, links);
      }
      case "timeline": {
        const service = frame.service ? serviceById(frame.service, language) : null;
        if (!service)
          return answer("answer", "timeline", faqAnswer("timeline", language), [link("services", "/services")]);
        return answer("answer", "timeline", a("timeline", { service: service.name, timeframe: service.timeframe }), [
          link("services", `/services#${service.category}`),
        ]);
      }
      case "hosting":
        return answer(
          "answer",
          "hosting",
          a("hosting", { answer: faqAnswer("hosting", language), price: cheapestVps(book, language) }),
          [link("vps", "/vps-hosting")],
        );
      case "domains":
        return answer(
          "answer",
          "domains",
          a("domains", { answer: faqAnswer("domains", language), price: cheapestDomain(book, language) }),
          [link("domains", "/domains")],
        );
      case "domain-search":
        return answer("answer", "domains", a("domainSearchTool", { tlds: tldList(book) }), [
          link("domains", "/domains"),
        ]);
      case "vps-order":
        return answer("answer", "hosting", a("vpsOrder"), [link("vps", "/vps-hosting")]);
      case "speed-tool":
        return answer("answer", "speed-tool", a("speedTool"), [link("speed", "/speed-analysis")]);
      case "advisor-tool":
        return answer("answer", "advisor-tool", a("advisorTool"), [link("advisor", "/tech-stack-advisor")]);
      case "email":
        return answer(
          "answer",
          "contact",
          a("email", { email: company.email, responseTime: company.support.responseTime }),
          [link("contact", "/contact")],
        );
      case "phone":
        return answer("answer", "contact", a("phone", { phone: company.phone.display }), [link("contact", "/contact")]);
      case "contact":
        return answer(
          "answer",
          "contact",
          a("contact", {
            phone: company.phone.display,
            email: company.email,
            responseTime: company.support.responseTime,
          }),
          [link("contact", "/contact")],
        );
      case "address":
        return answer("answer", "location", a("address", { address: company.headquarters.address }), [
          link("contact", "/contact"),
        ]);
      case "hours":
        return answer("answer", "hours", hoursAnswer(frame.weekday ?? null, language, a), [
          link("contact", "/contact"),
        ]);
      case "founder":
      case "founded": {
        const { founder } = localizedContent("founder", language);
        const values = { name: founder.name, company: company.name, year: company.foundedYear, title: founder.title };
        return answer("answer", "founder", a(frame.intent, values), [
          {
            label: t("knowledge.founderLink", { name: founder.name }),
            href: localizePath(`/${founderHandle}`, language),
          },
        ]);
      }
      case "careers":
      case "countries":
      case "about":
        return fromFaq(frame.intent, language) ?? unknown();
      default:
        break;
    }
    // Retrieval over the FAQ, services, tools and founder profile; below the threshold, an honest "I don't know".
    const [best, second] = search(message, language, 2);
    if (!confident(best)) return unknown();
    const links = [best.doc.link];
    if (second && second.score >= best.score * 0.8 && second.doc.link.href !== best.doc.link.href)
      links.push(second.doc.link);
    return reply({ intent: "answer", topic: best.doc.topic, text: best.doc.answer, links, language });
  }

  function fromFaq(id: string, language: Language): AssistantReply | null {
    const doc = indexFor(language).docs.find((d) => d.id === `faq:${id}`);
    return doc ? reply({ intent: "answer", topic: doc.topic, text: doc.answer, links: [doc.link], language }) : null;
  }
  const faqAnswer = (id: string, language: Language) =>
    indexFor(language).docs.find((d) => d.id === `faq:${id}`)?.answer ?? "";

  function serviceById(id: string, language: Language) {
    const [, category, englishName] = id.split(":");
    const english = localizedContent("services", defaultLanguage).serviceCategories.find((c) => c.id === category);
    const index = english?.services.findIndex((s) => s.name === englishName) ?? -1;
    const local = localizedContent("services", language).serviceCategories.find((c) => c.id === category);
    const service = index >= 0 ? local?.services[index] : undefined;
    return service && category ? { name: service.name, timeframe: service.timeframe, category } : null;
  }

  return {
    search: (message, language = currentLanguage()) => search(message, language),
    languageOf,
    frameOf,
    structured: (frame, language, message = "") => compose(frame, message, language),
    async answer(message, history, page = currentLanguage()) {
      const text = message.trim();
      const { frame, language } = understandTurn(text, history, page);
      return compose(frame, text, language);
    },
  };
}

/* ------------------------------------------------------------ structured answers */

type Say = (key: string, values?: Record<string, unknown>) => string;

const cheapestVps = (book: PriceBook, language: Language) => {
  const plan = [...book.vpsPlans].sort((x, y) => x.monthly.RWF - y.monthly.RWF)[0];
  return plan ? formatPrices(plan.monthly, ["RWF", "USD"], language) : "";
};
const cheapestDomain = (book: PriceBook, language: Language) => {
  const tld = [...book.tlds].sort((x, y) => x.register.RWF - y.register.RWF)[0];
  return tld ? formatPrices(tld.register, ["RWF", "USD"], language) : "";
};
const tldList = (book: PriceBook) => book.tlds.map((t) => `.${t.tld}`).join(", ");

/** The currencies to quote: the one asked for, or all of them. */
const currenciesFor = (currency: Currency | null | undefined): readonly Currency[] =>
  currency ? [currency] : CURRENCIES;

function vpsAnswer(frame: Frame, book: PriceBook, language: Language, a: Say): string {
  const { vpsPlans, vpsAddons } = localizedContent("vps", language);
  const local = (id: string) => vpsPlans.find((p) => p.id === id);
  const currencies = currenciesFor(frame.currency);
  const specs = (p: PriceBook["vpsPlans"][number]) => a("vpsSpecs", { vcpu: p.vcpu, ram: p.ramGb, ssd: p.ssdGb });
  const price = (money: Money) => formatPrices(money, currencies, language);
  const periods = () => {
    const discounted = book.vpsPeriods.filter((p) => p.discountPercent > 0);
    return a("vpsPeriods", {
      periods: joinList(
        discounted.map((p) => a("months", { count: p.months })),
        a("and"),
      ),
      discounts: joinList(
        discounted.map((p) => `${p.discountPercent}%`),
        a("and"),
      ),
    });
  };
  const one = (key: string, plan: PriceBook["vpsPlans"][number]) =>
    a(key, {
      name: local(plan.id)?.name ?? plan.id,
      specs: specs(plan),
      price: price(plan.monthly),
      bestFor: lowerFirst(local(plan.id)?.bestFor ?? ""),
    });

  if (frame.addons?.length && !frame.plans?.length && !frame.superlative) {
    return frame.addons
      .map((id) => {
        const addon = book.vpsAddons.find((x) => x.id === id);
        const words = vpsAddons.find((x) => x.id === id);
        return addon && words
          ? a("vpsAddon", { name: words.name, description: lowerFirst(words.description), price: price(addon.monthly) })
          : "";
      })
      .filter(Boolean)
      .join("\n");
  }
  const byPrice = [...book.vpsPlans].sort((x, y) => x.monthly.RWF - y.monthly.RWF);
  if (frame.superlative === "min") return one("vpsCheapest", byPrice[0]!);
  if (frame.superlative === "max") return one("vpsDearest", byPrice.at(-1)!);
  const named = (frame.plans ?? []).map((id) => book.vpsPlans.find((p) => p.id === id)).filter((p) => p !== undefined);
  if (named.length > 0) return named.map((plan) => one("vpsPlan", plan)).join("\n");
  const wanted = frame.specs ?? {};
  if (Object.keys(wanted).length > 0) {
    const fits = byPrice.find(
      (p) =>
        (wanted.ramGb === undefined || p.ramGb >= wanted.ramGb) &&
        (wanted.vcpu === undefined || p.vcpu >= wanted.vcpu) &&
        (wanted.ssdGb === undefined || p.ssdGb >= wanted.ssdGb),
    );
    if (fits) {
      const exact =
        (wanted.ramGb === undefined || fits.ramGb === wanted.ramGb) &&
        (wanted.vcpu === undefined || fits.vcpu === wanted.vcpu) &&
        (wanted.ssdGb === undefined || fits.ssdGb === wanted.ssdGb);
      return one(exact ? "vpsPlan" : "vpsNoMatch", fits);
    }
  }
  const list = byPrice.map((plan) => one("vpsPlanItem", plan)).join("\n");
  return a("vpsPlans", { list, periods: periods() });
}

function domainAnswer(frame: Frame, book: PriceBook, language: Language, a: Say): string {
  const currencies = currenciesFor(frame.currency);
  const renewal = (tld: PricedTld) =>
    tld.renew.USD !== tld.register.USD
      ? a("domainRenewal", { price: formatPrices(tld.renew, currencies, language) })
      : "";
  const byPrice = [...book.tlds].sort((x, y) => x.register.RWF - y.register.RWF);
  if (frame.superlative) {
    const tld = frame.superlative === "min" ? byPrice[0]! : byPrice.at(-1)!;
    return a(frame.superlative === "min" ? "domainCheapest" : "domainDearest", {
      tld: tld.tld,
      price: formatPrices(tld.register, currencies, language),
      renewal: renewal(tld),
    });
  }
  if (frame.tlds?.length) {
    return frame.tlds
      .map((name) => {
        const tld = book.tlds.find((x) => x.tld === name);
        if (!tld) return a("domainUnknown", { tld: name, tlds: tldList(book) });
        return a("domainPrice", {
          tld: tld.tld,
          price: formatPrices(tld.register, currencies, language),
          renewal: renewal(tld),
        });
      })
      .join("\n");
  }
  const currency = frame.currency ?? "RWF";
  const list = book.tlds
    .map((tld) => a("domainItem", { tld: tld.tld, price: formatMoney(tld.register[currency], currency, language) }))
    .join("\n");
  return a("domainList", { list, currency });
}

function hoursAnswer(weekday: number | null, language: Language, a: Say): string {
  const { company } = localizedContent("company", language);
  // The answer names the time zone once; the rows as the contact page shows them may carry it too.
  const bare = (hours: string) => hours.replace(/\s*\b(CAT|EAT)\b/, "");
  const rows = company.businessHours.map((row) => `${row.days} ${bare(row.hours)}`).join("; ");
  const support = company.support.available;
  if (weekday === null) return a("hours", { rows, support });
  const day = a(`days.${weekday}`);
  // Rows are weekdays, Saturday, Sunday (content/company.ts), as businessSchedule is.
  const row = company.businessHours[weekday === 0 ? 2 : weekday === 6 ? 1 : 0];
  if (!businessSchedule[weekday] || !row) return a("hoursClosed", { day, rows });
  return a("hoursDay", { day, hours: bare(row.hours) });
}

const lowerFirst = (text: string) =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
const joinList = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
