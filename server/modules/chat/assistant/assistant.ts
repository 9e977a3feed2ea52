import type { ChatLink } from "../../../../contracts/chat.ts";

export type AssistantIntent = "greeting" | "thanks" | "goodbye" | "human" | "answer" | "unknown";

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
}

/** Answers a visitor; two implementations: built-in retrieval, and any OpenAI-compatible API. */
export interface Assistant {
  answer(message: string, history: readonly AssistantTurn[]): Promise<AssistantReply>;
}
