import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/support/databases.ts";
import { testApp } from "../../tests/support/test-app.ts";
import { currentLanguage, requestLanguage, serverT } from "./i18n.ts";

describe("serverT", () => {
  it("speaks English outside a request, and the request's language inside one", () => {
    expect(currentLanguage()).toBe("en");
    expect(serverT("invalidJson")).toBe("The request body is not valid JSON");
    expect(requestLanguage.run("fr", () => serverT("invalidJson"))).toBe(
      "Le corps de la requête n'est pas un JSON valide",
    );
    expect(requestLanguage.run("sw", () => serverT("invalidJson"))).toBe("Maudhui ya ombi si JSON halali");
  });

  it("lets the caller name the language (a stored chat's or order's), whatever the request's", () => {
    expect(requestLanguage.run("sw", () => serverT("chat.queued", { ns: "chat", lng: "fr" }))).toMatch(
      /file d'attente/,
    );
    expect(serverT("chat.queued", { ns: "chat", lng: "en" })).toMatch(/in the queue/);
    // A stored value that is not one of ours reads as English.
    expect(serverT("chat.queued", { ns: "chat", lng: "de" })).toMatch(/in the queue/);
  });

  it("refuses a message English does not have, in any language", () => {
    expect(() => serverT("noSuchMessage")).toThrow("missing server message: errors:noSuchMessage");
    expect(() => requestLanguage.run("fr", () => serverT("noSuchMessage"))).toThrow("missing server message");
  });
});

describe.each(databaseBackends())("answers in the visitor's language on $name", (backend) => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    cleanup = opened.cleanup;
    app = await testApp(opened.database, {
      extend: (instance) => {
        instance.get("/api/test-rate-limited", { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
          ok: true,
        }));
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const notFound = (headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/nothing-here", headers });

  it("answers a 4xx in French when the request asks for French", async () => {
    const response = await notFound({ "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: "not_found",
      message: expect.stringMatching(/^Point d'accès inexistant\s: POST \/api\/nothing-here$/),
    });
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it("answers in English when the request names no language, or none of ours", async () => {
    for (const headers of [{}, { "accept-language": "de-DE,de;q=0.9" }, { "accept-language": "*" }] as Record<
      string,
      string
    >[]) {
      expect((await notFound(headers)).json().message).toBe("No such endpoint: POST /api/nothing-here");
    }
  });

  it("takes the visitor's best-ranked language among ours", async () => {
    expect((await notFound({ "accept-language": "de, sw;q=0.8, fr;q=0.5" })).json().message).toBe(
      "Hakuna sehemu kama hii: POST /api/nothing-here",
    );
    expect((await notFound({ "accept-language": "rw" })).json().message).toBe(
      requestLanguage.run("rw", () => serverT("notFound", { method: "POST", url: "/api/nothing-here" })),
    );
  });

  it("speaks the language for errors raised while reading the body, by routes and by the rate limit", async () => {
    const badJson = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json", "accept-language": "fr" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe("Le corps de la requête n'est pas un JSON valide");

    const notPlain = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "text/plain", "accept-language": "sw" },
      payload: "hello",
    });
    expect(notPlain.statusCode).toBe(415);
    expect(notPlain.json().message).toBe("Tuma maudhui ya ombi kama application/json");

    const chat = await app.inject({
      method: "POST",
      url: "/api/ai-chat/cancel",
      headers: { "accept-language": "fr" },
      payload: { sessionId: "chat_1700000000999" },
    });
    expect(chat.statusCode).toBe(404);
    expect(chat.json().message).toMatch(/^sessionId\s: discussion introuvable$/);

    const first = await app.inject({
      method: "GET",
      url: "/api/test-rate-limited",
      headers: { "accept-language": "fr" },
      remoteAddress: "10.77.0.1",
    });
    expect(first.statusCode).toBe(200);
    const limited = await app.inject({
      method: "GET",
      url: "/api/test-rate-limited",
      headers: { "accept-language": "fr" },
      remoteAddress: "10.77.0.1",
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Trop de requêtes\. Veuillez réessayer dans \d+ secondes\.$/);
  });

  it("keeps concurrent requests in their own languages", async () => {
    const languages = ["fr", "sw", "en", "rw", "fr", "en", "sw", "rw"];
    const answers = await Promise.all(languages.map((language) => notFound({ "accept-language": language })));
    answers.forEach((answer, index) => {
      const language = languages[index]!;
      expect(answer.json().message).toBe(
        requestLanguage.run(language as "fr", () => serverT("notFound", { method: "POST", url: "/api/nothing-here" })),
      );
    });
  });
});
