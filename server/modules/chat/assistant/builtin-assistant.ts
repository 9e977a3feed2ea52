import { company } from "../../../../content/company.ts";
import type { Assistant, AssistantReply } from "./assistant.ts";
import { buildKnowledge, createIndex, tokenize, type SearchHit } from "./knowledge-base.ts";
import { serverT } from "../../../lib/i18n.ts";

/** Below this BM25 score the best match is a guess: say so and offer a person instead. */
export const MIN_CONFIDENT_SCORE = 3;

const HUMAN =
  /\b(human|real person|a person|someone|somebody|agent|operator|representative|customer (service|care)|live chat|staff member|member of (your|the) team)\b|\b(talk|speak|chat) (to|with) (you|a|an|your|some)/i;
const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening|day)|greetings|muraho|mwaramutse|mwiriwe|habari|jambo|bonjour|salut)\b/i;
const THANKS = /^(thanks|thank you|thx|cheers|murakoze|asante|merci|great,? thanks|ok,? thanks)\b/i;
const GOODBYE = /^(bye|goodbye|see you|ciao|murabeho|kwaheri|au revoir)\b/i;

function small(message: string): boolean {
  return tokenize(message).length <= 3;
}

/** The default assistant: intents first, then retrieval over the site's own content. */
export function builtinAssistant(): Assistant & { search(message: string): SearchHit[] } {
  const index = createIndex(buildKnowledge());
  const reply = (partial: Partial<AssistantReply> & Pick<AssistantReply, "text" | "intent">): AssistantReply => ({
    links: [],
    topic: null,
    handover: false,
    offerHuman: false,
    source: "built-in",
    ...partial,
  });

  return {
    search: (message) => index.search(message),
    async answer(message) {
      const text = message.trim();
      if (HUMAN.test(text) && !/\bai agent|agents? (of|for) (ai|automation)/i.test(text)) {
        return reply({ intent: "human", topic: "human", handover: true, text: serverT("chat.handoverRequested", { ns: "chat" }) });
      }
      if (GREETING.test(text) && small(text)) {
        return reply({ intent: "greeting", topic: "greeting", text: serverT("chat.greetingReply", { ns: "chat", assistant: company.assistantName }) });
      }
      if (THANKS.test(text) && small(text)) {
        return reply({ intent: "thanks", topic: "thanks", text: serverT("chat.thanksReply", { ns: "chat" }) });
      }
      if (GOODBYE.test(text) && small(text)) {
        return reply({ intent: "goodbye", topic: "goodbye", text: serverT("chat.goodbyeReply", { ns: "chat", company: company.name }) });
      }
      const [best, second] = index.search(text, 2);
      if (!best || best.score < MIN_CONFIDENT_SCORE) {
        return reply({
          intent: "unknown",
          offerHuman: true,
          text: serverT("chat.unknownReply", { ns: "chat", email: company.email, phone: company.phone.display }),
          links: [{ label: serverT("chat.contactLink", { ns: "chat" }), href: "/contact" }],
        });
      }
      const links = [best.doc.link];
      if (second && second.score >= best.score * 0.8 && second.doc.link.href !== best.doc.link.href) links.push(second.doc.link);
      return reply({ intent: "answer", topic: best.doc.topic, text: best.doc.answer, links });
    },
  };
}
