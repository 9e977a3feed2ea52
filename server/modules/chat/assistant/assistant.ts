import type { ChatLink } from "#contracts/chat.ts";
import type { Language } from "#contracts/languages.ts";

/** "refusal": a polite no (off-topic, abuse, prompt injection, someone else's data) with a way forward. */
export type AssistantIntent = "greeting" | "thanks" | "goodbye" | "human" | "answer" | "refusal" | "unknown";

export interface AssistantTurn {
  role: "user" | "assistant" | "agent" | "system";
  content: string;
}

export interface AssistantReply {
  text: string;
  links: ChatLink[];
  intent: AssistantIntent;
  /** The knowledge topic the answer came from (services, pricing, contact...), when any. */
  topic: string | null;
  /** Structured hand-over signal: the visitor asked for a person (never read from generated text). */
  handover: boolean;
  /** Nothing in the knowledge base matched: offer a person with a yes/no poll. */
  offerHuman: boolean;
  source: "built-in" | "llm";
  /** The language the answer is written in (the visitor's, identified per message). */
  language?: Language;
}

/** Answers a visitor; two implementations: built-in retrieval, and any OpenAI-compatible API. */
export interface Assistant {
  /** `language`: the chat's language (its answers, links and fixed replies); the request's when not given. */
  answer(message: string, history: readonly AssistantTurn[], language?: Language): Promise<AssistantReply>;
}
