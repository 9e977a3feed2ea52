import { ChatResponse, type ChatPollAnswer, type ChatRequest } from "#contracts/chat.ts";
import { currentLanguage } from "../../i18n/index.ts";
import { apiRequest } from "../../lib/api-client.ts";

/** `POST /api/ai-chat`: the answer as the spec reads it (success, error, userMessageId, response). */
export async function sendChatMessage(body: ChatRequest): Promise<ChatResponse> {
  const response = await apiRequest("POST", "/api/ai-chat", body);
  return ChatResponse.parse(await response.json());
}

/** Poll answers, cancel and typing: failures are silently ignored (spec section 8). */
export function answerPoll(body: ChatPollAnswer): void {
  apiRequest("POST", "/api/ai-chat/poll", body).catch(() => undefined);
}

export function cancelWait(sessionId: string): void {
  apiRequest("POST", "/api/ai-chat/cancel", { sessionId }).catch(() => undefined);
}

export function sendTyping(sessionId: string, typing: boolean): void {
  apiRequest("POST", "/api/ai-chat/typing", { sessionId, typing }).catch(() => undefined);
}

/** An EventSource cannot send Accept-Language: the page's language rides in the query. */
export function streamUrl(sessionId: string, lastEventId: number): string {
  const query = new URLSearchParams({ sessionId });
  if (lastEventId > 0) query.set("lastEventId", String(lastEventId));
  query.set("lang", currentLanguage());
  return `/api/ai-chat/stream?${query}`;
}
