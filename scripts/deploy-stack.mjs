// The production shape of docs/deploy.md on this machine, shared by `npm run test:deploy` (which
// proves it) and `npm run bench:proxy` (which measures it): a throwaway PostgreSQL database, a
// self-signed certificate, Debian's nginx running deploy/nginx/kts.conf on loopback ports, and app
// instances from the build (dist/server) started with the guide's environment.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command to its end, its output on ours; throws unless it exits 0. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

/** Loopback ports for one run, spread by process id so that runs side by side do not collide. */
export function stackPorts(instances = 2) {
  const base = 20000 + (process.pid % 2000) * 10;
  return {
    app: Array.from({ length: instances }, (_, i) => base + 1 + i),
    metrics: Array.from({ length: instances }, (_, i) => base + 1 + instances + i),
    http: base + 1 + 2 * instances,
    https: base + 2 + 2 * instances,
    direct: base + 3 + 2 * instances,
  };
}

/** Creates database `name` on the server of `adminUrl`; `drop()` removes it, connections and all. */
export async function throwawayDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A self-signed certificate for localhost in `dir` (cert.pem, key.pem), standing in for certbot's. */
export function selfSignedCertificate(dir) {
  const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
  spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"].concat([
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  if (!existsSync(cert)) throw new Error("openssl did not make a certificate");
  return { cert, key };
}

/**
 * Writes `dir`/nginx.conf: deploy/nginx/kts.conf moved to loopback ports, this build and the
 * certificate of selfSignedCertificate(dir), plus a server on `ports.direct` that serves the
 * built site straight from disk (the yardstick of bench:proxy). `edits` are further [from, to]
 * replacements in the site file, each of which must apply. `app` stands for /opt/kts/app (the
 * current release; the project itself unless given).
 */
export function writeNginxConfig({ root, dir, ports, edits = [], app = root }) {
  let site = readFileSync(path.join(root, "deploy/nginx/kts.conf"), "utf8");
  const replace = (from, to) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx/kts.conf no longer contains "${from}"`);
    site = site.split(from).join(to);
  };
  replace("listen [::]:80;\n", "");
  replace("listen [::]:443 ssl http2;\n", "");
  replace("listen 80;", `listen 127.0.0.1:${ports.http};`);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
  const servers = site.match(/ *server 127\.0\.0\.1:300\d [^\n]*\n/g) ?? [];
  if (servers.length === 0) throw new Error("deploy/nginx/kts.conf lists no instance");
  replace(
    servers.join(""),
    ports.app.map((port) => servers[0].replace(/127\.0\.0\.1:300\d/, `127.0.0.1:${port}`)).join(""),
  );
  replace("/etc/letsencrypt/live/www.example.rw/fullchain.pem", path.join(dir, "cert.pem"));
  replace("/etc/letsencrypt/live/www.example.rw/privkey.pem", path.join(dir, "key.pem"));
  replace("/opt/kts/app/build/client", path.join(app, "build/client"));
  replace("/var/www/letsencrypt", path.join(dir, "acme"));
  replace("/var/lib/nginx/kts-pages", path.join(dir, "pages"));
  replace("return 301 https://$host$request_uri;", `return 301 https://$host:${ports.https}$request_uri;`);
  for (const [from, to] of edits) replace(from, to);
  writeFileSync(path.join(dir, "site.conf"), site);
  // The same TLS and HTTP/1.1 as the site, and the site's own .gz files (gzip_static).
  const direct = `server {
    listen 127.0.0.1:${ports.direct} ssl;
    ssl_certificate ${path.join(dir, "cert.pem")};
    ssl_certificate_key ${path.join(dir, "key.pem")};
    root ${path.join(root, "build/client")};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
}\n`;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/site.conf;
    ${direct}
}\n`,
  );
}

/** Checks and starts nginx on `dir`/nginx.conf; `stop()` ends it gracefully. */
export function startNginx(dir) {
  const binary = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  run(binary, ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")]);
  const nginx = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" });
  return {
    pid: nginx.pid,
    stop: () =>
      new Promise((resolve) => {
        if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
        nginx.on("exit", resolve);
        nginx.kill("SIGQUIT");
      }),
  };
}

/**
 * App instances as the guide runs them (NODE_ENV=production, TRUST_PROXY=127.0.0.1, migrations
 * their own step, a metrics port each), logging to `dir`/appN.log. `env` adds or overrides variables;
 * `app` is their working directory (/opt/kts/app, the current release), `root` has the server code.
 */
export function appInstances({ root, dir, ports, databaseUrl, redisUrl, publicUrl, env = {}, app = root }) {
  const credentialsKey = randomBytes(32).toString("base64");
  const children = ports.app.map(() => null);
  const instanceEnv = (index) => ({
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(ports.app[index]),
    METRICS_PORT: String(ports.metrics[index]),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    PAYMENTS_TEST_MODE: "true",
    VPS_CREDENTIALS_KEY: credentialsKey,
    MIGRATE_ON_START: "false",
    CHAT_HOURS: "always",
    CHROME_PATH: "off",
    LOG_LEVEL: "warn",
    SHUTDOWN_TIMEOUT_MS: "10000",
    ...env,
  });
  const getReady = (port) =>
    new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/readyz", agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
      req.setTimeout(2000, () => req.destroy());
    });
  return {
    children,
    start(index) {
      const out = openSync(path.join(dir, `app${index + 1}.log`), "a");
      const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
        // As systemd's WorkingDirectory: the built site is ./build/client under it.
        cwd: app,
        env: instanceEnv(index),
        stdio: ["ignore", out, out],
      });
      children[index] = child;
      child.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
      return child;
    },
    async waitReady(index, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (await getReady(ports.app[index])) return;
        if (children[index]?.exitCode !== null) break;
        await delay(100);
      }
      throw new Error(`instance ${index + 1} did not become ready; see ${dir}/app${index + 1}.log`);
    },
    async stop(index, signal = "SIGTERM") {
      const child = children[index];
      if (!child || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode };
      child.kill(signal);
      return child.exited;
    },
    stopAll() {
      return Promise.all(children.map((_, index) => this.stop(index)));
    },
  };
}
