import { company } from "../../../../content/company.ts";
import { languageNames, type Language } from "../../../../contracts/languages.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import type { Assistant, AssistantReply, AssistantTurn } from "./assistant.ts";
import type { SearchHit } from "./knowledge-base.ts";

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** Answers when the API is slow, failing or says nothing: the visitor always gets an answer. */
  fallback: Assistant;
  /** The site's content nearest the question, in the chat's language (links to that language's pages). */
  retrieve: (question: string, language: Language) => SearchHit[];
  fetch?: typeof fetch;
}

/** The hand-over is a tool call the model makes, never a phrase spotted in its text. */
export const HANDOVER_TOOL = {
  type: "function",
  function: {
    name: "handover_to_human",
    description: "Hand the conversation to a human member of staff. Call it when the visitor asks for a person, or when they need something only staff can do.",
    parameters: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
  },
} as const;

function systemPrompt(hits: SearchHit[], language: Language): string {
  const sources = hits.map((hit, i) => `[${i + 1}] ${hit.doc.title} (page ${hit.doc.link.href}): ${hit.doc.answer}`).join("\n");
  return [
    `You are ${company.assistantName}, the website assistant of ${company.name}, a technology services company in ${company.headquarters.city}, ${company.headquarters.country}.`,
    "Answer only questions about the company, its services, prices, free tools, hours, contact details and founder, using only the sources below.",
    "If the sources do not cover a question, say so briefly and suggest contacting the team. Politely decline unrelated topics.",
    `Reply in the visitor's language (the site is shown to them in ${languageNames[language]}), in at most four sentences, without markdown headings.`,
    `When the visitor wants a person, call ${HANDOVER_TOOL.function.name}.`,
    `Contact: ${company.phone.display}, ${company.email}.`,
    "Sources:",
    sources || "(none matched)",
  ].join("\n");
}

const ROLE: Record<AssistantTurn["role"], "user" | "assistant" | "system"> = { user: "user", assistant: "assistant", agent: "assistant", system: "system" };

/** Reads an OpenAI chat-completions stream (SSE lines of JSON chunks) into text and tool calls. */
async function readCompletionStream(response: Response): Promise<{ text: string; tools: string[] }> {
  if (!response.body) throw new Error("empty LLM response body");
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  const tools: string[] = [];
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return { text, tools };
      const parsed = JSON.parse(data) as {
        choices?: { delta?: { content?: string | null; tool_calls?: { function?: { name?: string } }[] } }[];
      };
      const delta = parsed.choices?.[0]?.delta;
      if (delta?.content) text += delta.content;
      for (const call of delta?.tool_calls ?? []) if (call.function?.name) tools.push(call.function.name);
    }
  }
  return { text, tools };
}

/** Any OpenAI-compatible chat API, grounded in the site's content, falling back to the built-in assistant. */
export function openAiCompatibleAssistant(options: OpenAiCompatibleOptions): Assistant {
  const doFetch = options.fetch ?? fetch;
  return {
    async answer(message, history, language = currentLanguage()) {
      const builtIn = await options.fallback.answer(message, history, language);
      // Greetings and explicit requests for a person need no model: the intent is already certain.
      if (builtIn.intent === "human" || builtIn.intent === "greeting") return builtIn;
      const hits = options.retrieve(message, language);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const response = await doFetch(`${options.baseUrl}/chat/completions`, {
          method: "POST",
          signal: controller.signal,
          headers: {
            "content-type": "application/json",
            accept: "text/event-stream",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            stream: true,
            temperature: 0.2,
            max_tokens: 400,
            tools: [HANDOVER_TOOL],
            messages: [
              { role: "system", content: systemPrompt(hits, language) },
              ...history.slice(-10).map((turn) => ({ role: ROLE[turn.role], content: turn.content })),
              { role: "user", content: message },
            ],
          }),
        });
        if (!response.ok) throw new Error(`LLM answered ${response.status}`);
        const { text, tools } = await readCompletionStream(response);
        if (tools.includes(HANDOVER_TOOL.function.name)) return { ...builtIn, intent: "human", topic: "human", handover: true, offerHuman: false, source: "llm", text: text.trim() || builtIn.text, links: [] };
        if (!text.trim()) throw new Error("LLM said nothing");
        const reply: AssistantReply = {
          text: text.trim(),
          links: hits.length > 0 ? [hits[0]!.doc.link] : builtIn.links,
          intent: builtIn.intent === "unknown" ? "answer" : builtIn.intent,
          topic: hits[0]?.doc.topic ?? builtIn.topic,
          handover: false,
          offerHuman: builtIn.offerHuman,
          source: "llm",
        };
        return reply;
      } catch {
        return builtIn;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
