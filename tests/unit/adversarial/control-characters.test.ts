import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../support/admin.ts";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

const answers = {
  projectType: "mobile-app",
  audience: "medium",
  growth: "fast",
  budget: "high",
  currency: "KES",
  timeline: "normal",
  skills: ["dart"],
  mustHaves: ["offline", "mobile-money"],
  hosting: "no-preference",
};
const contact = {
  firstName: "Aline",
  lastName: "Uwase",
  email: "aline@example.rw",
  service: "cloud-infrastructure",
  message: "We need a managed VPS for our booking system.",
};
const consultation = { firstName: "Wanjiku", lastName: "Kamau", email: "wanjiku@example.ke" };

/** Characters no text field takes: C0 controls (line breaks aside), DEL, C1 controls, lone surrogates. */
const forbidden = ["\u0000", "\u0001", "\u0008", "\u001b", "\u007f", "\u0085", "\u009b", "\ud800"];
/** Line breaks, refused in single-line fields (finding 13). */
const lineBreaks = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u000b", "\u000c"];

describe.each(databaseBackends())(
  "control characters and line breaks on $name (issue 16, findings 5 and 13)",
  (backend) => {
    let cleanup: () => Promise<void>;
    let app: FastifyInstance;
    let staffCookie: string;
    let projectId: string;
    let ip = 0;
    const lines: string[] = [];
    const send = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method, url, payload, headers, remoteAddress: `100.80.${Math.floor(++ip / 250)}.${ip % 250}` });

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      const stream = new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      });
      app = await testApp(opened.database, { logger: { level: "info", stream } });
      const ann = await createStaffUser(opened.database.db, "ann", "admin");
      staffCookie = await signIn(app, "ann", ann.password);
      projectId = (await send("POST", "/api/projects", { answers })).json<{ id: string }>().id;
    });
    afterAll(async () => {
      await app.close();
      await cleanup();
    });

    /** Each route the attack reached with a NUL, and the field it put it in. */
    const routes = (bad: string) => [
      {
        name: "contact first name",
        method: "POST" as const,
        url: "/api/contact",
        payload: { ...contact, firstName: `Al${bad}ine` },
        field: "firstName",
      },
      {
        name: "contact message",
        method: "POST" as const,
        url: "/api/contact",
        payload: { ...contact, message: `${contact.message}${bad}` },
        field: "message",
      },
      {
        name: "chat message",
        method: "POST" as const,
        url: "/api/ai-chat",
        payload: { message: `hello${bad}there`, sessionId: `chat_${Date.now()}` },
        field: "message",
      },
      {
        name: "consultation notes",
        method: "POST" as const,
        url: () => `/api/projects/${projectId}/consultation`,
        payload: { ...consultation, notes: `Nakuru${bad}` },
        field: "notes",
      },
      {
        name: "consultation last name",
        method: "POST" as const,
        url: () => `/api/projects/${projectId}/consultation`,
        payload: { ...consultation, lastName: `Ka${bad}mau` },
        field: "lastName",
      },
      {
        name: "sign-in username",
        method: "POST" as const,
        url: "/api/admin/login",
        payload: { username: `ann${bad}`, password: "whatever-password" },
        field: "username",
        headers: { origin: SITE_ORIGIN },
      },
      {
        name: "admin enquiry search",
        method: "GET" as const,
        url: `/api/admin/enquiries?q=${bad === "\ud800" ? "" : encodeURIComponent(`aline${bad}`)}`,
        field: "q",
        staff: true,
      },
    ];

    for (const character of forbidden) {
      const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      // A lone surrogate cannot travel in a URL (it decodes to U+FFFD): bodies only.
      const reachable = routes(character).filter((route) => route.method === "POST" || character !== "\ud800");
      it.each(reachable)(`refuses ${code} in the $name with a 400 naming $field`, async (route) => {
        lines.length = 0;
        const url = typeof route.url === "function" ? route.url() : route.url;
        const headers = { ...(route.headers ?? {}), ...(route.staff ? asStaff(staffCookie) : {}) };
        const response = await send(route.method, url, route.payload, headers);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().fields)).toEqual([route.field]);
        expect(lines.join("\n")).not.toMatch(/Aline|aline|Kamau|Nakuru|hello/);
      });
    }

    for (const lineBreak of lineBreaks) {
      const shown = JSON.stringify(lineBreak);
      it(`refuses ${shown} in single-line fields, naming the field`, async () => {
        const cases = [
          {
            url: "/api/contact",
            payload: { ...contact, firstName: `Aline${lineBreak}Email: evil@example.com` },
            field: "firstName",
          },
          { url: "/api/contact", payload: { ...contact, lastName: `Uwase${lineBreak}Service: x` }, field: "lastName" },
          {
            url: "/api/contact",
            payload: { ...contact, email: `aline@example.rw${lineBreak}Bcc: x@example.com` },
            field: "email",
          },
          {
            url: `/api/projects/${projectId}/consultation`,
            payload: { ...consultation, firstName: `W${lineBreak}Email: x` },
            field: "firstName",
          },
        ];
        for (const { url, payload, field } of cases) {
          const response = await send("POST", url, payload);
          expect(response.statusCode, `${field} at ${url}`).toBe(400);
          expect(Object.keys(response.json().fields)).toEqual([field]);
        }
      });
    }

    it("keeps line breaks and tabs in multi-line fields", async () => {
      const message = "Line one of our request,\nline two\r\nand\ta tab.";
      expect((await send("POST", "/api/contact", { ...contact, message })).statusCode).toBe(201);
      const notes = "We launch in Nakuru first.\nThen Mombasa.";
      expect(
        (await send("POST", `/api/projects/${projectId}/consultation`, { ...consultation, notes })).statusCode,
      ).toBe(201);
      const chat = await send("POST", "/api/ai-chat", {
        message: "Hello,\ndo you host websites?",
        sessionId: `chat_${Date.now()}`,
      });
      expect(chat.statusCode).toBe(200);
    });

    it("keeps every script and emoji a visitor may write", async () => {
      const names = {
        firstName: "Иван Ñúñez",
        lastName: "Mukamana-Uwase 王 😀",
        message: "Muraho! Habari? Bonjour 👋🏾 — شكرا",
      };
      expect((await send("POST", "/api/contact", { ...contact, ...names })).statusCode).toBe(201);
    });
  },
);
