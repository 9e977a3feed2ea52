import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingNames } from "./config.ts";

const readmeRows = readFileSync(new URL("../README.md", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("| `"));
const example = readFileSync(new URL("../.env.example", import.meta.url), "utf8");

/** `EPP_KENIC_TLDS` is one of a family the README writes once as `EPP_<ID>_TLDS`. */
const family = (name: string) => name.replace(/^EPP_(RICTA|KENIC|UG|GATEWAY)_/, "EPP_<ID>_");

// Issue 21: every setting in the README's table and in .env.example, so an operator finds each one.
describe("the settings the server reads", () => {
  it("are many enough to mean the list was read", () => {
    expect(settingNames.length).toBeGreaterThan(40);
  });

  it.each(settingNames)("documents %s in the README's table and in .env.example", (name) => {
    const names = [name, family(name)];
    expect(readmeRows.some((row) => names.some((n) => row.includes(`\`${n}\``)))).toBe(true);
    // .env.example shows one registry in full and names the others' families.
    const shown = name.replace(/^EPP_(KENIC|UG|GATEWAY)_/, "EPP_RICTA_");
    expect(example).toMatch(new RegExp(`^#?\\s*${shown}=`, "m"));
  });
});
