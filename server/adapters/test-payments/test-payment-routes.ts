import type { FastifyPluginAsync } from "fastify";
import { isLanguage, localizePath, type Language } from "#contracts/languages.ts";
import { currentLanguage, serverT } from "../../lib/i18n.ts";
import type { TestPaymentProvider } from "./test-payment-provider.ts";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page speaks the language the payment was started from (its return URL names it), else the browser's. */
function languageOf(returnUrl: string | null | undefined): Language {
  if (!returnUrl) return currentLanguage();
  const lang = new URL(returnUrl).searchParams.get("lang");
  return isLanguage(lang) ? lang : "en";
}

function texts(language: Language) {
  const t = (key: string) => escape(serverT(`payments.testPage.${key}`, { lng: language }));
  const page = (body: string) => `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("title")}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body style="font-family:system-ui,sans-serif;background:#fff7ed;margin:0;color:#111827">
<div role="alert" style="background:#b91c1c;color:#fff;padding:12px 16px;font-weight:700;text-align:center">${t("banner")}</div>
<main style="max-width:28rem;margin:2rem auto;background:#fff;border:3px dashed #b91c1c;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-size:12px;font-weight:800;letter-spacing:.1em;color:#b91c1c">TEST MODE</p>${body}</main></body></html>`;
  const expired = () =>
    page(
      `<h1 style="font-size:20px">${t("expired")}</h1><p><a href="${localizePath("/payment", language)}">${t("back")}</a></p>`,
    );
  return { t, page, expired };
}

/** The TEST MODE payment page: the tester approves, declines, or lets the session time out. */
export const testPaymentRoutes: FastifyPluginAsync<{ provider: TestPaymentProvider }> = async (app, { provider }) => {
  // The page's buttons are plain HTML forms (no script): their bodies carry nothing we read.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) =>
    done(null, {}),
  );
  app.get<{ Params: { id: string } }>("/test-payments/:id", async (request, reply) => {
    const row = /^[0-9a-f-]{36}$/i.test(request.params.id) ? await provider.session(request.params.id) : null;
    const { t, page, expired } = texts(languageOf(row?.returnUrl));
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!row || row.status !== "OPEN" || row.expiresAt.getTime() < Date.now()) {
      return reply.status(410).send(expired());
    }
    const line = (label: string, value: string) =>
      `<div style="display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid ` +
      `#e5e7eb"><span>${label}</span><strong>${escape(value)}</strong></div>`;
    const button = (decision: string, label: string, colour: string) =>
      `<form method="post" action="/test-payments/${row.id}/${decision}" style="margin-top:12px">` +
      `<button type="submit" style="width:100%;padding:12px;border:0;border-radius:8px;background:${colour};` +
      `color:#fff;font-size:16px;font-weight:600;cursor:pointer">${label}</button></form>`;
    return page(
      `<h1 style="font-size:22px;margin:0 0 16px">${t("title")}</h1>` +
        line(t("amount"), `${row.amount} ${row.currency}`) +
        line(t("phone"), `+${row.phoneNumber}`) +
        line(t("description"), row.customerMessage ?? "") +
        line(t("reference"), row.id) +
        button("approve", t("approve"), "#15803d") +
        button("decline", t("decline"), "#b91c1c") +
        button("timeout", t("timeout"), "#4b5563"),
    );
  });

  app.post<{ Params: { id: string; decision: string } }>("/test-payments/:id/:decision", async (request, reply) => {
    const { id, decision } = request.params;
    const { t, page, expired } = texts(currentLanguage());
    if (!/^[0-9a-f-]{36}$/i.test(id) || !["approve", "decline", "timeout"].includes(decision))
      return reply
        .status(404)
        .type("text/html; charset=utf-8")
        .send(page(`<h1>${t("expired")}</h1>`));
    const row = await provider.decide(id, decision as "approve");
    if (!row?.returnUrl) return reply.status(410).type("text/html; charset=utf-8").send(expired());
    // Back to the merchant's return URL with the depositId, as pawaPay does.
    const url = new URL(row.returnUrl);
    url.searchParams.set("depositId", row.id);
    return reply.redirect(url.toString(), 303);
  });
};
