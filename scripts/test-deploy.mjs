// `npm run test:deploy`: the production shape of docs/deploy.md on this machine. Builds (unless
// --no-build), makes a throwaway PostgreSQL database, uses the local Redis, runs two instances and
// Debian's nginx with deploy/nginx/kts.conf (a self-signed certificate, loopback ports), and proves:
// 1. HTTPS with HSTS, HTTP -> HTTPS, public pages from nginx's page cache (and nothing else), SSE through
//    the proxy unbuffered;
// 2. a client rotating its own X-Forwarded-For still meets the per-IP limit (429);
// 3. a chat visitor whose instance is killed (-9) reconnects to the other, loses and doubles nothing;
// 4. a rolling upgrade to a new release under load (autocannon, 50 connections) fails no request, and
//    the previous release's assets stay served;
// 5. backup, wipe, restore brings the enquiries, payments and chats back;
// 6. /metrics answers on its loopback port and not on the public one.
// Then prints what it saw on the way (SSE delivery, the rolling restart's load); the issue's
// benchmark figures are `npm run bench:proxy` and `BENCH_INSTANCES=2 npm run bench:chat`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import {
  appInstances,
  delay,
  run,
  selfSignedCertificate,
  stackPorts,
  startNginx,
  throwawayDatabase,
  writeNginxConfig,
} from "./deploy-stack.mjs";

process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // the self-signed certificate, for autocannon
const root = process.cwd();
const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const ports = stackPorts(2);
const tmp = mkdtempSync(path.join(os.tmpdir(), "kts-deploy-"));
const started = Date.now();
const figures = {};
let failures = 0;
const cleanups = [];

const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
function check(condition, message) {
  if (condition) log(`ok   ${message}`);
  else {
    failures += 1;
    log(`FAIL ${message}`);
  }
}
/** A distinct loopback source address per client, so each meets its own rate-limit counters. */
const clientAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** One HTTP(S) request; `to` is "https" (nginx), "http" (nginx, plain) or a port number (an instance). */
function request(method, urlPath, { to = "https", headers = {}, body, localAddress } = {}) {
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const options = {
    method,
    host: "127.0.0.1",
    port: to === "https" ? ports.https : to === "http" ? ports.http : to,
    path: urlPath,
    localAddress,
    agent: false,
    rejectUnauthorized: false,
    servername: "localhost",
    headers: {
      ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
      ...headers,
    },
  };
  return new Promise((resolve, reject) => {
    const req = (to === "https" ? https : http).request(options, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    if (payload) req.write(payload);
    req.end();
  });
}

/** An EventSource-like reader: every event with its id, through nginx. */
function openStream(urlPath, headers, localAddress) {
  const events = [];
  const waiters = [];
  let ended = false;
  let response;
  const req = https.get({
    host: "127.0.0.1",
    port: ports.https,
    path: urlPath,
    headers: { accept: "text/event-stream", ...headers },
    agent: false,
    rejectUnauthorized: false,
    servername: "localhost",
    localAddress,
  });
  const opened = new Promise((resolve, reject) => {
    req.on("response", (res) => {
      response = res;
      resolve(res);
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = { event: "message", data: "", id: undefined, at: Date.now() };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              event.data = JSON.parse(line.slice(6));
              hasData = true;
            } else if (line.startsWith("id: ")) event.id = Number(line.slice(4));
          }
          if (!hasData) continue;
          events.push(event);
          for (const waiter of [...waiters]) if (waiter.test(event)) waiter.resolve(event);
        }
      });
      res.on("close", () => {
        ended = true;
        for (const waiter of waiters) waiter.onEnd?.();
      });
    });
    req.on("error", (error) => (response ? (ended = true) : reject(error)));
  });
  return {
    events,
    opened,
    get ended() {
      return ended;
    },
    get upstream() {
      return response?.headers["x-upstream"];
    },
    waitFor(test, timeoutMs = 10_000) {
      const found = events.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          test,
          resolve: (event) => {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(waiter), 1);
            resolve(event);
          },
        };
        const timer = setTimeout(() => reject(new Error("stream event did not arrive in time")), timeoutMs);
        waiters.push(waiter);
      });
    },
    ended$: () => new Promise((resolve) => (ended ? resolve() : waiters.push({ test: () => false, onEnd: resolve }))),
    close: () => req.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------
const databaseName = `kts_deploy_${randomBytes(4).toString("hex")}`;
let databaseUrl;
const adminPassword = randomBytes(12).toString("hex");
const publicUrl = `https://localhost:${ports.https}`;
let instances;
const app = path.join(tmp, "app");
const release = (name) => path.join(tmp, "releases", name);

/**
 * A new build in `to`, as `npm run build` in a new release makes one: the same site with its
 * stylesheet under another hashed name (`css`, as /assets/NAME.css) in every page, and the
 * pages' .gz and .br made again. Returns the new stylesheet's address.
 */
function nextBuild(from, to, css) {
  const client = path.join(to, "build/client");
  cpSync(path.join(from, "build/client"), client, { recursive: true });
  const renamed = css.replace(/\.css$/, "-next.css");
  for (const suffix of ["", ".gz", ".br"])
    if (existsSync(path.join(client, css + suffix)))
      renameSync(path.join(client, css + suffix), path.join(client, renamed + suffix));
  for (const entry of readdirSync(client, { recursive: true })) {
    const file = path.join(client, String(entry));
    if (!file.endsWith(".html")) continue;
    const html = readFileSync(file, "utf8");
    if (!html.includes(css)) continue;
    const next = html.split(css).join(renamed);
    writeFileSync(file, next);
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(next));
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(next));
  }
  const own = readdirSync(path.join(client, "assets")).sort().join("\n");
  writeFileSync(path.join(to, "build/assets-built.txt"), `${own}\n`);
  return renamed;
}
const startInstance = (index) => instances.start(index);
const waitReady = (index) => instances.waitReady(index);
const stopInstance = (index, signal) => instances.stop(index, signal);

async function counts() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (table) =>
      (await client.query(`select count(*)::int as n from ${table}`).catch(() => ({ rows: [{ n: -1 }] }))).rows[0].n;
    return {
      enquiries: await one("contact_enquiries"),
      payments: await one("payment_transactions"),
      chatMessages: await one("chat_messages"),
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
async function main() {
  if (!process.argv.includes("--no-build")) run("npm", ["run", "build"]);

  log(`throwaway database ${databaseName}`);
  const database = await throwawayDatabase(adminUrl, databaseName);
  databaseUrl = database.url;
  cleanups.push(() => database.drop());
  run(process.execPath, ["dist/server/migrate.js"], { DATABASE_URL: databaseUrl });

  // The guide's layout (docs/deploy.md, section 2): /opt/kts/app is a link to the current release.
  // Releases here hold the built site; the server code is the project's.
  cpSync(path.join(root, "build/client"), path.join(release("r1"), "build/client"), {
    recursive: true,
    preserveTimestamps: true,
  });
  cpSync(path.join(root, "build/assets-built.txt"), path.join(release("r1"), "build/assets-built.txt"));
  symlinkSync(release("r1"), app);

  selfSignedCertificate(tmp);
  // Which instance answered, for the kill -9 proof only.
  const hsts = '    add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;\n';
  writeNginxConfig({
    root,
    dir: tmp,
    ports,
    app,
    edits: [[`${hsts}\n`, `${hsts}    add_header X-Upstream $upstream_addr always;\n\n`]],
  });
  const nginx = startNginx(tmp);
  cleanups.push(() => nginx.stop());
  instances = appInstances({
    root,
    app,
    dir: tmp,
    ports,
    databaseUrl,
    redisUrl,
    publicUrl,
    env: {
      ADMIN_USERNAME: "deploycheck",
      ADMIN_PASSWORD: adminPassword,
      // The check signs in as the first admin to play the chat agent; two-factor sign-in itself is
      // proven by server/modules/admin/two-factor.test.ts (decision 0032), not through the proxy.
      REQUIRE_ADMIN_TOTP: "false",
    },
  });

  // The first instance creates the first admin; then the second starts.
  startInstance(0);
  await waitReady(0);
  startInstance(1);
  await waitReady(1);
  cleanups.push(() => instances.stopAll());
  for (let i = 0; i < 50; i++) {
    const up = await request("GET", "/healthz").catch(() => null);
    if (up?.status === 200) break;
    await delay(100);
  }
  log(
    `nginx https://127.0.0.1:${ports.https} -> instances ${ports.app.join(", ")} (PostgreSQL ${databaseName}, Redis)`,
  );

  // 1. HTTPS with HSTS, HTTP -> HTTPS, SSE unbuffered through the proxy.
  {
    const home = await request("GET", "/");
    check(home.status === 200 && /<html/i.test(home.text), "HTTPS home page through nginx: 200");
    check(/max-age=\d+/.test(home.headers["strict-transport-security"] ?? ""), "HTTPS answers carry HSTS");
    // The page cache: a public page is kept and sent by nginx itself, with the app's headers; a
    // visitor with another language is still sent to theirs; order links and the API are never kept.
    const english = { "accept-language": "en", "accept-encoding": "gzip" };
    const first = await request("GET", "/about", { headers: english });
    const kept = await request("GET", "/about", { headers: english });
    check(
      kept.status === 200 &&
        kept.headers["x-cache-status"] === "HIT" &&
        kept.headers["content-security-policy"] === first.headers["content-security-policy"] &&
        /sha256-/.test(kept.headers["content-security-policy"] ?? "") &&
        kept.headers.etag === first.headers.etag,
      `a public page is sent from nginx's page cache with its own CSP and validators (${kept.headers["x-cache-status"]})`,
    );
    const french = await request("GET", "/about", { headers: { ...english, "accept-language": "fr-FR,fr;q=0.9" } });
    const chosen = await request("GET", "/about", { headers: { ...english, cookie: "lang=sw" } });
    check(
      french.status === 302 && french.headers.location === "/fr/about" && chosen.headers.location === "/sw/about",
      `a kept English page still sends a French browser and a Swahili cookie to their pages (${french.status}, ${chosen.status})`,
    );
    const never = [];
    for (const urlPath of ["/vps-hosting/order/a-secret-order-link", "/api/domains/tlds", "/no-such-page"])
      for (let i = 0; i < 2; i++)
        never.push((await request("GET", urlPath, { headers: english })).headers["x-cache-status"]);
    check(
      never.every((status) => status !== "HIT"),
      `order links, the API and 404s are never sent from the cache (${never.join(", ")})`,
    );
    const plain = await request("GET", "/contact?x=1", { to: "http" });
    check(
      plain.status === 301 &&
        new RegExp(`^https://[^/]+:${ports.https}/contact\\?x=1$`).test(plain.headers.location ?? ""),
      `HTTP redirects to HTTPS (${plain.status} ${plain.headers.location})`,
    );
    const asset = readdirSync(path.join(root, "build/client/assets"))
      .find((name) => name.endsWith(".js.gz"))
      ?.slice(0, -3);
    const served = await request("GET", `/assets/${asset}`, { headers: { "accept-encoding": "gzip" } });
    check(
      served.status === 200 &&
        served.headers["content-encoding"] === "gzip" &&
        /immutable/.test(served.headers["cache-control"]),
      "hashed assets served precompressed (gzip) and immutable",
    );
    const big = await request("POST", "/api/contact", { body: { message: "x".repeat(70 * 1024) } });
    check(big.status === 413, `a body over the app's 64 KB limit is refused (${big.status})`);

    const sessionId = `chat_${Date.now()}1`;
    const cookie = { cookie: `kts_chat=${randomBytes(16).toString("hex")}` };
    const stream = openStream(`/api/ai-chat/stream?sessionId=${sessionId}`, cookie, clientAddress());
    await stream.opened;
    await stream.waitFor((e) => e.event === "session");
    const sent = Date.now();
    const post = await request("POST", "/api/ai-chat", {
      headers: cookie,
      body: { sessionId, message: "Do you offer web hosting?" },
    });
    check(post.status === 200, "a chat message through nginx: 200");
    const echoed = await stream.waitFor((e) => e.event === "message" && e.data.type === "user_message", 5000);
    figures.sseDeliveryMs = echoed.at - sent;
    check(
      figures.sseDeliveryMs < 1000,
      `the SSE stream delivers through nginx at once (${figures.sseDeliveryMs} ms after the POST)`,
    );
    stream.close();
  }

  // 2. Rotating X-Forwarded-For does not escape the per-IP limit (contact form: 20 per 15 minutes,
  // CONTACT_ADDRESS_LIMIT; a different sender each time, so only that limit applies: decision 0038).
  {
    const perAddress = 20;
    const from = clientAddress();
    const statuses = [];
    for (let i = 0; i < perAddress + 2; i++) {
      const response = await request("POST", "/api/contact", {
        localAddress: from,
        headers: { "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.${i + 7}`, "x-real-ip": `192.0.2.${i + 1}` },
        body: {
          firstName: "Amina",
          lastName: "Uwase",
          email: `amina${i}@example.test`,
          service: "Web development",
          message: "We would like a quote for a new website for our cooperative in Musanze.",
        },
      });
      statuses.push(response.status);
    }
    check(
      statuses.slice(0, perAddress).every((s) => s === 201 || s === 200) &&
        statuses.slice(perAddress).every((s) => s === 429),
      `a client rotating X-Forwarded-For meets the per-IP limit (${statuses.join(" ")})`,
    );
  }

  // 3. kill -9 the visitor's instance mid-conversation: reconnect, replay, nothing lost or doubled.
  {
    const origin = { origin: publicUrl };
    const login = await request("POST", "/api/admin/login", {
      headers: origin,
      body: { username: "deploycheck", password: adminPassword },
    });
    const staffCookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    check(login.status === 200 && staffCookie.includes("kts_admin_session"), "the agent signs in through nginx");
    const staff = (method, urlPath, body) =>
      request(method, urlPath, { headers: { ...origin, cookie: staffCookie }, body });
    await staff("PUT", "/api/admin/chats/presence", { status: "online" });

    const sessionId = `chat_${Date.now()}2`;
    const visitor = { cookie: `kts_chat=${randomBytes(16).toString("hex")}` };
    const address = clientAddress();
    const first = openStream(`/api/ai-chat/stream?sessionId=${sessionId}`, visitor, address);
    await first.opened;
    await first.waitFor((e) => e.event === "session");
    const say = (message) =>
      request("POST", "/api/ai-chat", { headers: visitor, localAddress: address, body: { sessionId, message } });
    await say("I'd like to talk to a human please");
    await first.waitFor((e) => e.event === "session" && e.data.waitingForAgent);
    const accepted = await staff("POST", `/api/admin/chats/${sessionId}/accept`);
    check(accepted.status === 200, "the agent accepts the chat");
    await staff("POST", `/api/admin/chats/${sessionId}/messages`, {
      content: "Muraho! This is Amina, how can I help?",
    });
    await first.waitFor((e) => e.event === "message" && e.data.content === "Muraho! This is Amina, how can I help?");

    const victimPort = Number(String(first.upstream).split(":").pop());
    const victim = ports.app.indexOf(victimPort);
    check(victim >= 0, `the visitor's stream runs on instance ${victim + 1} (${first.upstream})`);
    await stopInstance(victim, "SIGKILL");
    await first.ended$();
    const lastId = Math.max(...first.events.filter((e) => e.id !== undefined).map((e) => e.id));
    // While the visitor is disconnected, both sides go on talking (nginx sends them to the survivor).
    const missed1 = await staff("POST", `/api/admin/chats/${sessionId}/messages`, { content: "Are you still there?" });
    const missed2 = await say("Yes, my connection dropped. How much is a VPS?");
    check(
      missed1.status === 200 && missed2.status === 200,
      "messages during the outage are taken by the other instance",
    );
    // The browser reconnects as EventSource does: Last-Event-ID.
    const second = openStream(
      `/api/ai-chat/stream?sessionId=${sessionId}`,
      { ...visitor, "last-event-id": String(lastId) },
      address,
    );
    await second.opened;
    check(
      Number(String(second.upstream).split(":").pop()) === ports.app[1 - victim],
      `the reconnect reaches the other instance (${second.upstream})`,
    );
    await second.waitFor((e) => e.event === "message" && e.data.content === "Are you still there?");
    await staff("POST", `/api/admin/chats/${sessionId}/messages`, { content: "A VPS starts at 15,000 RWF a month." });
    await second.waitFor((e) => e.event === "message" && e.data.content === "A VPS starts at 15,000 RWF a month.");

    const received = [...first.events, ...second.events].filter((e) => e.event === "message" && e.id !== undefined);
    const ids = received.map((e) => e.id);
    const detail = await staff("GET", `/api/admin/chats/${sessionId}`);
    const stored = detail.json.messages.filter((m) => m.role === "user" || m.role === "agent").map((m) => m.content);
    const got = received.map((e) => e.data.content);
    check(
      new Set(ids).size === ids.length,
      `no chat event arrived twice (${ids.length} events across two connections)`,
    );
    const missing = stored.filter((content) => !got.includes(content));
    check(
      missing.length === 0,
      `every visitor and agent message arrived (${stored.length} stored, missing: ${missing.length})`,
    );
    second.close();
    startInstance(victim);
    await waitReady(victim);
  }

  // 4. A rolling upgrade under load, as docs/deploy.md (section 10) does it: a new build in a new
  // release beside the running one, the current release's hashed files carried into it, the link
  // switched, then the instances restarted one at a time. 50 connections on the home page, an API
  // read and the old pages' stylesheet (what a page still held by an old instance, the page cache
  // or an open tab asks for): 0 failures.
  {
    const english = { "accept-language": "en" };
    const before = await request("GET", "/?before-upgrade", { headers: english });
    const oldCss = before.text.match(/href="(\/assets\/[^"]+\.css)"/)?.[1] ?? "";
    const newCss = nextBuild(release("r1"), release("r2"), oldCss);
    check(
      oldCss !== "" && !existsSync(path.join(release("r2"), "build/client", oldCss)),
      `the new release's build no longer has the old pages' stylesheet (${oldCss})`,
    );
    const load = autocannon({
      url: `https://127.0.0.1:${ports.https}`,
      connections: 50,
      duration: 120,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: "/api/vps/catalog" },
        { method: "GET", path: oldCss },
      ],
    });
    const done = new Promise((resolve) => load.on("done", resolve));
    await delay(2000);
    // The guide's commands, run as it gives them.
    run(process.execPath, [path.join(root, "scripts/carry-assets.mjs"), app, release("r2")]);
    run("ln", ["-sfn", release("r2"), `${app}.next`]);
    run("mv", ["-T", `${app}.next`, app]);
    const restarts = [];
    for (const index of [0, 1]) {
      const t0 = Date.now();
      const exit = await stopInstance(index, "SIGTERM");
      startInstance(index);
      await waitReady(index);
      restarts.push(`instance ${index + 1}: exit ${exit.code ?? exit.signal}, back in ${Date.now() - t0} ms`);
      // As docs/deploy.md says: nginx rests a failed instance for fail_timeout (5 s) even once it is back.
      await delay(6000);
    }
    load.stop();
    const result = await done;
    const failed = result.errors + result.timeouts + result.non2xx;
    figures.rollingRestart = {
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      failed,
      p99ms: result.latency.p99,
      restarts,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, v]) => [code, v.count])),
    };
    check(
      failed === 0 && result.requests.total > 0,
      `rolling upgrade under load: ${result.requests.total} requests, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx (${restarts.join("; ")})`,
    );
    const after = await request("GET", "/?after-upgrade", { headers: english });
    const [served, carried] = await Promise.all([request("GET", newCss), request("GET", oldCss)]);
    check(
      after.text.includes(newCss) && !after.text.includes(oldCss) && served.status === 200 && carried.status === 200,
      `after the upgrade pages link the new stylesheet (${served.status}) and the old one is still served (${carried.status})`,
    );
  }

  // 6. Metrics: on each instance's loopback port, not through nginx nor on the app's port.
  {
    const metrics = await request("GET", "/metrics", { to: ports.metrics[0] });
    check(
      metrics.status === 200 &&
        metrics.text.includes("http_request_duration_seconds") &&
        metrics.text.includes("kts_sse_streams_open"),
      `/metrics answers on 127.0.0.1:${ports.metrics[0]}`,
    );
    const publicMetrics = await request("GET", "/metrics");
    const appMetrics = await request("GET", "/metrics", { to: ports.app[0] });
    check(
      publicMetrics.status === 404 && appMetrics.status === 404,
      `/metrics is not public (nginx ${publicMetrics.status}, app port ${appMetrics.status})`,
    );
  }

  // 5. Backup, wipe, restore (last: it stops the instances).
  {
    const paid = await request("POST", "/api/hosted-payment", {
      localAddress: clientAddress(),
      body: { phoneNumber: "250783456789", amount: 1000, currency: "RWF", description: "Web hosting", country: "RWA" },
    });
    check(paid.status === 200 || paid.status === 201, `a payment is created (${paid.status})`);
    const before = await counts();
    check(
      before.enquiries > 0 && before.payments > 0 && before.chatMessages > 0,
      `data to save: ${JSON.stringify(before)}`,
    );
    const file = path.join(tmp, "backup.dump");
    const env = { DATABASE_URL: databaseUrl };
    run(process.execPath, ["scripts/db-backup.mjs", "backup", file], env);
    const refused = spawnSync(process.execPath, ["scripts/db-backup.mjs", "restore", file], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    check(
      refused.status !== 0 && /--force/.test(refused.stderr),
      "restore refuses a non-empty database without --force",
    );
    await stopInstance(0);
    await stopInstance(1);
    const wiper = new pg.Client({ connectionString: databaseUrl });
    await wiper.connect();
    await wiper.query("drop schema public cascade; create schema public; drop schema if exists drizzle cascade");
    await wiper.end();
    const wiped = await counts();
    check(wiped.enquiries === -1 && wiped.payments === -1, "the database is wiped");
    run(process.execPath, ["scripts/db-backup.mjs", "restore", file], env);
    const after = await counts();
    check(JSON.stringify(after) === JSON.stringify(before), `restored: ${JSON.stringify(after)}`);
    startInstance(0);
    await waitReady(0);
    const home = await request("GET", "/");
    check(home.status === 200, "an instance starts on the restored database and serves the site");
  }
}

let crashed = null;
try {
  await main();
} catch (error) {
  crashed = error;
  failures += 1;
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
console.log("\nFigures:", JSON.stringify(figures, null, 2));
console.log(
  `test:deploy ${failures === 0 ? "passed" : `FAILED (${failures})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (failures === 0) rmSync(tmp, { recursive: true, force: true });
else console.log(`logs kept in ${tmp}`);
process.exit(failures === 0 && !crashed ? 0 : 1);
