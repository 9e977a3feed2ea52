import { accountMessages } from "#contracts/account.ts";
import { advisorMessages } from "#contracts/advisor.ts";
import { analysisMessageCode } from "#contracts/analysis.ts";
import { contactMessageCode } from "#contracts/contact.ts";
import { domainOrderMessageCode } from "#contracts/domain-orders.ts";
import { domainMessageCode } from "#contracts/domains.ts";
import { paymentMessageCode } from "#contracts/payments.ts";
import { renewalMessageCode } from "#contracts/renewals.ts";
import { vpsMessageCode } from "#contracts/vps.ts";
import { serverT } from "./i18n.ts";

/**
 * A visitor-facing validation message of a contract (decision 0004: stable English text, one code
 * each) in the language of the request being handled, from the server catalogs:
 *  - contact form: `errors:contact.<code>`; consultation notes: `errors:advisor.notesMax`;
 *    a sign-in link: `errors:account.tokenInvalid`; a renewal from the account: `errors:renewals.<code>`
 *  - payment form: `errors:payments.validation.<code>`
 *  - VPS order: `vps:validation.<code>`
 *  - website analysis: `analysis:validation.<code>`
 *  - domain order: `domains:validation.<code>`; domain name rules: `domains:name.<code>` (with the
 *    values the contract filled in, such as the ending and its length limits)
 * Any other text (already translated, or a staff message) comes back unchanged. English catalogs
 * hold the contracts' texts word for word (a test keeps them equal), so English answers are the
 * contracts' own messages.
 */
export function localizeContractMessage(message: string): string {
  if (!message) return message;
  const contact = contactMessageCode(message);
  if (contact) return serverT(`contact.${contact}`);
  if (message === advisorMessages.notesMax) return serverT("advisor.notesMax");
  if (message === accountMessages.tokenInvalid) return serverT("account.tokenInvalid");
  const renewal = renewalMessageCode(message);
  if (renewal) return serverT(`renewals.${renewal}`);
  const payment = paymentMessageCode(message);
  if (payment) return serverT(`payments.validation.${payment}`);
  const vps = vpsMessageCode(message);
  if (vps) return serverT(`validation.${vps}`, { ns: "vps" });
  const analysis = analysisMessageCode(message);
  if (analysis) return serverT(`validation.${analysis}`, { ns: "analysis" });
  const order = domainOrderMessageCode(message);
  if (order) return serverT(`validation.${order}`, { ns: "domains" });
  const domain = domainMessageCode(message);
  if (domain) return serverT(`name.${domain.code}`, { ns: "domains", replace: domain.values });
  return message;
}
