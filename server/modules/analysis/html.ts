import { parseDocument } from "htmlparser2";
import type { ChildNode, Document, Element } from "domhandler";

export type { Element };

/** The parsed page with the few queries the analyzers need. */
export interface Page {
  document: Document;
  all(tag: string): Element[];
  first(tag: string): Element | undefined;
  text(element: Element | Document): string;
}

function isElement(node: ChildNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

export function parsePage(html: string): Page {
  const document = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
  const elements: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isElement(node)) {
        elements.push(node);
        walk(node.children);
      }
    }
  };
  walk(document.children);
  const text = (root: Element | Document): string => {
    let out = "";
    const visit = (nodes: ChildNode[]) => {
      for (const node of nodes) {
        if (node.type === "text") out += node.data;
        else if (node.type === "tag") visit(node.children);
      }
    };
    visit(root.children);
    return out.replace(/\s+/g, " ").trim();
  };
  return {
    document,
    all: (tag) => elements.filter((element) => element.name === tag),
    first: (tag) => elements.find((element) => element.name === tag),
    text,
  };
}

export function attr(element: Element | undefined, name: string): string | undefined {
  return element?.attribs[name];
}

/** True when the element sits inside <head>. */
export function inHead(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if (parent.type === "tag" && (parent as Element).name === "head") return true;
  }
  return false;
}

/** `<meta name=...>` or `<meta property=...>` content, case-insensitive on the name. */
export function metaContent(page: Page, key: string): string | undefined {
  const wanted = key.toLowerCase();
  const meta = page
    .all("meta")
    .find((m) => (m.attribs.name ?? m.attribs.property ?? m.attribs["http-equiv"] ?? "").toLowerCase() === wanted);
  return meta?.attribs.content;
}

export function resolveUrl(href: string | undefined, base: string): URL | null {
  if (!href) return null;
  try {
    return new URL(href.trim(), base);
  } catch {
    return null;
  }
}
