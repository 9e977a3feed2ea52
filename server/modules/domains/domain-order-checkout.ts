import { randomUUID } from "node:crypto";
import {
  quoteDomain,
  type DomainOrderCreated,
  type DomainOrderLanguage,
  type DomainOrderRequestParsed,
  type DomainOrderStatus,
  type DomainOrderStep,
  type DomainOrderView,
  type DomainQuote,
} from "#contracts/domain-orders.ts";
import { validateDomainName } from "#contracts/domains.ts";
import { tr46Idna } from "#server/lib/idna.ts";
import type { Database } from "../../db/client.ts";
import { localizeContractMessage } from "../../lib/contract-messages.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import {
  linkedOrderCheckout,
  newAccessToken,
  newReferenceCode,
  payAgain,
  placeOrder,
  type OrderPayments,
} from "../../lib/orders.ts";
import type { Availability, AvailabilityChecker } from "./availability-service.ts";
import { dt, nameserversOf, orderUrl, type DomainOrderEmails } from "./domain-order-emails.ts";
import {
  addEvent,
  findOrderById,
  findOrderByToken,
  insertOrder,
  orderEvents,
  updateOrder,
  type DomainOrderRow,
} from "./domain-order-repository.ts";
import type { DomainPriceService } from "./domain-price-service.ts";

/** The customer's side of a domain order: placing it, paying for it, following it by its link. */

export const DOMAIN_ORDER_TYPE = "domain";

/** History rows written by a registrar carry this before its name; staff usernames never do. */
export const REGISTRAR_ACTOR = "registrar:";
const isStaff = (username: string | null) => username !== null && !username.startsWith(REGISTRAR_ACTOR);

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export function domainOrderCheckout(deps: {
  db: Database;
  payments: OrderPayments;
  checker: AvailabilityChecker;
  pricing: DomainPriceService;
  emails: DomainOrderEmails;
  queued: () => void;
}) {
  const { db, payments, checker, pricing, emails, queued } = deps;

  const pay = linkedOrderCheckout<DomainOrderRow>(db, payments, {
    orderType: DOMAIN_ORDER_TYPE,
    findById: findOrderById,
    update: updateOrder,
    orderUrl,
    description: (order) => dt("paymentDescription", { code: order.reference.slice(4) }),
  });

  /**
   * The last word before money moves: the registry itself (RDAP or WHOIS, never the cache, never
   * DNS alone). Anything but "available" stops the order with a 409 that says why.
   */
  async function ensureAvailable(
    name: string,
    tld: string,
    unicodeName: string,
    language: DomainOrderLanguage,
  ): Promise<Availability> {
    const answer = await checker.check(name, tld, { authoritative: true, details: true });
    // Each refusal names the source that answered (or that none did): the page may never have
    // said the name was free, so nothing here says "no longer" or "just registered".
    if (answer.state === "registered")
      throw new AppError("domain_taken", dt(`takenBy.${answer.source}`, { name: unicodeName, lng: language }), 409);
    if (answer.state === "unknown") {
      const reason = dt(`reason.${answer.reason ?? "unclear"}`, { lng: language });
      throw new AppError(
        "availability_unknown",
        dt(`unknownBy.${answer.source}`, {
          name: unicodeName,
          reason: reason.charAt(0).toUpperCase() + reason.slice(1),
          lng: language,
        }),
        409,
      );
    }
    return answer;
  }

  return {
    /** Stores the order (and its "received" email) after the registry's last word, then opens its payment page. */
    async createOrder(input: DomainOrderRequestParsed, context: { ipAddress?: string }): Promise<DomainOrderCreated> {
      const prices = await pricing.catalog();
      const valid = validateDomainName(input.domain, prices, tr46Idna);
      if (!valid.ok) throw fieldError("domain", localizeContractMessage(valid.message));
      const price = prices.find((p) => p.tld === valid.tld)!;
      const quote = quoteDomain(price, input.years, input.currency);
      await ensureAvailable(valid.name, valid.tld, valid.unicodeName, input.language);
      const registrant = input.registrant;
      const placing = { addEvent, notify: emails.notify, pay, orderUrl, queued };
      return placeOrder(
        db,
        placing,
        (tx) =>
          insertOrder(tx, {
            id: randomUUID(),
            reference: `DOM-${newReferenceCode()}`,
            accessToken: newAccessToken(),
            status: "pending_payment",
            language: input.language,
            domainName: valid.name,
            unicodeName: valid.unicodeName,
            tld: valid.tld,
            years: input.years,
            nameservers: input.nameservers.mode === "custom" ? input.nameservers.hosts : [],
            customerName: registrant.name,
            organisation: registrant.organisation || null,
            email: registrant.email,
            phoneNumber: registrant.phoneNumber,
            address: registrant.address,
            city: registrant.city,
            country: registrant.country,
            currency: input.currency,
            amount: String(quote.total),
            quote,
            ipAddress: context.ipAddress ?? null,
          }),
        context.ipAddress,
      );
    },

    /** Another payment page for an order still waiting (the first was abandoned or failed), after another check. */
    async payAgain(token: string, context: { ipAddress?: string }): Promise<{ redirectUrl: string }> {
      return payAgain(
        await findOrderByToken(db, token),
        {
          pay,
          notFound: () => new AppError("not_found", dt("orderNotFound"), 404),
          notPayable: (order) => new AppError("not_payable", dt("notPayable", { lng: order.language }), 409),
          beforePaying: (order) =>
            ensureAvailable(order.domainName, order.tld, order.unicodeName, order.language as DomainOrderLanguage),
        },
        context.ipAddress,
      );
    },

    /** The customer's view behind the link: state, history (without staff notes), what was bought. */
    async customerView(token: string): Promise<DomainOrderView> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", dt("orderNotFound"), 404);
      const history: DomainOrderStep[] = (await orderEvents(db, order.id))
        .filter((event) => event.kind === "status" && event.toStatus)
        // A reason staff typed is the customer's to read (it was emailed); system lines are for staff.
        .map((event) => ({
          status: event.toStatus as DomainOrderStatus,
          at: event.createdAt.toISOString(),
          reason: isStaff(event.actorUsername) ? event.body : null,
        }));
      return {
        reference: order.reference,
        status: order.status as DomainOrderStatus,
        domain: order.domainName,
        unicodeDomain: order.unicodeName,
        years: order.years,
        nameservers: nameserversOf(order),
        usesOurNameservers: (order.nameservers as string[]).length === 0,
        registrantName: order.customerName,
        quote: order.quote as DomainQuote,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        registeredAt: iso(order.registeredAt),
        expiresAt: iso(order.expiresAt),
        history,
        canPay: order.status === "pending_payment",
        registryWait:
          order.status === "paid" && order.registryWait
            ? { kind: order.registryWait, nextAttemptAt: iso(order.nextAttemptAt) }
            : null,
        payments: await payments.paymentsForOrder(DOMAIN_ORDER_TYPE, order.id),
      };
    },
  };
}
