import { at, child, children, command, NS, text, type XmlElement } from "./epp-xml.ts";

/** The EPP commands the registrar uses, built with xmlbuilder2 (RFC 5731-5733), and their answers read back. */

const domain = { ns: NS.domain, prefix: "domain" } as const;
const contact = { ns: NS.contact, prefix: "contact" } as const;
const host = { ns: NS.host, prefix: "host" } as const;

export interface CheckResult {
  name: string;
  available: boolean;
  reason: string | null;
}

export interface ContactDetails {
  id: string;
  name: string;
  organisation: string | null;
  street: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** E.164 as EPP writes it: +250.783456789 */
  voice: string;
  email: string;
  authInfo: string;
}

export interface DomainCreate {
  name: string;
  years: number;
  /** Host objects (`<domain:hostObj>`) or attributes (`<domain:hostAttr>`), as the registry wants. */
  nameservers: { mode: "objects" | "attributes"; hosts: string[] };
  registrant: string;
  contacts: { type: "admin" | "tech" | "billing"; id: string }[];
  authInfo: string;
}

export interface DomainInfo {
  name: string;
  roid: string | null;
  statuses: string[];
  registrant: string | null;
  contacts: { type: string; id: string }[];
  nameservers: string[];
  clID: string | null;
  crDate: string | null;
  exDate: string | null;
}

export const domainCheck = (names: string[], clTRID: string) =>
  command("check", domain, (e) => names.forEach((n) => e.ele("domain:name").txt(n)), clTRID);

export const domainInfo = (name: string, clTRID: string) =>
  command("info", domain, (e) => e.ele("domain:name", { hosts: "all" }).txt(name), clTRID);

export function domainCreate(input: DomainCreate, clTRID: string): string {
  return command(
    "create",
    domain,
    (e) => {
      e.ele("domain:name").txt(input.name);
      e.ele("domain:period", { unit: "y" }).txt(String(input.years));
      if (input.nameservers.hosts.length) {
        const ns = e.ele("domain:ns");
        for (const hostName of input.nameservers.hosts) {
          if (input.nameservers.mode === "objects") ns.ele("domain:hostObj").txt(hostName);
          else ns.ele("domain:hostAttr").ele("domain:hostName").txt(hostName);
        }
      }
      e.ele("domain:registrant").txt(input.registrant);
      for (const c of input.contacts) e.ele("domain:contact", { type: c.type }).txt(c.id);
      e.ele("domain:authInfo").ele("domain:pw").txt(input.authInfo);
    },
    clTRID,
  );
}

/** RFC 5731 §3.2.3: the current expiry date is part of the command, so a repeated renew is refused. */
export const domainRenew = (name: string, currentExpiry: string, years: number, clTRID: string) =>
  command(
    "renew",
    domain,
    (e) => {
      e.ele("domain:name").txt(name);
      e.ele("domain:curExpDate").txt(currentExpiry);
      e.ele("domain:period", { unit: "y" }).txt(String(years));
    },
    clTRID,
  );

export const contactCheck = (ids: string[], clTRID: string) =>
  command("check", contact, (e) => ids.forEach((id) => e.ele("contact:id").txt(id)), clTRID);

export function contactCreate(input: ContactDetails, clTRID: string): string {
  return command(
    "create",
    contact,
    (e) => {
      e.ele("contact:id").txt(input.id);
      const postal = e.ele("contact:postalInfo", { type: "loc" });
      postal.ele("contact:name").txt(input.name);
      if (input.organisation) postal.ele("contact:org").txt(input.organisation);
      const addr = postal.ele("contact:addr");
      addr.ele("contact:street").txt(input.street);
      addr.ele("contact:city").txt(input.city);
      addr.ele("contact:cc").txt(input.country);
      e.ele("contact:voice").txt(input.voice);
      e.ele("contact:email").txt(input.email);
      e.ele("contact:authInfo").ele("contact:pw").txt(input.authInfo);
    },
    clTRID,
  );
}

export const hostCheck = (names: string[], clTRID: string) =>
  command("check", host, (e) => names.forEach((n) => e.ele("host:name").txt(n)), clTRID);

export const hostCreate = (name: string, clTRID: string) =>
  command("create", host, (e) => e.ele("host:name").txt(name), clTRID);

/** RFC 5730 §2.9.2.3: read the oldest message, then acknowledge it by id. */
export const pollRequest = (clTRID: string) => command("poll", null, (e) => void e.att("op", "req"), clTRID);
export const pollAck = (id: string, clTRID: string) =>
  command("poll", null, (e) => void e.att("op", "ack").att("msgID", id), clTRID);

/* ---------------------------------------------------------------- answers */

/** `<x:chkData><x:cd><x:name avail="1">` (domain, host) or `<x:id avail>` (contact). */
export function readCheck(resData: XmlElement | null, ns: string): CheckResult[] {
  const chkData = child(resData, ns, "chkData");
  return children(chkData, ns, "cd").map((cd) => {
    const nameElement = child(cd, ns, "name") ?? child(cd, ns, "id");
    const avail = nameElement?.getAttribute("avail");
    return {
      name: text(nameElement) ?? "",
      available: avail === "1" || avail === "true",
      reason: text(child(cd, ns, "reason")),
    };
  });
}

export function readDomainInfo(resData: XmlElement | null): DomainInfo | null {
  const info = child(resData, NS.domain, "infData");
  if (!info) return null;
  const ns = child(info, NS.domain, "ns");
  return {
    name: text(child(info, NS.domain, "name")) ?? "",
    roid: text(child(info, NS.domain, "roid")),
    statuses: children(info, NS.domain, "status").map((s) => s.getAttribute("s") ?? ""),
    registrant: text(child(info, NS.domain, "registrant")),
    contacts: children(info, NS.domain, "contact").map((c) => ({
      type: c.getAttribute("type") ?? "",
      id: text(c) ?? "",
    })),
    nameservers: [
      ...children(ns, NS.domain, "hostObj").map((h) => text(h) ?? ""),
      ...children(ns, NS.domain, "hostAttr").map((h) => text(child(h, NS.domain, "hostName")) ?? ""),
    ],
    clID: text(child(info, NS.domain, "clID")),
    crDate: text(child(info, NS.domain, "crDate")),
    exDate: text(child(info, NS.domain, "exDate")),
  };
}

export function readDomainCreated(resData: XmlElement | null): { name: string; exDate: string | null } | null {
  const data = child(resData, NS.domain, "creData");
  return data
    ? { name: text(child(data, NS.domain, "name")) ?? "", exDate: text(child(data, NS.domain, "exDate")) }
    : null;
}

export function readDomainRenewed(resData: XmlElement | null): { name: string; exDate: string | null } | null {
  const data = child(resData, NS.domain, "renData");
  return data
    ? { name: text(child(data, NS.domain, "name")) ?? "", exDate: text(child(data, NS.domain, "exDate")) }
    : null;
}

/** RFC 5731 §3.3: a pending create or renew finished: `<domain:panData><domain:name paResult="1">`. */
export function readPendingAction(resData: XmlElement | null): { name: string; succeeded: boolean } | null {
  const name = at(resData, [NS.domain, "panData"], [NS.domain, "name"]);
  if (!name) return null;
  const result = name.getAttribute("paResult");
  return { name: text(name) ?? "", succeeded: result === "1" || result === "true" };
}
