import { company } from "../../../../content/company.ts";
import { faq } from "../../../../content/faq.ts";
import { founder } from "../../../../content/founder.ts";
import { founderHandle } from "../../../../content/founder-handle.ts";
import { freeTools, serviceCategories } from "../../../../content/services.ts";
import type { ChatLink } from "../../../../contracts/chat.ts";

/** One retrievable piece of the site's content, with the page it came from. */
export interface KnowledgeDoc {
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
const toolTopic: Record<string, string> = { "speed-analysis": "speed-tool", "tech-stack-advisor": "advisor-tool", "domain-search": "domains" };

export function buildKnowledge(): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = faq.map((entry) => ({
    id: `faq:${entry.id}`,
    topic: entry.topic,
    title: entry.question,
    answer: entry.answer,
    text: `${entry.question} ${entry.question} ${entry.keywords} ${entry.keywords} ${entry.answer}`,
    link: entry.link,
  }));
  for (const category of serviceCategories) {
    const topic = categoryTopic[category.id] ?? "services";
    const link = { label: category.title, href: `/services#${category.id}` };
    docs.push({
      id: `category:${category.id}`,
      topic,
      title: category.title,
      answer: `${category.title}: ${category.description} Services: ${category.services.map((s) => s.name).join(", ")}.`,
      text: `${category.title} ${category.title} ${category.description} ${category.services.map((s) => s.name).join(" ")}`,
      link,
    });
    for (const service of category.services) {
      docs.push({
        id: `service:${category.id}:${service.name}`,
        topic: /email/i.test(service.name) ? "email" : topic,
        title: service.name,
        answer: `${service.name}: ${service.description} It includes ${service.features.map((f) => f.charAt(0).toLowerCase() + f.slice(1)).join("; ")}. Timeframe: ${service.timeframe}.`,
        text: `${service.name} ${service.name} ${service.description} ${service.features.join(" ")}`,
        link,
      });
    }
  }
  for (const tool of freeTools) {
    docs.push({
      id: `tool:${tool.id}`,
      topic: toolTopic[tool.id] ?? "tools",
      title: tool.title,
      answer: `${tool.title} (free): ${tool.description}`,
      text: `${tool.title} ${tool.title} free tool ${tool.description}`,
      link: { label: tool.title, href: tool.href },
    });
  }
  docs.push({
    id: "founder:profile",
    topic: "founder",
    title: founder.name,
    answer: `${founder.name} is the ${founder.title} of ${company.name}, based in Kigali. ${founder.about[0] ?? ""}`,
    text: `${founder.name} ${founder.title} founder ceo ${founder.about.join(" ")}`,
    link: { label: `${founder.name}'s profile`, href: `/${founderHandle}` },
  });
  return docs;
}

const STOPWORDS = new Set(
  "a an the and or but if of to in on at for with by from is are was were be been am do does did can could would should will i me my we us our you your it its this that these those what which who whom how when where why there here have has had any some about into please tell know want need like just get also than then them they he she him her so not no yes up out as".split(" "),
);

// On the company's own site its name says nothing about what a question is about.
for (const word of `${company.name} ${company.shortName}`.toLowerCase().split(/\s+/)) STOPWORDS.add(word);

/** Lower-case word stems, without stop words: "Websites" and "website" match. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize("NFKD").match(/[a-z0-9]+/g) ?? [])
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("es") && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export interface SearchHit {
  doc: KnowledgeDoc;
  score: number;
}

/** BM25 over the site's content: small, fast, no dependency. */
export function createIndex(docs: readonly KnowledgeDoc[]) {
  const k1 = 1.2;
  const b = 0.75;
  const tokenized = docs.map((doc) => tokenize(doc.text));
  const avgLength = tokenized.reduce((sum, t) => sum + t.length, 0) / Math.max(1, tokenized.length);
  const frequencies = tokenized.map((tokens) => {
    const map = new Map<string, number>();
    for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
    return map;
  });
  const documentFrequency = new Map<string, number>();
  for (const map of frequencies) for (const token of map.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);

  return {
    search(query: string, limit = 3): SearchHit[] {
      const terms = [...new Set(tokenize(query))];
      const hits: SearchHit[] = [];
      docs.forEach((doc, i) => {
        let score = 0;
        const map = frequencies[i]!;
        const length = tokenized[i]!.length;
        for (const term of terms) {
          const tf = map.get(term);
          if (!tf) continue;
          const df = documentFrequency.get(term) ?? 0;
          const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
          score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / avgLength)));
        }
        if (score > 0) hits.push({ doc, score });
      });
      return hits.sort((x, y) => y.score - x.score).slice(0, limit);
    },
  };
}
