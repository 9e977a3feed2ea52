import { describe, expect, it } from "vitest";
import { vpsMessageCode, vpsMessages } from "#contracts/vps.ts";
import { i18n, loadCatalogs } from "../../i18n/index.ts";
import catalog from "../../i18n/locales/en/vps.json";

describe("VPS order catalog", () => {
  it("has exactly the contract's validation messages, word for word", () => {
    expect(catalog.validation).toEqual(vpsMessages);
  });

  it("gives the order form's contract messages in the page's language", async () => {
    await loadCatalogs("fr", ["vps"]);
    const t = i18n.getFixedT("fr", "vps");
    const code = vpsMessageCode(vpsMessages.hostnameTooLong);
    expect(code && t(`validation.${code}`)).toBe("Le nom du serveur doit comporter 253 caractères au maximum");
  });
});
