import { type z } from "zod";
import {
  ChatHistoryResponse,
  ChatQueueResponse,
  ChatSessionDetail,
  ConsoleStreamEvent,
  type ConsoleStreamEvent as ConsoleEvent,
} from "#contracts/chat.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";

export const queueKey = ["/api/admin/chats/queue"] as const;
export const detailKey = (id: string) => ["/api/admin/chats", id] as const;
export const historyKey = (q: string) => ["/api/admin/chats/history", q] as const;

const json = async <S extends z.ZodType>(method: string, url: string, schema: S, body?: unknown): Promise<z.infer<S>> =>
  schema.parse(await (await apiRequest(method, url, body)).json());

export const fetchQueue = () => json("GET", "/api/admin/chats/queue", ChatQueueResponse);
export const fetchDetail = (id: string) => json("GET", `/api/admin/chats/${encodeURIComponent(id)}`, ChatSessionDetail);
export const fetchHistory = (q: string) =>
  json("GET", `/api/admin/chats/history${q ? `?q=${encodeURIComponent(q)}` : ""}`, ChatHistoryResponse);

const post = (id: string, action: string, body?: unknown) =>
  apiRequest("POST", `/api/admin/chats/${encodeURIComponent(id)}/${action}`, body ?? {});
export const setPresence = (status: "online" | "away") => apiRequest("PUT", "/api/admin/chats/presence", { status });
export const acceptChat = (id: string) => post(id, "accept");
export const sendAgentMessage = (id: string, content: string) => post(id, "messages", { content });
export const sendAgentTyping = (id: string, typing: boolean) => post(id, "typing", { typing }).catch(() => undefined);
export const markRead = (id: string) => post(id, "read", {});
export const sendPoll = (id: string, prompt: string) => post(id, "poll", { prompt });
export const endChat = (id: string) => post(id, "end");

/** The console's stream of every session's events; reopens itself after a drop. */
export function openConsoleStream(onEvent: (event: ConsoleEvent) => void, onOpen: () => void): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let stopped = false;
  const open = () => {
    if (stopped) return;
    source = new EventSource("/api/admin/chats/stream", { withCredentials: true });
    source.onopen = () => {
      attempts = 0;
      onOpen();
    };
    source.addEventListener("chat", (raw) => {
      try {
        const parsed = ConsoleStreamEvent.safeParse(JSON.parse((raw as MessageEvent<string>).data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // malformed: ignored
      }
    });
    source.onerror = () => {
      source?.close();
      attempts += 1;
      retry = setTimeout(open, Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)) + Math.random() * 500);
    };
  };
  open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
  };
}

/** A failed console call in words: the server's message, or the error itself. */
export const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage() ?? error.message) : String(error);
