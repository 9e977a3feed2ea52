import { describe, expect, it } from "vitest";
import { domainAdminMessages } from "#contracts/domain-orders-admin.ts";
import { vpsAdminMessages } from "#contracts/vps-admin.ts";
import domains from "../../i18n/locales/en/domains-admin.json";
import vps from "../../i18n/locales/en/vps-admin.json";

/**
 * The staff order pages check a next step by the transition contract before sending it; what they
 * say under a refused field is the catalog's, and the catalog says what the contract (and so the
 * server) would say.
 */
describe("the admin order forms' refusals", () => {
  it("are the domain transition contract's words", () => {
    expect(domains.order.invalid.registryReference).toBe(domainAdminMessages.referenceMax);
    expect(domains.order.invalid.expiresAt).toBe(domainAdminMessages.expiryInvalid);
  });

  it("are the VPS transition contract's words", () => {
    expect(vps.order.invalid.ipAddress).toBe(vpsAdminMessages.ipInvalid);
    expect(vps.order.invalid.username).toBe(vpsAdminMessages.usernameInvalid);
    expect(vps.order.invalid.password).toBe(vpsAdminMessages.passwordRequired);
  });
});
