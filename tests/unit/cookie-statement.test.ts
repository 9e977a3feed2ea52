import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cookieStatement } from "#content/legal.ts";
import { CHAT_MUTED_KEY } from "#contracts/chat.ts";
import { LANGUAGE_COOKIE } from "#contracts/languages.ts";
import { CUSTOMER_COOKIE } from "#server/modules/account/account-routes.ts";
import { SESSION_COOKIE } from "#server/lib/admin-guard.ts";
import { CHAT_COOKIE } from "#server/modules/chat/chat-routes.ts";
import { THEME_STORAGE_KEY } from "#web/lib/theme.ts";
import { ADVISOR_DRAFT_KEY, DOMAIN_CURRENCY_KEY } from "#web/lib/tool-storage.ts";

/** The cookie statement lists what the app really sets: a new cookie or storage key fails this until it is listed. */
const root = path.resolve(import.meta.dirname, "../..");
const listed = cookieStatement.cookies.map((cookie) => cookie.id);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the cookie statement", () => {
  it("lists every cookie and storage key the server and the site set", () => {
    for (const name of [
      LANGUAGE_COOKIE,
      SESSION_COOKIE,
      CHAT_COOKIE,
      CUSTOMER_COOKIE,
      THEME_STORAGE_KEY,
      DOMAIN_CURRENCY_KEY,
      ADVISOR_DRAFT_KEY,
      CHAT_MUTED_KEY,
    ]) {
      expect(listed).toContain(name);
    }
    for (const literal of ["kts-chat-session", "chat-open"]) expect(listed).toContain(literal);
  });

  it("has looked at every place that sets one", () => {
    const setters = /\b(setCookie|serializeCookie)\(|document\.cookie\s*=|\.setItem\(/g;
    const sites = [...sourceFiles(path.join(root, "server")), ...sourceFiles(path.join(root, "web/src"))].flatMap(
      (file) => [...readFileSync(file, "utf8").matchAll(setters)].map(() => path.relative(root, file)),
    );
    // Each file below sets exactly the listed items above; a new file here needs its cookie listed.
    expect([...new Set(sites)].sort()).toEqual([
      "server/modules/account/account-routes.ts",
      "server/modules/admin/auth-routes.ts",
      "server/modules/chat/chat-routes.ts",
      "web/src/components/layout/language-switcher.tsx",
      "web/src/features/advisor/advisor-state.ts",
      "web/src/features/chat/chat-state.ts",
      "web/src/features/chat/open-state.ts",
      "web/src/features/chat/use-chat.ts",
      "web/src/features/domains/domain-format.ts",
      "web/src/lib/theme.ts",
    ]);
  });
});
