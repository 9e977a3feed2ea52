// First, as in root.tsx: the setting is written before Zod is loaded.
import "./zod-jitless.ts";
import { config } from "zod/v4/core";
import { describe, expect, it } from "vitest";

describe("zod-jitless", () => {
  it("turns Zod's eval probe off without importing Zod", () => {
    expect(config().jitless).toBe(true);
  });
});
