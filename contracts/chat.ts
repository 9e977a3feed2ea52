import { z } from "zod";
import { multiline } from "./text.ts";

/**
 * Live chat (spec sections 3, 4, 7, 8, 9): the visitor's calls, the stream events, and the agent
 * console's calls. The spec's field names are kept as they are; additions are optional.
 */

/** Spec section 9. */
export const CHAT_TYPING_MS = 5_000;
export const CHAT_GROUP_WINDOW_MS = 5 * 60_000;
export const CHAT_SCROLL_TOLERANCE_PX = 8;
export const CHAT_MUTED_KEY = "muted";
/** Longest message a visitor or agent may send. */
export const CHAT_MESSAGE_MAX = 2000;
/** The server sends a comment line this often so idle proxies keep the stream open. */
export const CHAT_HEARTBEAT_MS = 20_000;
export const CHAT_SESSION_PREFIX = "chat_";

export const chatMessages = {
  sessionIdInvalid: "sessionId must be 8-80 letters, digits, dashes or underscores",
  messageRequired: "message must not be empty",
  messageMax: `message must be ${CHAT_MESSAGE_MAX} characters or less`,
  answerInvalid: "answer must be yes or no",
  promptRequired: "prompt must not be empty",
} as const;

export const ChatSessionId = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, chatMessages.sessionIdInvalid);

const messageText = multiline(
  z.string().trim().min(1, chatMessages.messageRequired).max(CHAT_MESSAGE_MAX, chatMessages.messageMax),
);

/** `POST /api/ai-chat`. clientMessageId makes a retried send idempotent. */
export const ChatRequest = z.object({
  message: messageText,
  sessionId: ChatSessionId,
  clientMessageId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const ChatResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  userMessageId: z.string().optional(),
  /** The assistant's answer (ai mode) or a notice (agent mode, shown as a system message). */
  response: z.string().optional(),
  assistantMessageId: z.string().optional(),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

export const ChatPollAnswer = z.object({
  sessionId: ChatSessionId,
  answer: z.enum(["yes", "no"], { message: chatMessages.answerInvalid }),
});
export type ChatPollAnswer = z.infer<typeof ChatPollAnswer>;

export const ChatCancelRequest = z.object({ sessionId: ChatSessionId });
export type ChatCancelRequest = z.infer<typeof ChatCancelRequest>;

/** The visitor is typing (shown in the agent console). */
export const ChatTypingRequest = z.object({ sessionId: ChatSessionId, typing: z.boolean() });
export type ChatTypingRequest = z.infer<typeof ChatTypingRequest>;

export const ChatOkResponse = z.object({ success: z.boolean() });

export const ChatStreamQuery = z.object({
  sessionId: ChatSessionId,
  /** For a client that recreates its EventSource itself (no Last-Event-ID header then). */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

export const ChatLink = z.object({ label: z.string(), href: z.string() });
export type ChatLink = z.infer<typeof ChatLink>;

/* ---------------------------------------------------------------- stream events (section 7) */

export const ChatMessagePayload = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("agent_message"),
    content: z.string(),
    agentName: z.string(),
    messageId: z.string().optional(),
    timestamp: z.string().optional(),
  }),
  z.object({
    type: z.literal("assistant_message"),
    content: z.string(),
    messageId: z.string().optional(),
    timestamp: z.string().optional(),
    links: z.array(ChatLink).optional(),
  }),
  z.object({
    type: z.literal("user_message"),
    content: z.string(),
    messageId: z.string(),
    timestamp: z.string().optional(),
  }),
  /** Notices: queued, agent joined or left, the leave-an-email offer. */
  z.object({
    type: z.literal("system_message"),
    content: z.string(),
    messageId: z.string().optional(),
    timestamp: z.string().optional(),
    /** The WhatsApp link offered when nobody could join in time. */
    links: z.array(ChatLink).optional(),
  }),
]);
export type ChatMessagePayload = z.infer<typeof ChatMessagePayload>;

export const ChatSessionState = z.object({
  mode: z.enum(["ai", "agent"]),
  assignedAgent: z.string().nullable(),
  clientName: z.string().nullable(),
  waitingForAgent: z.boolean(),
  agentConnected: z.boolean(),
});
export type ChatSessionState = z.infer<typeof ChatSessionState>;

export const ChatCountdown = z.object({ remainingMs: z.number().int().min(0) });
export type ChatCountdown = z.infer<typeof ChatCountdown>;
export const ChatPoll = z.object({ type: z.literal("poll"), prompt: z.string() });
export type ChatPoll = z.infer<typeof ChatPoll>;
export const ChatReceipt = z.object({ messageIds: z.array(z.string()) });
export type ChatReceipt = z.infer<typeof ChatReceipt>;
export const ChatTyping = z.object({ typing: z.boolean(), agentName: z.string().nullable().optional() });
export type ChatTyping = z.infer<typeof ChatTyping>;

/** One SSE event: its `event:` name and its JSON `data:`. */
export const ChatStreamEvent = z.discriminatedUnion("event", [
  z.object({ event: z.literal("message"), data: ChatMessagePayload }),
  z.object({ event: z.literal("session"), data: ChatSessionState }),
  z.object({ event: z.literal("countdown"), data: ChatCountdown }),
  z.object({ event: z.literal("poll"), data: ChatPoll }),
  z.object({ event: z.literal("receipt"), data: ChatReceipt }),
  z.object({ event: z.literal("typing"), data: ChatTyping }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;
export type ChatEventName = ChatStreamEvent["event"];
export const chatEventNames = [
  "message",
  "session",
  "countdown",
  "poll",
  "receipt",
  "typing",
] as const satisfies readonly ChatEventName[];

/** Parses one received event; malformed events are ignored (spec section 8), so this returns null. */
export function parseChatEvent(event: string, data: string): ChatStreamEvent | null {
  try {
    const parsed = ChatStreamEvent.safeParse({ event, data: JSON.parse(data) });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/* ---------------------------------------------------------------- agent console */

export const AgentPresence = z.object({ status: z.enum(["online", "away"]) });
export type AgentPresence = z.infer<typeof AgentPresence>;

export const ChatTranscriptMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant", "agent", "system"]),
  content: z.string(),
  agentName: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type ChatTranscriptMessage = z.infer<typeof ChatTranscriptMessage>;

export const ChatSessionSummary = z.object({
  id: z.string(),
  state: z.enum(["ai", "waiting", "agent"]),
  assignedAgentId: z.string().nullable(),
  assignedAgent: z.string().nullable(),
  clientName: z.string().nullable(),
  summary: z.string(),
  waitDeadline: z.string().nullable(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
});
export type ChatSessionSummary = z.infer<typeof ChatSessionSummary>;

export const ChatSessionDetail = ChatSessionSummary.extend({ messages: z.array(ChatTranscriptMessage) });
export type ChatSessionDetail = z.infer<typeof ChatSessionDetail>;

export const ChatQueueResponse = z.object({
  waiting: z.array(ChatSessionSummary),
  mine: z.array(ChatSessionSummary),
  presence: AgentPresence.shape.status,
  onlineAgents: z.number().int(),
});
export type ChatQueueResponse = z.infer<typeof ChatQueueResponse>;

export const ChatHistoryQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const ChatHistoryResponse = z.object({ items: z.array(ChatSessionSummary), total: z.number().int() });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;

export const AgentMessageRequest = z.object({ content: messageText });
export type AgentMessageRequest = z.infer<typeof AgentMessageRequest>;
export const AgentTypingRequest = z.object({ typing: z.boolean() });
export const CHAT_POLL_PROMPT_MAX = 300;
export const AgentPollRequest = z.object({
  prompt: z.string().trim().min(1, chatMessages.promptRequired).max(CHAT_POLL_PROMPT_MAX),
});
export type AgentPollRequest = z.infer<typeof AgentPollRequest>;
export const AgentReadRequest = z.object({ messageIds: z.array(z.string().uuid()).max(500).optional() });
export const ChatSessionParams = z.object({ id: ChatSessionId });

/**
 * Events on the console stream: any session's event, tagged with its session. The same events as a
 * visitor's stream, and the visitor's typing, which only agents see.
 */
const consoleSession = { sessionId: z.string() };
export const ConsoleStreamEvent = z.discriminatedUnion("event", [
  z.object({ ...consoleSession, event: z.literal("message"), data: ChatMessagePayload }),
  z.object({ ...consoleSession, event: z.literal("session"), data: ChatSessionState }),
  z.object({ ...consoleSession, event: z.literal("countdown"), data: ChatCountdown }),
  z.object({ ...consoleSession, event: z.literal("poll"), data: ChatPoll }),
  z.object({ ...consoleSession, event: z.literal("receipt"), data: ChatReceipt }),
  z.object({ ...consoleSession, event: z.literal("typing"), data: ChatTyping }),
  z.object({ ...consoleSession, event: z.literal("visitor_typing"), data: ChatTyping.pick({ typing: true }) }),
]);
export type ConsoleStreamEvent = z.infer<typeof ConsoleStreamEvent>;
