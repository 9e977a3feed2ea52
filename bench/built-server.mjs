// The built server (dist/server/main.js) on a spare port over a throwaway embedded database, for the
// benches that load the site in a browser. Run after `npm run build`.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Starts the server, waits until it answers /readyz, and returns its origin and how to stop it. */
export async function startBuiltServer({ port, stdio = ["ignore", "ignore", "inherit"] }) {
  if (!existsSync("dist/server/main.js")) throw new Error("No build found: run `npm run build` first.");
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-site-"));
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "bench-admin-password-1",
    },
    stdio,
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  /** Stops the server and, once it has let go of them, removes its files. */
  const stop = async () => {
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 150; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error("server did not start");
}
