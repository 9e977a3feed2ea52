import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Resolves once the server says it holds its port (its IPC message), however long a loaded machine
 * takes to start it; fails at once if it exits first. The hook's timeout is the only clock.
 */
function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on("message", (message: { type?: string }) => {
      if (message.type === "listening") resolve();
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

describe("the server process", () => {
  let dataDir: string;
  let port: number;
  let child: ChildProcess;
  let output = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "shutdown-"));
    port = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: "/nonexistent",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitForListening(child);
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("finishes a request that is in flight when SIGTERM arrives, then exits cleanly", async () => {
    const body = JSON.stringify({
      firstName: "Grace",
      lastName: "Wanjiru",
      email: "grace@example.ke",
      service: "cybersecurity-compliance",
      message: "We would like a penetration test before launch.",
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/contact",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      // Half the body now, SIGTERM, then the rest: the request is in flight during shutdown.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    const answer = await response;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toHaveProperty("id");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
    expect(output).toContain("stopped");
  }, 60_000);
});
