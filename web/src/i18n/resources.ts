import type common from "./locales/en/common.json";
import type about from "./locales/en/about.json";
import type account from "./locales/en/account.json";
import type admin from "./locales/en/admin.json";
import type chat from "./locales/en/chat.json";
import type chatConsole from "./locales/en/chat-console.json";
import type analysis from "./locales/en/analysis.json";
import type advisor from "./locales/en/advisor.json";
import type contact from "./locales/en/contact.json";
import type founder from "./locales/en/founder.json";
import type home from "./locales/en/home.json";
import type notFound from "./locales/en/not-found.json";
import type payment from "./locales/en/payment.json";
import type paymentsAdmin from "./locales/en/payments-admin.json";
import type services from "./locales/en/services.json";
import type domains from "./locales/en/domains.json";
import type domainsAdmin from "./locales/en/domains-admin.json";
import type vps from "./locales/en/vps.json";
import type vpsAdmin from "./locales/en/vps-admin.json";

/** Each page's catalog loads with that page's code (see registerMessages). */
export interface Namespaces {
  common: typeof common;
  home: typeof home;
  services: typeof services;
  about: typeof about;
  account: typeof account;
  contact: typeof contact;
  founder: typeof founder;
  notFound: typeof notFound;
  payment: typeof payment;
  paymentsAdmin: typeof paymentsAdmin;
  admin: typeof admin;
  chat: typeof chat;
  chatConsole: typeof chatConsole;
  analysis: typeof analysis;
  advisor: typeof advisor;
  domains: typeof domains;
  domainsAdmin: typeof domainsAdmin;
  vps: typeof vps;
  vpsAdmin: typeof vpsAdmin;
}
