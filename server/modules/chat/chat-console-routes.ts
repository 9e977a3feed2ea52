import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AgentMessageRequest,
  AgentPollRequest,
  AgentPresence,
  AgentReadRequest,
  AgentTypingRequest,
  CHAT_HEARTBEAT_MS,
  ChatHistoryQuery,
  ChatHistoryResponse,
  ChatOkResponse,
  ChatQueueResponse,
  ChatSessionDetail,
  ChatSessionParams,
} from "#contracts/chat.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import type { ChatHub } from "./chat-hub.ts";
import { searchSessions, touchPresence } from "./chat-repository.ts";
import type { ChatService, StaffActor } from "./chat-service.ts";
import { openSse } from "./sse.ts";
import { z } from "zod";

export interface ChatConsoleRoutesOptions {
  db: Database;
  service: ChatService;
  hub: ChatHub;
}

const access = { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } };
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };

export const chatConsoleRoutes: FastifyPluginAsyncZod<ChatConsoleRoutesOptions> = async (app, { db, service, hub }) => {
  const actor = (request: Parameters<typeof currentStaff>[0]): StaffActor => {
    const { user } = currentStaff(request);
    return { id: user.id, username: user.username, displayName: user.displayName };
  };

  app.get(
    "/api/admin/chats/queue",
    { config: access, schema: { response: { 200: ChatQueueResponse, ...errors } } },
    async (request) => {
      const staff = actor(request);
      await touchPresence(db, staff.id);
      return service.queue(staff);
    },
  );

  app.put(
    "/api/admin/chats/presence",
    { config: access, schema: { body: AgentPresence, response: { 200: AgentPresence, ...errors } } },
    async (request) => {
      await service.setPresence(actor(request), request.body.status);
      return { status: request.body.status };
    },
  );

  app.get(
    "/api/admin/chats/history",
    { config: access, schema: { querystring: ChatHistoryQuery, response: { 200: ChatHistoryResponse, ...errors } } },
    async (request) => searchSessions(db, request.query.q || undefined, request.query.page),
  );

  app.get(
    "/api/admin/chats/:id",
    { config: access, schema: { params: ChatSessionParams, response: { 200: ChatSessionDetail, ...errors } } },
    async (request) => service.detail(request.params.id),
  );

  app.post(
    "/api/admin/chats/:id/accept",
    { config: access, schema: { params: ChatSessionParams, response: { 200: ChatOkResponse, ...errors } } },
    async (request) => {
      await service.accept(request.params.id, actor(request), request.ip);
      return { success: true };
    },
  );

  app.post(
    "/api/admin/chats/:id/messages",
    {
      config: access,
      schema: {
        params: ChatSessionParams,
        body: AgentMessageRequest,
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request) => ({ id: await service.agentMessage(request.params.id, actor(request), request.body.content) }),
  );

  app.post(
    "/api/admin/chats/:id/typing",
    {
      config: access,
      schema: { params: ChatSessionParams, body: AgentTypingRequest, response: { 200: ChatOkResponse, ...errors } },
    },
    async (request) => {
      await service.agentTyping(request.params.id, actor(request), request.body.typing);
      return { success: true };
    },
  );

  app.post(
    "/api/admin/chats/:id/read",
    {
      config: access,
      schema: {
        params: ChatSessionParams,
        body: AgentReadRequest,
        response: { 200: z.object({ messageIds: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => ({
      messageIds: await service.markRead(request.params.id, actor(request), request.body.messageIds),
    }),
  );

  app.post(
    "/api/admin/chats/:id/poll",
    {
      config: access,
      schema: { params: ChatSessionParams, body: AgentPollRequest, response: { 200: ChatOkResponse, ...errors } },
    },
    async (request) => {
      await service.agentPoll(request.params.id, actor(request), request.body.prompt);
      return { success: true };
    },
  );

  app.post(
    "/api/admin/chats/:id/end",
    { config: access, schema: { params: ChatSessionParams, response: { 200: ChatOkResponse, ...errors } } },
    async (request) => {
      await service.end(request.params.id, actor(request), request.ip);
      return { success: true };
    },
  );

  /** Every session's events for the console; its heartbeat also keeps the agent's presence fresh. */
  app.get("/api/admin/chats/stream", { config: access }, async (request, reply) => {
    const staff = actor(request);
    await touchPresence(db, staff.id);
    const stream = openSse(request, reply);
    const subscription = await hub.subscribe(
      {
        sessionId: null,
        deliver: (row) => stream.send("chat", { sessionId: row.sessionId, event: row.event, data: row.data }, row.id),
        passing: (sessionId, event, data) => stream.send("chat", { sessionId, event, data }),
      },
      0,
    );
    stream.comment("ready");
    const heartbeat = setInterval(() => {
      stream.comment("ping");
      touchPresence(db, staff.id).catch(() => undefined);
    }, CHAT_HEARTBEAT_MS);
    stream.onClose(() => {
      clearInterval(heartbeat);
      subscription.close();
    });
    app.chatStreams.add(stream);
    stream.onClose(() => app.chatStreams.delete(stream));
  });
};
