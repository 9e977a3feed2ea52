import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { company } from "#content/company.ts";
import { loadCatalogs } from "../../i18n/index.ts";
import ChatPanel from "./chat-panel.tsx";

// The chat widget offers WhatsApp whatever the chat's state, so also when no agent is online (the
// server's "nobody available" messages carry the same link; see the chat API tests).
describe("the chat widget's WhatsApp link", () => {
  it("is offered in the chat widget", async () => {
    await loadCatalogs("en", ["chat", "content-company"]);
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ChatPanel open onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain("Prefer WhatsApp?");
    expect([...html.matchAll(/href="([^"]+)"/g)].filter((m) => m[1] === company.whatsapp.href)).toHaveLength(1);
  });
});
