import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, Resolver } from "react-hook-form";
import { DOMAIN_ORDER_LANGUAGES, DomainOrderRequest, type DomainOrderLanguage } from "#contracts/domain-orders.ts";
import { i18n } from "../../i18n/index.ts";

export interface Registrant {
  name: string;
  organisation: string;
  email: string;
  phoneNumber: string;
  address: string;
  city: string;
  country: string;
}

export const EMPTY_REGISTRANT: Registrant = {
  name: "",
  organisation: "",
  email: "",
  phoneNumber: "",
  address: "",
  city: "",
  country: "RW",
};

/** What the visitor types; the name, period and currency are chosen around the form. */
export interface OrderForm {
  registrant: Registrant;
  nameservers: { mode: "ours" | "custom"; hosts: string[] };
}
export type Choices = Pick<DomainOrderRequest, "domain" | "years" | "currency" | "language">;
const REGISTRANT_FIELDS = ["name", "organisation", "email", "phoneNumber", "address", "city", "country"] as const;
/** Every name the API may refuse: the form's fields, and the choices shown in the summary. */
export const REFUSABLE = [
  ...REGISTRANT_FIELDS.map((key) => `registrant.${key}` as const),
  "nameservers",
  "nameservers.mode",
  "nameservers.hosts",
  ...[0, 1, 2, 3].map((i) => `nameservers.hosts.${i}` as const),
  "domain",
  "years",
  "currency",
] as const;

type Refusal = FieldError | undefined;
/** What the resolver and the server can refuse, by the order's own names. */
export interface OrderErrors {
  registrant?: Partial<Record<keyof Registrant, Refusal>>;
  nameservers?: FieldError & {
    mode?: Refusal;
    hosts?: FieldError & { root?: Refusal } & Record<number, Refusal>;
  };
  domain?: Refusal;
  years?: Refusal;
  currency?: Refusal;
}

/** The order as the API takes it. */
export function orderRequest(form: OrderForm, choices: Choices): DomainOrderRequest {
  const { mode, hosts } = form.nameservers;
  return {
    ...choices,
    registrant: { ...form.registrant, organisation: form.registrant.organisation.trim() || undefined },
    nameservers: mode === "ours" ? { mode } : { mode, hosts: hosts.map((h) => h.trim()).filter(Boolean) },
  };
}

const checkOrder = zodResolver(DomainOrderRequest);
/** The whole order checked by the API's schema, DomainOrderRequest; the choices come as the context. */
export const orderResolver: Resolver<OrderForm, Choices> = (form, choices, options) =>
  checkOrder(orderRequest(form, choices!), undefined, options as never) as never;

/** The order's language: the page's, when the registrar's emails speak it. */
export const orderLanguage = (): DomainOrderLanguage => {
  const current = (i18n.language || "en").slice(0, 2);
  return (DOMAIN_ORDER_LANGUAGES as readonly string[]).includes(current) ? (current as DomainOrderLanguage) : "en";
};
