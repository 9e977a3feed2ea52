// VPS hosting's public entry. Other capabilities reach orders through the service registerVps
// decorates the app with (`app.vps`): suspendServer, resumeServer, destroyServer.
export { registerVps } from "./vps-plugin.ts";
export type { VpsService } from "./vps-service.ts";
export type { Provisioner, ProvisionRequest, ProvisionResult, ServerRef, ServerActionResult } from "./provisioner.ts";
export { countOrdersToFulfil as countVpsOrdersToFulfil } from "./vps-repository.ts";
export { eraseVpsOrders, vpsExpiringBy, vpsOrderRecordsOf, vpsServersOf, type ExpiringVps } from "./vps-customer.ts";
export { vpsOrderTotals } from "./vps-repository.ts";
// The at-rest cipher (AES-256-GCM, value bound to an id), reused for staff TOTP secrets under a derived key.
export { credentialCipher, type CredentialCipher } from "./credential-cipher.ts";
