import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm run admin", () => {
  let dataDir: string;
  const admin = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "server/cli/admin-cli.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "admin-cli-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    "creates, lists and resets staff, and names what is wrong with bad input",
    async () => {
      expect(await admin("create-user", "amina", "--role", "admin", "--password", "short")).toEqual({
        code: 1,
        out: expect.stringContaining("password: Password must be at least 12 characters"),
      });
      expect(
        await admin(
          "create-user",
          "amina",
          "--name",
          "Amina Mukamana",
          "--role",
          "admin",
          "--password",
          "a-long-enough-password",
        ),
      ).toEqual({
        code: 0,
        out: expect.stringContaining("Created admin amina."),
      });
      expect((await admin("create-user", "amina", "--password", "a-long-enough-password")).code).toBe(1);
      const listed = await admin("list");
      expect(listed.out).toContain("Amina Mukamana");
      expect((await admin("reset-password", "amina", "--password", "another-long-password")).out).toContain(
        "Password reset for amina",
      );
      expect((await admin("reset-password", "nobody", "--password", "another-long-password")).code).toBe(1);
      expect((await admin("frobnicate")).out).toContain('Unknown command "frobnicate"');
      // Seven processes, each starting Node, tsx and the embedded database: each gets the 30 s any test gets.
    },
    7 * 30_000,
  );
});
