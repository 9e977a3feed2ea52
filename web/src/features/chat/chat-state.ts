import {
  CHAT_GROUP_WINDOW_MS,
  CHAT_MUTED_KEY,
  CHAT_SESSION_PREFIX,
  CHAT_TYPING_MS,
  type ChatLink,
  type ChatStreamEvent,
} from "#contracts/chat.ts";

/** Spec section 3: a chat message as the widget holds it. */
export interface ChatMessage {
  /** Stable React key, also the client message id of a visitor's message. */
  key: string;
  id?: string;
  role: "user" | "assistant" | "agent" | "system";
  content: string;
  timestamp: number;
  read: boolean;
  agentName?: string;
  links?: ChatLink[];
}

export interface ChatState {
  sessionId: string;
  messages: ChatMessage[];
  mode: "ai" | "agent";
  assignedAgent: string | null;
  clientName: string | null;
  waitingForAgent: boolean;
  agentConnected: boolean;
  /** Absolute time the wait ends (from the last countdown event), or null. */
  countdownEndsAt: number | null;
  poll: { prompt: string } | null;
  typing: { agentName: string | null; until: number } | null;
  /** A reply is awaited: nothing else is sent meanwhile. */
  pending: boolean;
  unread: number;
  lastSent: string | null;
  /** The highest stream event id seen, for replay after a reconnect. */
  lastEventId: number;
}

export type ChatAction =
  | { type: "reset"; sessionId: string; greeting: string; now: number }
  | { type: "send"; text: string; key: string; now: number }
  | { type: "sendSucceeded"; key: string; userMessageId?: string }
  | { type: "sendFailed"; fallback?: { key: string; content: string; now: number } }
  | { type: "systemNotice"; key: string; content: string; now: number }
  | { type: "event"; event: ChatStreamEvent; eventId?: number; now: number; visible: boolean }
  | { type: "tick"; now: number }
  | { type: "seen" }
  | { type: "pollAnswered" }
  | { type: "cancelled" };

/**
 * The spec's sessionId: a prefix plus the current time in milliseconds. The prefix carries a few
 * random characters so two visitors opening the chat in the same millisecond do not collide.
 */
export function newSessionId(now: number = Date.now(), random: () => number = Math.random): string {
  const nonce = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0");
  return `${CHAT_SESSION_PREFIX}${nonce}_${now}`;
}

export function initialChatState(sessionId: string, greeting: string, now: number): ChatState {
  return {
    sessionId,
    messages: [{ key: "greeting", role: "assistant", content: greeting, timestamp: now, read: true }],
    mode: "ai",
    assignedAgent: null,
    clientName: null,
    waitingForAgent: false,
    agentConnected: false,
    countdownEndsAt: null,
    poll: null,
    typing: null,
    pending: false,
    unread: 0,
    lastSent: null,
    lastEventId: 0,
  };
}

function withMessage(state: ChatState, message: ChatMessage, visible: boolean): ChatState {
  const incoming = message.role !== "user";
  return {
    ...state,
    messages: [...state.messages, message],
    unread: incoming && !visible ? state.unread + 1 : state.unread,
  };
}

function applyEvent(state: ChatState, event: ChatStreamEvent, now: number, visible: boolean): ChatState {
  switch (event.event) {
    case "message": {
      const data = event.data;
      if (data.messageId && state.messages.some((m) => m.id === data.messageId)) return state;
      const timestamp = data.timestamp ? Date.parse(data.timestamp) || now : now;
      if (data.type === "user_message") {
        // Our own message: it gets its server id here when the POST answer has not given it yet.
        const index = findLastIndex(state.messages, (m) => m.role === "user" && !m.id && m.content === data.content);
        if (index >= 0) {
          const messages = state.messages.slice();
          messages[index] = { ...messages[index]!, id: data.messageId };
          return { ...state, messages };
        }
        return withMessage(
          state,
          {
            key: `m-${data.messageId}`,
            id: data.messageId,
            role: "user",
            content: data.content,
            timestamp,
            read: false,
          },
          true,
        );
      }
      const key = data.messageId ? `m-${data.messageId}` : `e-${now}-${state.messages.length}`;
      if (data.type === "agent_message") {
        return {
          ...withMessage(
            state,
            {
              key,
              id: data.messageId,
              role: "agent",
              content: data.content,
              timestamp,
              read: true,
              agentName: data.agentName,
            },
            visible,
          ),
          typing: null,
        };
      }
      if (data.type === "assistant_message") {
        return withMessage(
          state,
          {
            key,
            id: data.messageId,
            role: "assistant",
            content: data.content,
            timestamp,
            read: true,
            links: data.links,
          },
          visible,
        );
      }
      return withMessage(
        state,
        { key, id: data.messageId, role: "system", content: data.content, timestamp, read: true, links: data.links },
        visible,
      );
    }
    case "session": {
      const s = event.data;
      return {
        ...state,
        mode: s.mode,
        assignedAgent: s.assignedAgent,
        clientName: s.clientName,
        waitingForAgent: s.waitingForAgent,
        agentConnected: s.agentConnected,
        countdownEndsAt: s.waitingForAgent ? state.countdownEndsAt : null,
        typing: s.mode === "agent" ? state.typing : null,
      };
    }
    case "countdown":
      return {
        ...state,
        countdownEndsAt: state.waitingForAgent || event.data.remainingMs > 0 ? now + event.data.remainingMs : null,
      };
    case "poll":
      return { ...state, poll: { prompt: event.data.prompt } };
    case "receipt": {
      const ids = new Set(event.data.messageIds);
      return {
        ...state,
        messages: state.messages.map((m) => (m.role === "user" && m.id && ids.has(m.id) ? { ...m, read: true } : m)),
      };
    }
    case "typing":
      return {
        ...state,
        typing: event.data.typing
          ? { agentName: event.data.agentName ?? state.assignedAgent, until: now + CHAT_TYPING_MS }
          : null,
      };
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "reset":
      return initialChatState(action.sessionId, action.greeting, action.now);
    case "send":
      return {
        ...state,
        messages: [
          ...state.messages,
          { key: action.key, role: "user", content: action.text, timestamp: action.now, read: false },
        ],
        pending: true,
        lastSent: action.text,
      };
    case "sendSucceeded":
      return {
        ...state,
        pending: false,
        messages: action.userMessageId
          ? state.messages.map((m) => (m.key === action.key && !m.id ? { ...m, id: action.userMessageId } : m))
          : state.messages,
      };
    case "sendFailed": {
      const next = { ...state, pending: false };
      if (!action.fallback) return next;
      return {
        ...next,
        messages: [
          ...next.messages,
          {
            key: action.fallback.key,
            role: "assistant",
            content: action.fallback.content,
            timestamp: action.fallback.now,
            read: true,
          },
        ],
      };
    }
    case "systemNotice":
      return {
        ...state,
        messages: [
          ...state.messages,
          { key: action.key, role: "system", content: action.content, timestamp: action.now, read: true },
        ],
      };
    case "event": {
      const next = applyEvent(state, action.event, action.now, action.visible);
      return action.eventId && action.eventId > next.lastEventId ? { ...next, lastEventId: action.eventId } : next;
    }
    case "tick":
      return state.typing && action.now >= state.typing.until ? { ...state, typing: null } : state;
    case "seen":
      return state.unread === 0 ? state : { ...state, unread: 0 };
    case "pollAnswered":
      return { ...state, poll: null };
    case "cancelled":
      return { ...state, mode: "ai", waitingForAgent: false, agentConnected: false, countdownEndsAt: null };
  }
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i]!)) return i;
  return -1;
}

export interface MessageGroup {
  role: ChatMessage["role"];
  agentName?: string;
  messages: ChatMessage[];
}

/** Consecutive messages of one role (and one agent) within 5 minutes of the previous one form a group. */
export function groupMessages(messages: readonly ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    const previous = last?.messages.at(-1);
    if (
      last &&
      previous &&
      last.role === message.role &&
      last.agentName === message.agentName &&
      message.timestamp - previous.timestamp <= CHAT_GROUP_WINDOW_MS
    ) {
      last.messages.push(message);
    } else {
      groups.push({ role: message.role, agentName: message.agentName, messages: [message] });
    }
  }
  return groups;
}

/** A visitor's message shows one tick until a receipt lists it, then two green ticks. */
export function tickState(message: ChatMessage): "none" | "single" | "double" {
  if (message.role !== "user") return "none";
  return message.read ? "double" : "single";
}

/** What the countdown shows: minutes:seconds left, or null when not waiting. */
export function countdownLabel(
  state: Pick<ChatState, "countdownEndsAt" | "waitingForAgent">,
  now: number,
): string | null {
  if (!state.waitingForAgent || state.countdownEndsAt === null) return null;
  const seconds = Math.max(0, Math.ceil((state.countdownEndsAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The AI thinking indicator: while a reply is awaited, never in agent mode. */
export function showThinking(state: Pick<ChatState, "pending" | "mode" | "waitingForAgent">): boolean {
  return state.pending && state.mode === "ai" && !state.waitingForAgent;
}

/** The new-message sound: only when not muted and the tab is unfocused or the visitor scrolled up. */
export function shouldPlaySound(options: { muted: boolean; focused: boolean; scrolledUp: boolean }): boolean {
  return !options.muted && (!options.focused || options.scrolledUp);
}

type StorageLike = Pick<Storage, "getItem" | "setItem">;

export function readMuted(storage: StorageLike | undefined): boolean {
  try {
    return storage?.getItem(CHAT_MUTED_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeMuted(storage: StorageLike | undefined, muted: boolean): void {
  try {
    storage?.setItem(CHAT_MUTED_KEY, muted ? "1" : "0");
  } catch {
    // Storage can be disabled (private mode); the toggle still works for this page.
  }
}

/** Whether a scroll position counts as "at the bottom" (8 px tolerance, spec section 9). */
export function isAtBottom(
  el: { scrollHeight: number; scrollTop: number; clientHeight: number },
  tolerance = 8,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= tolerance;
}
