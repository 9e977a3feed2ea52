import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import catalog from "../../i18n/locales/en/admin.json";
import { actionLabel, targetLabel } from "./audit-format.ts";

// Every action and target type the server writes to the audit log, read from its source, so a new
// one without a label fails here instead of showing staff a raw name like `chat.accept`.
const serverRoot = path.resolve(import.meta.dirname, "../../../../server");
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}
const audited = sources(serverRoot)
  .map((file) => readFileSync(file, "utf8"))
  .filter((text) => text.includes("recordAudit("))
  .join("\n");
const found = (pattern: RegExp) => [...new Set([...audited.matchAll(pattern)].map((m) => m[1]!))].sort();
const actions = found(/action: (?:[^"\n]*\? )?"([a-z_]+(?:\.[a-z_]+)+)"/g).concat(
  found(/: "(payment\.refund\.[a-z]+)"/g),
);
const targets = found(/targetType: "([a-z_]+)"/g);

const i18n = createInstance();
await i18n.init({ lng: "en", ns: ["admin"], defaultNS: "admin", resources: { en: { admin: catalog } } });
const t = i18n.getFixedT("en", "admin");

describe("the audit log's words", () => {
  it("finds the actions and targets the server records", () => {
    expect(actions).toEqual(expect.arrayContaining(["chat.accept", "person.erased", "vps.order.status"]));
    expect(targets).toEqual(expect.arrayContaining(["chat_session", "person", "vps_order"]));
  });

  it.each(actions)("labels the action %s in words", (action) => {
    const label = actionLabel(t, action);
    expect(label).not.toBe(action);
    expect(label).toMatch(/^[A-Z]/);
  });

  it.each(targets)("labels the target type %s in words", (type) => {
    expect(targetLabel(t, type)).not.toBe(type);
  });
});
