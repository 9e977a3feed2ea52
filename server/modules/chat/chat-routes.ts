import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHAT_HEARTBEAT_MS,
  ChatCancelRequest,
  ChatOkResponse,
  ChatPollAnswer,
  ChatRequest,
  ChatResponse,
  ChatStreamQuery,
  ChatTypingRequest,
} from "#contracts/chat.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { languages } from "#contracts/languages.ts";
import { AppError } from "../../lib/errors.ts";
import { currentLanguage, serverT } from "../../lib/i18n.ts";
import type { ChatHub } from "./chat-hub.ts";
import { findSession, sessionState } from "./chat-repository.ts";
import { hashBrowserId, type ChatService } from "./chat-service.ts";
import { lastEventIdOf, openSse } from "./sse.ts";
import type { StreamCap } from "./stream-cap.ts";
import type { Database } from "../../db/client.ts";

/** An EventSource cannot send Accept-Language, so the widget names its page's language in the query. */
const StreamQuery = ChatStreamQuery.extend({ lang: z.enum(languages).optional().catch(undefined) });

/** HttpOnly, random, per browser: what a chat session is bound to (the sessionId itself is guessable). */
export const CHAT_COOKIE = "kts_chat";
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/** How often a stream re-sends the remaining wait (the widget counts down in between). */
const COUNTDOWN_EVERY_MS = 5_000;

export const CHAT_MESSAGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const CHAT_STREAM_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
export const CHAT_SMALL_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

export interface ChatRoutesOptions {
  db: Database;
  service: ChatService;
  hub: ChatHub;
  /** Open visitor streams per client address. */
  streams: StreamCap;
}

/** The browser's id from its cookie, setting a new one when there is none. */
function browserOf(app: FastifyInstance, request: FastifyRequest): { hash: string; setCookie: string | null } {
  const existing = request.cookies[CHAT_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return { hash: hashBrowserId(existing), setCookie: null };
  const id = randomBytes(24).toString("base64url");
  const setCookie = app.serializeCookie(CHAT_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/api/ai-chat",
    maxAge: COOKIE_MAX_AGE_S,
  });
  return { hash: hashBrowserId(id), setCookie };
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, service, hub, streams }) => {
  const errors = { 400: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody };

  app.post(
    "/api/ai-chat",
    {
      config: { rateLimit: CHAT_MESSAGE_RATE_LIMIT },
      schema: { body: ChatRequest, response: { 200: ChatResponse, ...errors } },
    },
    async (request, reply) => {
      const browser = browserOf(app, request);
      if (browser.setCookie) reply.header("set-cookie", browser.setCookie);
      return service.postMessage({
        ...request.body,
        browserHash: browser.hash,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
    },
  );

  app.post(
    "/api/ai-chat/poll",
    {
      config: { rateLimit: CHAT_SMALL_RATE_LIMIT },
      schema: { body: ChatPollAnswer, response: { 200: ChatOkResponse, ...errors } },
    },
    async (request) => {
      await service.answerPoll({ ...request.body, browserHash: browserOf(app, request).hash });
      return { success: true };
    },
  );

  app.post(
    "/api/ai-chat/cancel",
    {
      config: { rateLimit: CHAT_SMALL_RATE_LIMIT },
      schema: { body: ChatCancelRequest, response: { 200: ChatOkResponse, ...errors } },
    },
    async (request) => {
      await service.cancel({ ...request.body, browserHash: browserOf(app, request).hash });
      return { success: true };
    },
  );

  app.post(
    "/api/ai-chat/typing",
    {
      config: { rateLimit: CHAT_SMALL_RATE_LIMIT },
      schema: { body: ChatTypingRequest, response: { 200: ChatOkResponse, ...errors } },
    },
    async (request) => {
      await service.visitorTyping({ ...request.body, browserHash: browserOf(app, request).hash });
      return { success: true };
    },
  );

  app.get(
    "/api/ai-chat/stream",
    { config: { rateLimit: CHAT_STREAM_RATE_LIMIT }, schema: { querystring: StreamQuery, response: errors } },
    async (request, reply) => {
      const { sessionId } = request.query;
      // Before anything is opened or bound: one address holds at most `streams.max` at once.
      const release = streams.acquire(request.ip);
      if (!release)
        throw new AppError("too_many_streams", serverT("chat.tooManyStreams", { ns: "chat", max: streams.max }), 429);
      const browser = browserOf(app, request);
      let stream: ReturnType<typeof openSse>;
      try {
        // Opening the widget binds the session to this browser (and the page's language) before its first message.
        await service.bind(sessionId, browser.hash, request.ip, request.query.lang ?? currentLanguage());
        stream = openSse(request, reply, browser.setCookie ? { "set-cookie": browser.setCookie } : {});
      } catch (error) {
        release();
        throw error;
      }
      stream.onClose(release);
      let deadline: number | null = null;

      const sendCountdown = () => {
        if (deadline === null) return;
        const remainingMs = Math.max(0, deadline - Date.now());
        stream.send("countdown", { remainingMs });
        if (remainingMs === 0) {
          deadline = null;
          service
            .expireWaits(sessionId)
            .catch((error: unknown) => request.log.warn({ err: error }, "chat wait expiry failed"));
        }
      };
      const refreshDeadline = async () => {
        const row = await findSession(db, sessionId);
        deadline = row?.state === "waiting" && row.waitDeadline ? row.waitDeadline.getTime() : null;
        sendCountdown();
        return row;
      };

      const subscription = await hub.subscribe(
        {
          sessionId,
          deliver(row) {
            stream.send(row.event, row.data, row.id);
            if (row.event === "session") void refreshDeadline().catch(() => undefined);
          },
          passing(_sessionId, event, data) {
            if (event === "typing") stream.send("typing", data);
          },
        },
        lastEventIdOf(request, request.query.lastEventId),
      );
      // Whatever was replayed, the current state goes last.
      const row = await refreshDeadline();
      if (row) {
        stream.send("session", sessionState(row));
        sendCountdown();
        if (row.pollPrompt) stream.send("poll", { type: "poll", prompt: row.pollPrompt });
      }
      const heartbeat = setInterval(() => stream.comment("ping"), CHAT_HEARTBEAT_MS);
      const countdown = setInterval(sendCountdown, COUNTDOWN_EVERY_MS);
      stream.onClose(() => {
        clearInterval(heartbeat);
        clearInterval(countdown);
        subscription.close();
      });
      app.chatStreams.add(stream);
      stream.onClose(() => app.chatStreams.delete(stream));
    },
  );
};
