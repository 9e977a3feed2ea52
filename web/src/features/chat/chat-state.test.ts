import { describe, expect, it } from "vitest";
import { ChatRequest, parseChatEvent } from "#contracts/chat.ts";
import {
  chatReducer,
  countdownLabel,
  groupMessages,
  initialChatState,
  isAtBottom,
  newSessionId,
  readMuted,
  shouldPlaySound,
  showThinking,
  tickState,
  writeMuted,
  type ChatMessage,
  type ChatState,
} from "./chat-state.ts";

const T0 = 1_700_000_000_000;
const start = () => initialChatState("chat_1700000000000", "Hello, I'm KTS Assistant", T0);
const msg = (role: ChatMessage["role"], at: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  key: `${role}-${at}`,
  role,
  content: "x",
  timestamp: at,
  read: true,
  ...extra,
});
const ev = (state: ChatState, event: Parameters<typeof parseChatEvent>[0], data: unknown, now = T0, visible = true) =>
  chatReducer(state, { type: "event", event: parseChatEvent(event, JSON.stringify(data))!, now, visible });

describe("grouping", () => {
  it.each([
    { name: "same role within 5 minutes groups", gap: 4 * 60_000, roles: ["user", "user"], groups: 1 },
    { name: "exactly 5 minutes still groups", gap: 5 * 60_000, roles: ["user", "user"], groups: 1 },
    { name: "more than 5 minutes splits", gap: 5 * 60_000 + 1, roles: ["user", "user"], groups: 2 },
    { name: "a different role splits", gap: 1000, roles: ["user", "assistant"], groups: 2 },
    { name: "three in a row stay together", gap: 60_000, roles: ["agent", "agent", "agent"], groups: 1 },
  ] as const)("$name", ({ gap, roles, groups }) => {
    const messages = roles.map((role, i) => msg(role, T0 + i * gap, role === "agent" ? { agentName: "Amina" } : {}));
    expect(groupMessages(messages)).toHaveLength(groups);
  });
  it("splits two agents' messages", () => {
    expect(
      groupMessages([msg("agent", T0, { agentName: "A" }), msg("agent", T0 + 1, { agentName: "B" })]),
    ).toHaveLength(2);
  });
});

describe("ticks and ids", () => {
  it("shows one tick until a receipt lists the message, then two", () => {
    let s = chatReducer(start(), { type: "send", text: "hi", key: "k1", now: T0 });
    expect(s.pending).toBe(true);
    expect(tickState(s.messages.at(-1)!)).toBe("single");
    s = chatReducer(s, { type: "sendSucceeded", key: "k1", userMessageId: "u1" });
    s = ev(s, "receipt", { messageIds: ["other"] });
    expect(tickState(s.messages.at(-1)!)).toBe("single");
    s = ev(s, "receipt", { messageIds: ["u1"] });
    expect(tickState(s.messages.at(-1)!)).toBe("double");
    expect(tickState(s.messages[0]!)).toBe("none");
  });
  it("takes the server id from a user_message event matched on content, without duplicating", () => {
    let s = chatReducer(start(), { type: "send", text: "pricing?", key: "k1", now: T0 });
    s = ev(s, "message", { type: "user_message", content: "pricing?", messageId: "u9" });
    expect(s.messages.filter((m) => m.role === "user")).toEqual([expect.objectContaining({ id: "u9", key: "k1" })]);
    s = ev(s, "message", { type: "user_message", content: "pricing?", messageId: "u9" });
    expect(s.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });
  it("ignores a replayed event it already has", () => {
    let s = ev(start(), "message", { type: "assistant_message", content: "a", messageId: "a1" });
    s = ev(s, "message", { type: "assistant_message", content: "a", messageId: "a1" });
    expect(s.messages).toHaveLength(2);
  });
  it("remembers the highest event id for replay", () => {
    const event = parseChatEvent("poll", JSON.stringify({ type: "poll", prompt: "Talk to a person?" }))!;
    let s = chatReducer(start(), { type: "event", event, eventId: 7, now: T0, visible: true });
    s = chatReducer(s, { type: "event", event, eventId: 3, now: T0, visible: true });
    expect(s.lastEventId).toBe(7);
  });
});

describe("unread", () => {
  it("counts incoming messages only while not visible, and clears when seen", () => {
    let s = ev(
      start(),
      "message",
      { type: "agent_message", content: "hi", agentName: "Amina", messageId: "a1" },
      T0,
      false,
    );
    s = ev(s, "message", { type: "system_message", content: "joined", messageId: "s1" }, T0, false);
    s = ev(s, "message", { type: "assistant_message", content: "seen", messageId: "a2" }, T0, true);
    expect(s.unread).toBe(2);
    expect(chatReducer(s, { type: "seen" }).unread).toBe(0);
  });
  it("never counts the visitor's own messages", () => {
    const s = ev(start(), "message", { type: "user_message", content: "other tab", messageId: "u1" }, T0, false);
    expect(s.unread).toBe(0);
  });
});

describe("countdown", () => {
  it.each([
    { remainingMs: 120_000, after: 0, label: "2:00" },
    { remainingMs: 120_000, after: 1_000, label: "1:59" },
    { remainingMs: 65_500, after: 0, label: "1:06" },
    { remainingMs: 9_000, after: 0, label: "0:09" },
    { remainingMs: 1_000, after: 5_000, label: "0:00" },
  ])("$remainingMs ms, $after ms later: $label", ({ remainingMs, after, label }) => {
    let s = ev(start(), "session", {
      mode: "agent",
      assignedAgent: null,
      clientName: null,
      waitingForAgent: true,
      agentConnected: false,
    });
    s = ev(s, "countdown", { remainingMs });
    expect(countdownLabel(s, T0 + after)).toBe(label);
  });
  it("disappears when no longer waiting, and cancel returns to ai mode", () => {
    let s = ev(start(), "session", {
      mode: "agent",
      assignedAgent: null,
      clientName: null,
      waitingForAgent: true,
      agentConnected: false,
    });
    s = ev(s, "countdown", { remainingMs: 60_000 });
    expect(chatReducer(s, { type: "cancelled" })).toMatchObject({
      mode: "ai",
      waitingForAgent: false,
      countdownEndsAt: null,
    });
    s = ev(s, "session", {
      mode: "agent",
      assignedAgent: "Amina",
      clientName: null,
      waitingForAgent: false,
      agentConnected: true,
    });
    expect(countdownLabel(s, T0)).toBeNull();
  });
});

describe("typing", () => {
  it("shows Agent is typing and hides it after 5 seconds", () => {
    let s = ev(start(), "typing", { typing: true, agentName: "Amina" });
    expect(s.typing?.agentName).toBe("Amina");
    s = chatReducer(s, { type: "tick", now: T0 + 4_999 });
    expect(s.typing).not.toBeNull();
    s = chatReducer(s, { type: "tick", now: T0 + 5_000 });
    expect(s.typing).toBeNull();
  });
  it("hides on typing false and on the agent's message", () => {
    let s = ev(start(), "typing", { typing: true, agentName: "Amina" });
    expect(ev(s, "typing", { typing: false }).typing).toBeNull();
    s = ev(s, "message", { type: "agent_message", content: "hello", agentName: "Amina", messageId: "a1" });
    expect(s.typing).toBeNull();
  });
});

describe("thinking, poll, new chat, send rules", () => {
  it("shows the thinking indicator only in ai mode while pending", () => {
    expect(showThinking({ pending: true, mode: "ai", waitingForAgent: false })).toBe(true);
    expect(showThinking({ pending: true, mode: "agent", waitingForAgent: false })).toBe(false);
    expect(showThinking({ pending: false, mode: "ai", waitingForAgent: false })).toBe(false);
  });
  it("shows and hides the poll", () => {
    const s = ev(start(), "poll", { type: "poll", prompt: "Would you like to talk to a person?" });
    expect(s.poll?.prompt).toBe("Would you like to talk to a person?");
    expect(chatReducer(s, { type: "pollAnswered" }).poll).toBeNull();
  });
  it("new chat: new session id, only the greeting, ai mode, nothing pending", () => {
    let s = ev(start(), "session", {
      mode: "agent",
      assignedAgent: "Amina",
      clientName: null,
      waitingForAgent: false,
      agentConnected: true,
    });
    s = chatReducer(s, {
      type: "reset",
      sessionId: newSessionId(T0 + 5, () => 0.5),
      greeting: "Hello again",
      now: T0 + 5,
    });
    expect(s.sessionId).toMatch(/^chat_[0-9a-z]{6}_1700000000005$/);
    expect(ChatRequest.shape.sessionId.safeParse(s.sessionId).success).toBe(true);
    expect(newSessionId(T0, () => 0.1)).not.toBe(newSessionId(T0, () => 0.2));
    expect(s).toMatchObject({ mode: "ai", assignedAgent: null, poll: null, waitingForAgent: false, pending: false });
    expect(s.messages).toEqual([expect.objectContaining({ role: "assistant", content: "Hello again" })]);
  });
  it("remembers the last sent text for retry, and adds the fallback message on failure", () => {
    let s = chatReducer(start(), { type: "send", text: "hosting?", key: "k1", now: T0 });
    s = chatReducer(s, { type: "sendFailed", fallback: { key: "f1", content: "sorry", now: T0 } });
    expect(s).toMatchObject({ pending: false, lastSent: "hosting?" });
    expect(s.messages.at(-1)).toMatchObject({ role: "assistant", content: "sorry" });
  });
  it.each([
    { message: "", ok: false },
    { message: "   \n ", ok: false },
    { message: "hi", ok: true },
    { message: "x".repeat(2001), ok: false },
  ])("message $message.length chars valid: $ok", ({ message, ok }) => {
    expect(ChatRequest.safeParse({ message, sessionId: "chat_1700000000000" }).success).toBe(ok);
  });
  it("ignores malformed events", () => {
    expect(parseChatEvent("message", "{not json")).toBeNull();
    expect(parseChatEvent("receipt", JSON.stringify({ ids: [] }))).toBeNull();
    expect(parseChatEvent("bogus", "{}")).toBeNull();
  });
});

describe("sound and mute", () => {
  it.each([
    { muted: false, focused: false, scrolledUp: false, plays: true },
    { muted: false, focused: true, scrolledUp: true, plays: true },
    { muted: false, focused: true, scrolledUp: false, plays: false },
    { muted: true, focused: false, scrolledUp: true, plays: false },
  ])("muted $muted focused $focused scrolledUp $scrolledUp -> $plays", ({ plays, ...options }) => {
    expect(shouldPlaySound(options)).toBe(plays);
  });
  it("keeps mute in localStorage under muted (1 = muted)", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readMuted(storage)).toBe(false);
    writeMuted(storage, true);
    expect(store.get("muted")).toBe("1");
    expect(readMuted(storage)).toBe(true);
    writeMuted(storage, false);
    expect(readMuted(storage)).toBe(false);
  });
  it("treats 8 px from the bottom as at the bottom", () => {
    expect(isAtBottom({ scrollHeight: 1000, scrollTop: 592, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, scrollTop: 591, clientHeight: 400 })).toBe(false);
  });
});
