import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { Assistant } from "./assistant/assistant.ts";
import { builtinAssistant } from "./assistant/builtin-assistant.ts";
import { openAiCompatibleAssistant } from "./assistant/openai-compatible-assistant.ts";
import { chatConsoleRoutes } from "./chat-console-routes.ts";
import { chatHub } from "./chat-hub.ts";
import { chatRoutes } from "./chat-routes.ts";
import { chatService } from "./chat-service.ts";
import type { SseStream } from "./sse.ts";
import { streamCap } from "./stream-cap.ts";

declare module "fastify" {
  interface FastifyInstance {
    chatStreams: Set<SseStream>;
    chat: ReturnType<typeof chatService>;
  }
}

/** Waits past their deadline are returned to the assistant this often, by whichever instance gets there first. */
const EXPIRY_SWEEP_MS = 2_000;

export function chatAssistant(config: Config["chat"]): Assistant {
  const builtin = builtinAssistant();
  return config.llm
    ? openAiCompatibleAssistant({
        ...config.llm,
        fallback: builtin,
        retrieve: (q, language) => builtin.search(q, language),
      })
    : builtin;
}

/** Live chat: the visitor's API and stream, the agent console's API, the fan-out and the wait sweeper. */
export async function registerChat(
  app: FastifyInstance,
  options: { config: Config; database: DatabaseHandle; onEnquiry: () => void },
): Promise<void> {
  const { config, database } = options;
  const service = chatService({
    db: database.db,
    assistant: chatAssistant(config.chat),
    agentWaitMs: config.chat.agentWaitMs,
    hours: config.chat.hours,
    notifyTo: config.contactNotifyTo,
    onEnquiry: options.onEnquiry,
  });
  const hub = chatHub(database, app.log);
  app.decorate("chatStreams", new Set<SseStream>());
  app.decorate("chat", service);

  let sweep: NodeJS.Timeout | null = null;
  app.addHook("onReady", async () => {
    await hub.start();
    sweep = setInterval(() => {
      service.expireWaits().catch((error: unknown) => app.log.warn({ err: error }, "chat wait sweep failed"));
    }, EXPIRY_SWEEP_MS);
    sweep.unref();
  });
  // Open streams never finish on their own: end them so shutdown can finish in-flight requests.
  app.addHook("preClose", async () => {
    if (sweep) clearInterval(sweep);
    for (const stream of [...app.chatStreams]) stream.close();
  });
  app.addHook("onClose", async () => hub.stop());

  await app.register(chatRoutes, {
    db: database.db,
    service,
    hub,
    streams: streamCap(config.chat.streamsPerAddress),
  });
  await app.register(chatConsoleRoutes, { db: database.db, service, hub });
}
