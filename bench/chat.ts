// npm run bench:chat — live chat figures: memory per open stream, fan-out latency (a message
// posted until it arrives on its session's stream) with many active sessions, and the built-in
// assistant's answer time. The servers run in child processes; this process is the clients.
//   BENCH_STREAMS (default 2000, up to 10000), BENCH_ACTIVE (default 1000 sessions sending),
//   BENCH_DATABASE_URL (PostgreSQL: a throwaway database is made there, and dropped, instead of
//   the in-memory embedded database), BENCH_INSTANCES (default 1; 2 needs BENCH_DATABASE_URL:
//   streams are spread over both, and half the messages are posted to the instance that does not
//   hold the session's stream, so they reach it through PostgreSQL's NOTIFY as in production),
//   BENCH_REDIS_URL (rate-limit counters in Redis, as production keeps them with two instances),
//   BENCH_CPU_PROFILE (a directory: each instance writes a V8 CPU profile there when it stops).
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import { openPostgres } from "#server/db/client.ts";
import { builtinAssistant } from "#server/modules/chat/assistant/builtin-assistant.ts";

const STREAMS = Math.min(10_000, Number(process.env.BENCH_STREAMS ?? 2000));
const ACTIVE = Math.min(STREAMS, Number(process.env.BENCH_ACTIVE ?? 1000));
/** Messages in flight at once; latency grows with it as the embedded database serialises writes. */
const CONCURRENCY = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (INSTANCES < 1 || (INSTANCES > 1 && !adminUrl)) {
  console.error("BENCH_INSTANCES=2 needs BENCH_DATABASE_URL: the embedded database is one process's.");
  process.exit(1);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`;

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

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
const benchDb = `bench_chat_${randomBytes(4).toString("hex")}`;
let instanceDatabaseUrl: string | undefined;
if (adminUrl) {
  await adminQuery(`create database ${benchDb}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDb}`;
  instanceDatabaseUrl = url.toString();
  const migrating = await openPostgres(instanceDatabaseUrl);
  await migrating.migrate();
  await migrating.close();
}

interface Ready {
  port: number;
  database: string;
  rateLimits: string;
}
const children: ChildProcess[] = [];
const servers: Ready[] = [];
for (let k = 0; k < INSTANCES; k++) {
  const child = fork(new URL("./chat-server.ts", import.meta.url).pathname, {
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
    ],
    env: { ...process.env, ...(instanceDatabaseUrl ? { BENCH_INSTANCE_DATABASE_URL: instanceDatabaseUrl } : {}) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  servers.push(
    await new Promise<Ready>((resolve, reject) => {
      child.once("message", (m) => resolve(m as Ready));
      child.once("exit", (code) => reject(new Error(`a bench server exited before it was ready (code ${code})`)));
    }),
  );
}
/** Session i's stream is on instance i % N; its message goes to instance floor(i / 2) % N. */
const streamInstance = (i: number) => i % INSTANCES;
const postInstance = (i: number) => Math.floor(i / 2) % INSTANCES;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const cookieOf = (i: number) => `kts_chat=bench${String(i).padStart(28, "0")}`;

interface OpenStream {
  request: http.ClientRequest;
  waiters: Map<string, (at: number) => void>;
}

function openStream(i: number): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const waiters = new Map<string, (at: number) => void>();
    const request = http.get(
      {
        host: "127.0.0.1",
        port: servers[streamInstance(i)]!.port,
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
            if (marker) waiters.get(marker)?.(performance.now());
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
        port: servers[postInstance(i)]!.port,
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

console.log(
  `bench:chat — ${INSTANCES === 1 ? "one instance" : `${INSTANCES} instances`} on ${servers[0]!.database}, ` +
    `rate limits in ${servers[0]!.rateLimits}, ${STREAMS} concurrent streams, ${ACTIVE} active sessions`,
);
type Memory = NodeJS.MemoryUsage & { streams: number };
const memories = () => Promise.all(children.map((child) => ask<Memory>(child, "memory")));
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
const before = await memories();
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
const after = await memories();
console.log(
  `streams open: ${after.map((m) => m.streams).join(" + ")}; the last ${STREAMS - WARM} opened in ` +
    `${(openMs / 1000).toFixed(1)} s (${Math.round((STREAMS - WARM) / (openMs / 1000))} per second, each binds a new session)`,
);
after.forEach((memory, k) => {
  const measured = Array.from({ length: STREAMS - WARM }, (_, i) => i + WARM).filter(
    (i) => streamInstance(i) === k,
  ).length;
  console.log(
    `instance ${k + 1}: RSS ${mb(before[k]!.rss)} -> ${mb(memory.rss)}, heap ${mb(before[k]!.heapUsed)} -> ` +
      `${mb(memory.heapUsed)}; memory per stream (${measured} streams after the warm-up): ` +
      `${((memory.rss - before[k]!.rss) / measured / 1024).toFixed(1)} KB RSS, ` +
      `${((memory.heapUsed - before[k]!.heapUsed) / measured / 1024).toFixed(1)} KB heap`,
  );
});

// Fan-out: each active session posts one message. Fan-out = the POST sent until its user_message
// arrives on the session's stream (the stream may have it before the POST's answer, which waits
// for the assistant's reply); the POST's own round trip is given beside it.
const fanOut: number[] = [];
const crossing: number[] = [];
const roundTrips: number[] = [];
type Work = { queries: number; cpuMs: number; loopP99Ms: number; loopMaxMs: number };
const work = () => Promise.all(children.map((child) => ask<Work>(child, "work")));
const workBefore = await work();
const clientLoop = monitorEventLoopDelay({ resolution: 5 });
clientLoop.enable();
const sendStarted = performance.now();
await pool(
  Array.from({ length: ACTIVE }, (_, i) => i),
  CONCURRENCY,
  async (i) => {
    const marker = `${i}-${Date.now()}`;
    const arrived = new Promise<number>((resolve) => streams[i]!.waiters.set(marker, resolve));
    const started = performance.now();
    await post(i, `ping-${marker} hello`);
    roundTrips.push(performance.now() - started);
    const latency = (await arrived) - started;
    fanOut.push(latency);
    if (postInstance(i) !== streamInstance(i)) crossing.push(latency);
  },
);
const sendSeconds = (performance.now() - sendStarted) / 1000;
const workAfter = await work();
clientLoop.disable();
const perMessage = (pick: (w: Work) => number) =>
  workAfter.reduce((sum, w, k) => sum + pick(w) - pick(workBefore[k]!), 0) / ACTIVE;
console.log(
  `fan-out at ${ACTIVE} active sessions (${CONCURRENCY} in flight, each message also answered by the ` +
    `assistant): p50 ${ms(fanOut, 50)}, p99 ${ms(fanOut, 99)}, ${Math.round(ACTIVE / sendSeconds)} messages/s` +
    (crossing.length > 0
      ? `; posted to the other instance (${crossing.length}): p50 ${ms(crossing, 50)}, p99 ${ms(crossing, 99)}`
      : ""),
);
// A busy event loop (the instance's or this client's) delays every message behind it.
const loopMs = (p99: number, max: number) => `p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
console.log(
  `event-loop delay during the fan-out: ` +
    [
      ...workAfter.map((w, k) => `instance ${k + 1} ${loopMs(w.loopP99Ms, w.loopMaxMs)}`),
      `the bench's client ${loopMs(clientLoop.percentile(99) / 1e6, clientLoop.max / 1e6)}`,
    ].join("; "),
);
console.log(
  `the POST's round trip (stored, announced, answered): p50 ${ms(roundTrips, 50)}, p99 ${ms(roundTrips, 99)}`,
);
console.log(
  `per message, all instances together: ${perMessage((w) => w.queries).toFixed(1)} database round trips` +
    (servers[0]!.database === "postgres" ? "" : " (embedded database: not counted)") +
    `, ${perMessage((w) => w.cpuMs).toFixed(2)} ms of CPU (unlike latency, this does not depend on ` +
    `what else the machine runs)`,
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
await Promise.all(
  children.map((child) => new Promise((resolve) => child.once("exit", resolve).send({ type: "stop" }))),
);
if (adminUrl) await adminQuery(`drop database if exists ${benchDb} with (force)`);
