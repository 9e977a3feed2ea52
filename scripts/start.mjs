// `npm start`: builds whatever is not built yet, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// Settings from .env, when present (see .env.example); real environment variables win.
if (existsSync(".env")) {
  const saved = { ...process.env };
  process.loadEnvFile(".env");
  Object.assign(process.env, saved);
}

const built = existsSync("build/client/index.html") && existsSync("dist/server/main.js");
if (!built) {
  console.log("First start: building the site and server (about a minute)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/main.js");
