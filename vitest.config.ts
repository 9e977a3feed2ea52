import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{contracts,content,server,web,tests/unit}/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/no-outbound-connections.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
