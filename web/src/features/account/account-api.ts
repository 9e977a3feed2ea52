import { AccountSignInAccepted, AccountState, type AccountOverview } from "#contracts/account.ts";
import { apiRequest } from "../../lib/api-client.ts";

/** The signed-in customer's account, or null when this browser has no customer session. */
export async function fetchAccount(): Promise<AccountOverview | null> {
  return AccountState.parse(await (await apiRequest("GET", "/api/account")).json()).account;
}

/** Asks for a sign-in link; the server's answer (in the page's language) is the same for any address. */
export async function requestSignInLink(email: string): Promise<string> {
  return AccountSignInAccepted.parse(await (await apiRequest("POST", "/api/account/sign-in", { email })).json())
    .message;
}

export async function openAccountSession(token: string): Promise<void> {
  await apiRequest("POST", "/api/account/session", { token });
}

export async function signOutOfAccount(): Promise<void> {
  await apiRequest("POST", "/api/account/sign-out");
}

/** The sign-in token from the emailed link's fragment (`#token=…`), which never reaches a server. */
export function tokenFromHash(hash: string): string | null {
  return /^#token=([A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null;
}
