import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{contracts,content,server,web,tests/unit}/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/no-outbound-connections.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core to itself (cores - 1), which on a two-core machine runs one file at a
    // time. The files mostly wait (databases, loopback doubles, child processes), so two at once
    // took 9.8 min here, against 12.7 for one at a time in the last CI run (2565 tests, with
    // PostgreSQL and Redis).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
