// npm run bench:chat — live chat figures: memory per open stream, fan-out latency (a message
// posted until it arrives on its session's stream) with many active sessions, and the built-in
// assistant's answer time. The server runs in a child process; this process is the clients.
//   BENCH_STREAMS (default 2000, up to 10000), BENCH_ACTIVE (default 1000 sessions sending),
//   BENCH_DATABASE_URL (PostgreSQL instead of the in-memory embedded database).
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { builtinAssistant } from "#server/modules/chat/assistant/builtin-assistant.ts";

const STREAMS = Math.min(10_000, Number(process.env.BENCH_STREAMS ?? 2000));
const ACTIVE = Math.min(STREAMS, Number(process.env.BENCH_ACTIVE ?? 1000));
/** Messages in flight at once; latency grows with it as the embedded database serialises writes. */
const CONCURRENCY = Number(process.env.BENCH_IN_FLIGHT ?? 8);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type === type) {
        child.off("message", onMessage);
        resolve(message as T);
      }
    };
    child.on("message", onMessage);
    child.send({ type });
  });
}

const child = fork(new URL("./chat-server.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx", "--expose-gc"],
  env: process.env,
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const ready = await new Promise<{ port: number; database: string }>((resolve, reject) => {
  child.once("message", (m) => resolve(m as { port: number; database: string }));
  child.once("exit", (code) => reject(new Error(`the bench server exited before it was ready (code ${code})`)));
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const cookieOf = (i: number) => `kts_chat=bench${String(i).padStart(28, "0")}`;

interface OpenStream {
  request: http.ClientRequest;
  waiters: Map<string, () => void>;
}

function openStream(i: number): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const waiters = new Map<string, () => void>();
    const request = http.get(
      {
        host: "127.0.0.1",
        port: ready.port,
        path: `/api/ai-chat/stream?sessionId=bench_${i}_1700000000000`,
        agent: false,
        headers: { cookie: cookieOf(i), "x-forwarded-for": ipOf(i) },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream ${i}: ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const marker = block.match(/ping-(\d+-\d+)/)?.[1];
            if (marker) waiters.get(marker)?.();
          }
        });
        resolve({ request, waiters });
      },
    );
    request.on("error", reject);
  });
}

function post(i: number, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ sessionId: `bench_${i}_1700000000000`, message });
    const request = http.request(
      {
        host: "127.0.0.1",
        port: ready.port,
        path: "/api/ai-chat",
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          cookie: cookieOf(i),
          "x-forwarded-for": ipOf(i),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`post ${i}: ${response.statusCode}`)),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

console.log(`bench:chat — one instance on ${ready.database}, ${STREAMS} concurrent streams, ${ACTIVE} active sessions`);
const streams: OpenStream[] = [];
// Warm up (database pages, JIT) with a few streams before the baseline, so the delta is the streams'.
const WARM = Math.min(100, STREAMS);
await pool(
  Array.from({ length: WARM }, (_, i) => i),
  50,
  async (i) => {
    streams[i] = await openStream(i);
  },
);
await new Promise((resolve) => setTimeout(resolve, 500));
const before = await ask<NodeJS.MemoryUsage>(child, "memory");
const openStarted = performance.now();
await pool(
  Array.from({ length: STREAMS - WARM }, (_, i) => i + WARM),
  50,
  async (i) => {
    streams[i] = await openStream(i);
  },
);
const openMs = performance.now() - openStarted;
await new Promise((resolve) => setTimeout(resolve, 1000));
const after = await ask<NodeJS.MemoryUsage & { streams: number }>(child, "memory");
console.log(
  `streams open: ${after.streams}; the last ${STREAMS - WARM} opened in ${(openMs / 1000).toFixed(1)} ` +
    `s (${Math.round((STREAMS - WARM) / (openMs / 1000))} per second, each binds a new session)`,
);
console.log(
  `server memory: RSS ${mb(before.rss)} -> ${mb(after.rss)}, heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`,
);
const measured = STREAMS - WARM;
console.log(
  `memory per stream (${measured} streams after a ${WARM}-stream warm-up): ` +
    `${((after.rss - before.rss) / measured / 1024).toFixed(1)} KB RSS, ` +
    `${((after.heapUsed - before.heapUsed) / measured / 1024).toFixed(1)} KB heap`,
);

// Fan-out: each active session posts one message; latency = POST sent until its user_message arrives on its stream.
const latencies: number[] = [];
const sendStarted = performance.now();
await pool(
  Array.from({ length: ACTIVE }, (_, i) => i),
  CONCURRENCY,
  async (i) => {
    const marker = `${i}-${Date.now()}`;
    const arrived = new Promise<void>((resolve) => streams[i]!.waiters.set(marker, resolve));
    const started = performance.now();
    await post(i, `ping-${marker} hello`);
    await arrived;
    latencies.push(performance.now() - started);
  },
);
const sendSeconds = (performance.now() - sendStarted) / 1000;
console.log(
  `fan-out at ${ACTIVE} active sessions (${CONCURRENCY} in flight, each message also answered by the ` +
    `assistant): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ` +
    `${percentile(latencies, 99).toFixed(1)} ms, ${Math.round(ACTIVE / sendSeconds)} messages/s`,
);

const assistant = builtinAssistant();
const questions = [
  "How much does a website cost?",
  "Do you offer web hosting?",
  "Can I pay with MTN mobile money?",
  "Where is your office?",
  "Do you do penetration testing?",
  "Which tech stack should I choose?",
  "What is the capital of France?",
  "Can I talk to a human?",
];
const answerTimes: number[] = [];
for (let round = 0; round < 250; round++) {
  for (const q of questions) {
    const started = performance.now();
    await assistant.answer(q, []);
    answerTimes.push(performance.now() - started);
  }
}
console.log(
  `built-in assistant answer time (${answerTimes.length} answers): p50 ` +
    `${(percentile(answerTimes, 50) * 1000).toFixed(0)} µs, p95 ` +
    `${(percentile(answerTimes, 95) * 1000).toFixed(0)} µs`,
);

for (const stream of streams) stream?.request.destroy();
agent.destroy();
child.send({ type: "stop" });
