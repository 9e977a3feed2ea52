import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

/** A free loopback port, chosen by the system (never a fixed number that another run may hold). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/** The environment every browser test's server runs with, over an empty embedded database. */
export const baseEnv = {
  HOST: "127.0.0.1",
  DATABASE_URL: "",
  REDIS_URL: "",
  SMTP_URL: "",
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-admin-password-1",
  // The specs sign in as this admin with a password alone; admin.spec.ts sets up two-factor sign-in
  // for an agent through the screens, and admin-two-factor.spec.ts turns the requirement on for its
  // own servers (testWithOwnServer in fixtures.ts).
  REQUIRE_ADMIN_TOTP: "false",
  // Chat agents answer around the clock here, and a wait times out quickly enough to test.
  CHAT_HOURS: "always",
  CHAT_AGENT_WAIT_SECONDS: "20",
};

/**
 * Starts the built server (dist/server/main.js) on a free port with its own data folder, and
 * resolves once it answers /readyz. Each Playwright worker has its own (tests/e2e/fixtures.ts).
 * Another process may take the port between the probe and the server's listen (the registry doubles
 * and other runs listen too): the server then exits, and it is started again on another port.
 */
export async function startSiteServer(env: Record<string, string>): Promise<SiteServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<SiteServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      ...baseEnv,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-data-")),
      ...env,
      PORT: String(port),
      // Payment return URLs and email links are built from it: the address the browser uses.
      PUBLIC_URL: url,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the e2e server exited with code ${String(code)} before it was ready`);
  });
  exited.catch(() => undefined);
  // Until the server says it listens, an answer on the port may come from another process.
  const listening = new Promise<void>((resolve) =>
    child.on("message", (message: { type?: string }) => {
      if (message.type === "listening") resolve();
    }),
  );
  await Promise.race([listening, exited]);
  child.disconnect();
  // Readiness is a property of the server, polled as Playwright's own webServer option does.
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    async close() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
