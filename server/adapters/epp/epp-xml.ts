import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";

/** The namespaces of RFC 5730 (EPP), 5731 (domain), 5732 (host) and 5733 (contact). */
export const NS = {
  epp: "urn:ietf:params:xml:ns:epp-1.0",
  domain: "urn:ietf:params:xml:ns:domain-1.0",
  host: "urn:ietf:params:xml:ns:host-1.0",
  contact: "urn:ietf:params:xml:ns:contact-1.0",
} as const;
export type Namespace = (typeof NS)[keyof typeof NS];

export type { XmlElement, XMLBuilder };

/** Thrown for bytes that are not a well-formed EPP document (or carry a DTD, which EPP never needs). */
export class EppXmlError extends Error {
  override name = "EppXmlError";
}

/**
 * Parses one EPP document. Elements are found by namespace URI and local name, never by prefix:
 * a server may write `<domain:name>`, `<d:name>` or a default namespace, and all mean the same.
 */
export function parseEpp(xml: string): XmlElement {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") throw new EppXmlError(message);
    },
  });
  let document;
  try {
    document = parser.parseFromString(xml, "text/xml");
  } catch (error) {
    throw error instanceof EppXmlError
      ? error
      : new EppXmlError(error instanceof Error ? error.message : String(error));
  }
  if (document.doctype) throw new EppXmlError("a DTD is not allowed in EPP");
  const root = document.documentElement;
  if (!root || root.namespaceURI !== NS.epp || root.localName !== "epp")
    throw new EppXmlError(`not an EPP document: <${root?.tagName ?? "nothing"}>`);
  return root;
}

export function children(parent: XmlElement | null | undefined, ns?: string, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  if (!parent) return found;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as XmlElement;
    if ((ns === undefined || element.namespaceURI === ns) && (name === undefined || element.localName === name))
      found.push(element);
  }
  return found;
}

export const child = (parent: XmlElement | null | undefined, ns: string, name: string): XmlElement | null =>
  children(parent, ns, name)[0] ?? null;

/** The first child element, whatever its name (the command or the object element inside it). */
export const firstChild = (parent: XmlElement | null | undefined): XmlElement | null => children(parent)[0] ?? null;

export const text = (element: XmlElement | null | undefined): string | null =>
  element ? (element.textContent ?? "").trim() : null;

/** A path of [namespace, name] pairs from `parent`. */
export function at(parent: XmlElement | null | undefined, ...path: [string, string][]): XmlElement | null {
  let current = parent ?? null;
  for (const [ns, name] of path) current = child(current, ns, name);
  return current;
}

/** A new EPP document: `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">`, to which the caller adds its element. */
export function eppDocument(): XMLBuilder {
  return create({ version: "1.0", encoding: "UTF-8", standalone: false }).ele(NS.epp, "epp");
}

export const serialize = (epp: XMLBuilder): string => epp.end({ prettyPrint: false });

/** `<command><VERB><prefix:VERB xmlns:prefix=...>...</prefix:VERB></VERB><clTRID/></command>` with `fill` writing the object's body. */
export function command(
  verb: string,
  object: { ns: Namespace; prefix: string } | null,
  fill: (element: XMLBuilder) => void,
  clTRID: string,
): string {
  const epp = eppDocument();
  const cmd = epp.ele("command");
  const verbElement = cmd.ele(verb);
  if (object) fill(verbElement.ele(object.ns, `${object.prefix}:${verb}`));
  else fill(verbElement);
  cmd.ele("clTRID").txt(clTRID);
  return serialize(epp);
}
