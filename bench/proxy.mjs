// npm run bench:proxy — the production shape under load (after `npm run build`; it builds nothing).
// Debian's nginx with deploy/nginx/kts.conf (TLS on loopback, as test:deploy runs it) in front of
// two instances on a throwaway PostgreSQL database (kts_bench_<pid>) and the local Redis, and beside
// it an nginx server that serves the same built files straight from disk. Prints:
// 1. the home page's requests per second through nginx and the app (nginx's page cache sends it
//    while the app's X-Accel-Expires allows, then asks an instance again), and from nginx alone,
//    and their ratio (the aim: at least 0.6);
// 2. a mixed load at 200 connections (home page, the domain price list, the VPS catalog, a stack
//    advisor recommendation POST): p50, p99, requests per second, and every non-2xx by route.
//   BENCH_SECONDS (default 10) per measurement, BENCH_CONNECTIONS (default 100) for the home page,
//   BENCH_ROUNDS (default 2) of nginx alone then through the app.
// Besides requests per second it prints the CPU time nginx and the instances spent per request
// (from /proc): unlike throughput, that does not depend on what else the machine is running.
// Each request carries a random client address that the bench's nginx passes on as
// X-Forwarded-For (the one change from deploy/nginx/kts.conf, which passes $remote_addr): the
// load stands for many visitors, so the per-IP limits (Redis) are consulted but not hit.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  appInstances,
  delay,
  run,
  selfSignedCertificate,
  stackPorts,
  startNginx,
  throwawayDatabase,
  writeNginxConfig,
} from "../scripts/deploy-stack.mjs";

process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // the self-signed certificate
const root = process.cwd();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

for (const file of ["build/client/index.html", "dist/server/main.js", "dist/server/migrate.js"]) {
  if (!existsSync(path.join(root, file))) {
    console.error(`bench:proxy measures the build: ${file} is missing. Run \`npm run build\` first.`);
    process.exit(1);
  }
}

const ports = stackPorts(2);
const dir = mkdtempSync(path.join(os.tmpdir(), "kts-bench-proxy-"));
const cleanups = [];
const visitor = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
/** What a browser sends for a page; gzip only, since nginx alone has no brotli module here. */
const pageHeaders = { accept: "text/html", "accept-encoding": "gzip" };

function get(port, urlPath) {
  return new Promise((resolve, reject) => {
    const req = https.get(
      { host: "127.0.0.1", port, path: urlPath, headers: pageHeaders, agent: false, rejectUnauthorized: false },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      },
    );
    req.on("error", reject);
  });
}

/** CPU time (user + system, ms) that processes `pids` and nginx's workers have used so far. */
function cpuMs(pids) {
  const ticks = (pid) => {
    try {
      // Fields after the command name: state is 3rd, utime 14th, stime 15th (proc(5)).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return { ppid: 0, ticks: 0 };
    }
  };
  const wanted = new Set(pids);
  for (const entry of readdirSync("/proc"))
    if (/^\d+$/.test(entry) && wanted.has(ticks(entry).ppid)) wanted.add(Number(entry));
  // USER_HZ is 100 on Linux.
  return [...wanted].reduce((sum, pid) => sum + ticks(pid).ticks * 10, 0);
}

function load(port, connections, requests) {
  const statuses = new Map();
  const tracked = requests.map((request) => ({
    ...request,
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-bench-client": visitor() } }),
    onResponse: (status) => {
      const key = `${request.method} ${request.path}`;
      const byStatus = statuses.get(key) ?? new Map();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(key, byStatus);
    },
  }));
  const before = { nginx: cpuMs([nginxPid]), apps: cpuMs(appPids) };
  return autocannon({ url: `https://127.0.0.1:${port}`, connections, duration: SECONDS, requests: tracked }).then(
    (result) => {
      const perRequest = (ms) => Math.round((ms * 1000) / Math.max(1, result.requests.total));
      const cpu = {
        nginx: perRequest(cpuMs([nginxPid]) - before.nginx),
        apps: perRequest(cpuMs(appPids) - before.apps),
      };
      return { result, statuses, cpu };
    },
  );
}
let nginxPid = 0;
let appPids = [];

const summary = ({ result, statuses, cpu }) => {
  const unexpected = [];
  for (const [route, byStatus] of statuses)
    for (const [status, count] of byStatus)
      if (status < 200 || status > 299) unexpected.push(`${route}: ${count}×${status}`);
  return (
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ` +
    `(${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, ` +
    `non-2xx: ${unexpected.length ? unexpected.join(", ") : "none"}); ` +
    `CPU per request: nginx ${cpu.nginx} µs, app instances ${cpu.apps} µs`
  );
};

async function main() {
  const database = await throwawayDatabase(adminUrl, `kts_bench_${process.pid}`);
  cleanups.push(() => database.drop());
  run(process.execPath, ["dist/server/migrate.js"], { DATABASE_URL: database.url, LOG_LEVEL: "warn" });
  selfSignedCertificate(dir);
  writeNginxConfig({
    root,
    dir,
    ports,
    edits: [
      ["proxy_set_header X-Forwarded-For $remote_addr;", "proxy_set_header X-Forwarded-For $http_x_bench_client;"],
    ],
  });
  const nginx = startNginx(dir);
  nginxPid = nginx.pid;
  cleanups.push(() => nginx.stop());
  const instances = appInstances({
    root,
    dir,
    ports,
    databaseUrl: database.url,
    redisUrl,
    publicUrl: `https://localhost:${ports.https}`,
    env: { ADMIN_USERNAME: "benchadmin", ADMIN_PASSWORD: randomBytes(12).toString("hex") },
  });
  cleanups.push(() => instances.stopAll());
  instances.start(0);
  await instances.waitReady(0);
  instances.start(1);
  await instances.waitReady(1);
  appPids = instances.children.map((child) => child.pid);
  for (let i = 0; i < 50 && (await get(ports.https, "/").catch(() => null))?.status !== 200; i++) await delay(100);

  const [viaApp, direct] = [await get(ports.https, "/"), await get(ports.direct, "/")];
  console.log(
    `bench:proxy — nginx ${ports.https} -> two instances (PostgreSQL ${database.name}, Redis); ` +
      `nginx alone on ${ports.direct}; ${SECONDS} s per measurement, ${os.cpus().length} CPUs, ` +
      `load average ${os.loadavg()[0].toFixed(2)} before the first`,
  );
  console.log(
    `home page: through the app ${viaApp.status} ${viaApp.headers["content-encoding"] ?? "identity"} ` +
      `${viaApp.bytes} B; nginx alone ${direct.status} ${direct.headers["content-encoding"] ?? "identity"} ${direct.bytes} B`,
  );

  const home = [{ method: "GET", path: "/", headers: pageHeaders }];
  await load(ports.https, CONNECTIONS, home); // warm-up: JIT, keepalive connections, file cache
  // Alternated, so that other work on the machine weighs on both sides alike.
  const ratios = [];
  const costs = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const alone = await load(ports.direct, CONNECTIONS, home);
    const proxied = await load(ports.https, CONNECTIONS, home);
    console.log(`home page, ${CONNECTIONS} connections, nginx alone:     ${summary(alone)}`);
    console.log(`home page, ${CONNECTIONS} connections, nginx -> 2 apps: ${summary(proxied)}`);
    ratios.push(proxied.result.requests.average / alone.result.requests.average);
    costs.push((alone.cpu.nginx + alone.cpu.apps) / (proxied.cpu.nginx + proxied.cpu.apps));
  }
  console.log(
    `ratio (through the app / nginx alone), requests per second: ${ratios.map((r) => r.toFixed(2)).join(", ")}; ` +
      `by CPU per request (what the ratio tends to when the server's CPU is the limit): ` +
      `${costs.map((r) => r.toFixed(2)).join(", ")}`,
  );

  const answers = {
    projectType: "online-shop",
    audience: "medium",
    growth: "steady",
    budget: "medium",
    currency: "RWF",
    timeline: "normal",
    skills: ["javascript"],
    mustHaves: ["mobile-money"],
    hosting: "local-dc",
  };
  const mixed = await load(ports.https, 200, [
    { method: "GET", path: "/", headers: pageHeaders },
    { method: "GET", path: "/api/domains/tlds" },
    { method: "GET", path: "/api/vps/catalog" },
    {
      method: "POST",
      path: "/api/advisor/recommendations",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ answers }),
    },
  ]);
  console.log(
    `mixed load, 200 connections (/, /api/domains/tlds, /api/vps/catalog, POST /api/advisor/recommendations):`,
  );
  console.log(`  ${summary(mixed)}`);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
if (failed) console.log(`logs kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
