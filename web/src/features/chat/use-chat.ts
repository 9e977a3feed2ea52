import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { chatEventNames, parseChatEvent } from "#contracts/chat.ts";
import { ApiError } from "../../lib/api-client.ts";
import { answerPoll, cancelWait, sendChatMessage, sendTyping, streamUrl } from "./chat-api.ts";
import { chatReducer, initialChatState, newSessionId, type ChatState } from "./chat-state.ts";
import { useLatest } from "../../lib/use-latest.ts";

/** The open conversation survives a reload of the tab (not of the browser). */
const SESSION_KEY = "kts-chat-session";
const TYPING_THROTTLE_MS = 3_000;
/** How long a first message waits for its session's stream to answer before it goes anyway. */
const FIRST_STREAM_WAIT_MS = 10_000;

export interface ChatCallbacks {
  greeting: string;
  /** Whether a new incoming message is being seen right now (widget open, scrolled to the bottom). */
  isVisible: () => boolean;
  onIncomingAgentMessage: () => void;
  onResponseError: (message: string | undefined) => void;
  /** Shows the connection toast and returns the fallback assistant message. */
  onConnectionError: (message: string) => string;
}

function storedSessionId(): string {
  try {
    const stored = sessionStorage.getItem(SESSION_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,80}$/.test(stored)) return stored;
  } catch {
    // no storage: a new session per page
  }
  return newSessionId();
}

function storeSessionId(id: string): void {
  try {
    sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // no storage
  }
}

/** The widget's whole behaviour: state, the event stream with replay and reconnect, and the calls. */
export function useChat(callbacks: ChatCallbacks) {
  const cb = useLatest(callbacks);
  const [state, dispatch] = useReducer(chatReducer, undefined, () =>
    initialChatState(storedSessionId(), callbacks.greeting, Date.now()),
  );
  const stateRef = useLatest<ChatState>(state);
  const [connected, setConnected] = useState(false);
  const lastTyping = useRef(0);
  /**
   * Settles once the session's first stream request has been answered (opened or refused). The
   * browser's chat cookie comes with that answer, and a message must carry it: sent without one,
   * beside a stream also without one, each would be given its own browser id and the session
   * refuses whichever comes second (403).
   */
  const streamAnswered = useRef<Promise<void>>(Promise.resolve());

  // One stream per session; on a drop it reopens with ?lastEventId= so nothing is missed or doubled.
  useEffect(() => {
    const sessionId = state.sessionId;
    storeSessionId(sessionId);
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;
    let answered = () => {};
    streamAnswered.current = new Promise<void>((resolve) => (answered = resolve));

    const open = () => {
      retry = null;
      if (stopped) return;
      source = new EventSource(streamUrl(sessionId, stateRef.current.lastEventId), { withCredentials: true });
      source.onopen = () => {
        attempts = 0;
        answered();
        setConnected(true);
      };
      for (const name of chatEventNames) {
        source.addEventListener(name, (raw) => {
          const message = raw as MessageEvent<string>;
          const event = parseChatEvent(name, message.data);
          if (!event) return;
          const eventId = message.lastEventId ? Number(message.lastEventId) : undefined;
          const fresh = eventId === undefined || eventId > stateRef.current.lastEventId;
          if (fresh && event.event === "message" && event.data.type === "agent_message")
            cb.current.onIncomingAgentMessage();
          dispatch({ type: "event", event, eventId, now: Date.now(), visible: cb.current.isVisible() });
        });
      }
      source.onerror = () => {
        answered();
        source?.close();
        setConnected(false);
        if (stopped) return;
        attempts += 1;
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(attempts - 1, 5)) + Math.random() * 500;
        retry = setTimeout(open, delay);
      };
    };
    open();
    const onVisible = () => {
      if (document.visibilityState === "visible" && source?.readyState === EventSource.CLOSED && !retry) open();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      answered();
      if (retry) clearTimeout(retry);
      source?.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [state.sessionId, cb, stateRef]);

  // Typing expires after 5 s and the countdown ticks: one clock for both.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!state.typing && state.countdownEndsAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: "tick", now: at });
    }, 250);
    return () => clearInterval(timer);
  }, [state.typing, state.countdownEndsAt]);

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      const current = stateRef.current;
      if (!text || current.pending) return false;
      const key = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      // The next keystroke after a send announces typing again straight away.
      lastTyping.current = 0;
      dispatch({ type: "send", text, key, now: Date.now() });
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        streamAnswered.current,
        new Promise<void>((resolve) => (waited = setTimeout(resolve, FIRST_STREAM_WAIT_MS))),
      ]);
      clearTimeout(waited);
      try {
        const answer = await sendChatMessage({ message: text, sessionId: current.sessionId, clientMessageId: key });
        dispatch({ type: "sendSucceeded", key, userMessageId: answer.userMessageId });
        if (!answer.success) cb.current.onResponseError(answer.error);
        else if (
          answer.response &&
          stateRef.current.mode === "agent" &&
          !stateRef.current.messages.some((m) => m.content === answer.response)
        ) {
          dispatch({ type: "systemNotice", key: `n${key}`, content: answer.response, now: Date.now() });
        }
      } catch (error) {
        const message =
          error instanceof ApiError
            ? (error.serverMessage() ?? error.message)
            : error instanceof Error
              ? error.message
              : String(error);
        // The server refused the message itself (too long, too many): say why, not "technical difficulties".
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          cb.current.onResponseError(error.serverMessage());
          dispatch({ type: "sendFailed" });
          return true;
        }
        const fallback = cb.current.onConnectionError(message);
        dispatch({ type: "sendFailed", fallback: { key: `f${key}`, content: fallback, now: Date.now() } });
      }
      return true;
    },
    [cb, stateRef],
  );

  return {
    state,
    now,
    connected,
    send,
    retryLast: () => (stateRef.current.lastSent ? send(stateRef.current.lastSent) : Promise.resolve(false)),
    answerPoll(answer: "yes" | "no") {
      answerPoll({ sessionId: stateRef.current.sessionId, answer });
      dispatch({ type: "pollAnswered" });
    },
    cancel() {
      cancelWait(stateRef.current.sessionId);
      dispatch({ type: "cancelled" });
    },
    newChat() {
      dispatch({ type: "reset", sessionId: newSessionId(), greeting: cb.current.greeting, now: Date.now() });
    },
    seen: () => dispatch({ type: "seen" }),
    typed() {
      const current = stateRef.current;
      if (current.mode !== "agent" || !current.agentConnected) return;
      const at = Date.now();
      if (at - lastTyping.current < TYPING_THROTTLE_MS) return;
      lastTyping.current = at;
      sendTyping(current.sessionId, true);
    },
  };
}
