import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the double does with the next requests. */
export type LlmBehaviour =
  | { kind: "answer"; text: string; chunks?: number }
  | { kind: "tool"; name: string; args: string }
  | { kind: "status"; status: number }
  | { kind: "slow"; delayMs: number; text: string }
  | { kind: "empty" }
  /**
   * Like a model that grounds every answer: without a tool result yet, it calls `tool` with the
   * visitor's last message as `question`; with one, it answers with that result's text.
   */
  | { kind: "grounded"; tool: string };

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { function: { name: string } }[];
}

/**
 * A loopback server speaking the OpenAI chat-completions protocol: `POST /v1/chat/completions`,
 * JSON or (stream: true) server-sent chunks ending in `data: [DONE]`, bearer-key check.
 */
export async function startOpenAiDouble(options: { apiKey?: string } = {}): Promise<{
  url: string;
  requests: ChatCompletionRequest[];
  behave(next: LlmBehaviour): void;
  close(): Promise<void>;
}> {
  const requests: ChatCompletionRequest[] = [];
  let behaviour: LlmBehaviour = { kind: "answer", text: "Hello from the model." };
  const read = async (req: IncomingMessage) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    return body;
  };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }));
      return;
    }
    const request = JSON.parse(await read(req)) as ChatCompletionRequest;
    requests.push(request);
    let b = behaviour;
    if (b.kind === "grounded") {
      const result = request.messages.findLast((m) => m.role === "tool");
      const question = request.messages.findLast((m) => m.role === "user")?.content ?? "";
      b = result
        ? { kind: "answer", text: result.content ?? "" }
        : { kind: "tool", name: b.tool, args: JSON.stringify({ question }) };
    }
    if (b.kind === "status") {
      res
        .writeHead(b.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "upstream failure", type: "server_error" } }));
      return;
    }
    if (b.kind === "slow") await new Promise((resolve) => setTimeout(resolve, b.delayMs));
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const text = b.kind === "answer" || b.kind === "slow" ? b.text : "";
    const toolCall =
      b.kind === "tool"
        ? { index: 0, id: "call_1", type: "function", function: { name: b.name, arguments: b.args } }
        : null;
    if (!request.stream) {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: text || null, ...(toolCall ? { tool_calls: [toolCall] } : {}) },
              finish_reason: toolCall ? "tool_calls" : "stop",
            },
          ],
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (delta: object, finish: string | null = null) => {
      const chunk = { id, object: "chat.completion.chunk", created, model: request.model };
      res.write(`data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    };
    send({ role: "assistant", content: "" });
    if (toolCall) send({ tool_calls: [toolCall] });
    const parts = b.kind === "answer" ? Math.max(1, b.chunks ?? 3) : 1;
    const size = Math.ceil(text.length / parts);
    for (let i = 0; i < text.length; i += size) send({ content: text.slice(i, i + size) });
    send({}, toolCall ? "tool_calls" : "stop");
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
