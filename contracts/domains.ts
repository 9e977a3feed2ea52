import { z } from "zod";

/* ---------------------------------------------------------------- Name rules */

export const DOMAIN_NAME_MAX = 253;
export const DOMAIN_LABEL_MAX = 63;
/** What a visitor may type into the search box (before any conversion). */
export const DOMAIN_QUERY_MAX = 300;

export const domainMessages = {
  empty: "Type a name to search.",
  tooLong: "A domain name can be at most 253 characters.",
  labelTooLong: "Each part of a domain name can be at most 63 characters.",
  emptyLabel: "A domain name can't have empty parts (two dots in a row).",
  characters: "Use letters, digits and hyphens only.",
  hyphenEnds: "A name can't start or end with a hyphen.",
  reservedHyphens: "A hyphen in the third and fourth places is reserved for international names.",
  invalidIdn: "This international name can't be converted to a domain name.",
  numericTld: "The ending of a domain name can't be all digits.",
  unsupportedTld: "We don't sell names ending in .{tld}.",
  needTld: "Add the ending, for example .rw or .com.",
  noIdn: ".{tld} names can only use the letters a-z, digits and hyphens.",
  tooShortFor: ".{tld} names need at least {min} characters before the ending.",
  tooLongFor: ".{tld} names can have at most {max} characters before the ending.",
} as const;

export type DomainMessageCode = keyof typeof domainMessages;

/**
 * One of our messages back to its code and the values filled into it, so the browser and the
 * server can say it in the page's language: "We don't sell names ending in .xyz." gives
 * `{ code: "unsupportedTld", values: { tld: "xyz" } }`. Undefined for any other text.
 */
export function domainMessageCode(message: string | undefined): { code: DomainMessageCode; values: Record<string, string> } | undefined {
  if (!message) return undefined;
  for (const [code, template] of Object.entries(domainMessages)) {
    const names: string[] = [];
    const pattern = template
      .split(/\{(\w+)\}/)
      .map((part, index) => (index % 2 === 1 ? (names.push(part), "(.+)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    const match = new RegExp(`^${pattern}$`, "s").exec(message);
    if (match) return { code: code as DomainMessageCode, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

/** The per-TLD rules validation needs; the server's catalog satisfies it. */
export interface TldRule {
  tld: string;
  idn: boolean;
  minLength?: number;
  maxLength?: number;
}

/**
 * IDN to A-label with the WHATWG URL host parser: the same UTS-46 processing as Node's
 * `url.domainToASCII`, available in the browser too. Like it, this is not a validator: the
 * LDH and length checks below are.
 */
export function toAsciiHost(input: string): string {
  if (/^[\x21-\x7e]*$/.test(input)) return input.toLowerCase();
  try {
    // Non-special scheme hosts keep "_" and friends; "http" applies the full domain-to-ASCII.
    return new URL(`http://${input}/`).hostname;
  } catch {
    return "";
  }
}

const LDH = /^[a-z0-9-]+$/;

/** A single label's LDH problems, in the order people fix them. */
function labelProblem(label: string): string | null {
  if (label.length === 0) return domainMessages.emptyLabel;
  if (label.length > DOMAIN_LABEL_MAX) return domainMessages.labelTooLong;
  if (!LDH.test(label)) return domainMessages.characters;
  if (label.startsWith("-") || label.endsWith("-")) return domainMessages.hyphenEnds;
  if (label.slice(2, 4) === "--" && !label.startsWith("xn--")) return domainMessages.reservedHyphens;
  if (label.startsWith("xn--")) {
    // A fake A-label ("xn--" followed by something that is not Punycode) would round-trip to itself.
    try {
      const unicode = new URL(`http://${label}/`).hostname;
      if (unicode !== label) return domainMessages.invalidIdn;
    } catch {
      return domainMessages.invalidIdn;
    }
  }
  return null;
}

/** What the visitor typed, cleaned: scheme, path, port, "www." and a trailing dot removed. */
export function cleanDomainInput(input: string): string {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  text = text.replace(/[/?#].*$/, "");
  text = text.replace(/:\d+$/, "");
  text = text.replace(/^www\./, "");
  text = text.replace(/\.+$/, "");
  // Full-width and ideographic dots are dots too (UTS-46 maps them).
  text = text.replace(/[\u3002\uff0e\uff61]/g, ".");
  return text.replace(/\s+/g, "");
}

export type ParsedQuery =
  | { ok: true; /** A-label of the name before the TLD, e.g. "xn--caf-dma". */ label: string; /** As typed, Unicode. */ unicodeLabel: string; /** The TLD typed, if any and sold. */ tld: string | null }
  | { ok: false; message: string };

/**
 * A search box entry to the name to check: "KigaliTech", "kigalitech.rw", "https://www.café.com/x".
 * The label is validated strictly (LDH, lengths, IDN); TLD-specific rules apply per row.
 */
export function parseDomainQuery(input: string, tlds: readonly TldRule[]): ParsedQuery {
  const cleaned = cleanDomainInput(input);
  if (!cleaned) return { ok: false, message: domainMessages.empty };
  const sorted = [...tlds].sort((a, b) => b.tld.length - a.tld.length);
  let unicodeLabel = cleaned;
  let tld: string | null = null;
  if (cleaned.includes(".")) {
    const ascii = toAsciiHost(cleaned);
    const match = sorted.find((rule) => ascii.endsWith(`.${rule.tld}`));
    if (!match) {
      const ending = (ascii || cleaned).split(".").slice(1).join(".");
      return { ok: false, message: fill(domainMessages.unsupportedTld, { tld: ending }) };
    }
    tld = match.tld;
    const labels = cleaned.split(".");
    const tldLabels = match.tld.split(".").length;
    // Only the registrable part: "shop.example.co.rw" checks "example.co.rw".
    unicodeLabel = labels[labels.length - tldLabels - 1] ?? "";
    if (!unicodeLabel) return { ok: false, message: domainMessages.emptyLabel };
  }
  const label = toAsciiHost(unicodeLabel);
  if (!label) return { ok: false, message: /[^\x00-\x7f]/.test(unicodeLabel) ? domainMessages.invalidIdn : domainMessages.characters };
  if (label.includes(".")) return { ok: false, message: domainMessages.emptyLabel };
  const problem = labelProblem(label);
  if (problem) return { ok: false, message: problem };
  return { ok: true, label, unicodeLabel, tld };
}

export type ValidatedName = { ok: true; name: string; unicodeName: string; label: string; tld: string } | { ok: false; message: string };

/** A full name ("café.com", "example.co.rw") checked against every rule, including its TLD's. */
export function validateDomainName(input: string, tlds: readonly TldRule[]): ValidatedName {
  const cleaned = cleanDomainInput(input);
  if (!cleaned) return { ok: false, message: domainMessages.empty };
  const parsed = parseDomainQuery(cleaned, tlds);
  if (!parsed.ok) return parsed;
  if (!parsed.tld) {
    return { ok: false, message: domainMessages.needTld };
  }
  const rule = tlds.find((candidate) => candidate.tld === parsed.tld)!;
  const problem = tldProblem(parsed.label, parsed.unicodeLabel, rule);
  if (problem) return { ok: false, message: problem };
  const name = `${parsed.label}.${rule.tld}`;
  return { ok: true, name, unicodeName: `${parsed.unicodeLabel}.${rule.tld}`, label: parsed.label, tld: rule.tld };
}

/** The rules a TLD adds to a valid label: IDN refusal, its own lengths, the total length. */
export function tldProblem(label: string, unicodeLabel: string, rule: TldRule): string | null {
  if (/^\d+$/.test(rule.tld.split(".").pop() ?? "")) return domainMessages.numericTld;
  if (!rule.idn && (label.startsWith("xn--") || /[^\x00-\x7f]/.test(unicodeLabel))) return fill(domainMessages.noIdn, { tld: rule.tld });
  if (rule.minLength && label.length < rule.minLength) return fill(domainMessages.tooShortFor, { tld: rule.tld, min: rule.minLength });
  if (rule.maxLength && label.length > rule.maxLength) return fill(domainMessages.tooLongFor, { tld: rule.tld, max: rule.maxLength });
  if (label.length + 1 + rule.tld.length > DOMAIN_NAME_MAX) return domainMessages.tooLong;
  return null;
}

/* ---------------------------------------------------------------- API shapes */

export const DomainState = z.enum(["available", "registered", "unknown"]);
export type DomainState = z.infer<typeof DomainState>;

/** Where an answer came from: the DNS pre-check, the registry's RDAP, WHOIS, or nowhere. */
export const DomainSource = z.enum(["dns", "rdap", "whois", "none"]);
export type DomainSource = z.infer<typeof DomainSource>;

export const DOMAIN_CURRENCIES = ["RWF", "UGX", "KES", "USD"] as const;
export const DomainCurrency = z.enum(DOMAIN_CURRENCIES);
export type DomainCurrency = z.infer<typeof DomainCurrency>;

/** A price in every display currency: { RWF: 20300, UGX: 52000, KES: 1820, USD: 14 }. */
export const MoneySet = z.record(DomainCurrency, z.number());
export type MoneySet = z.infer<typeof MoneySet>;

export const TldPrice = z.object({
  tld: z.string(),
  idn: z.boolean(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  register: MoneySet,
  renew: MoneySet,
  transfer: MoneySet,
});
export type TldPrice = z.infer<typeof TldPrice>;

export const DomainSearchRequest = z.object({
  q: z.string().max(DOMAIN_QUERY_MAX, domainMessages.tooLong),
  /** Also check name suggestions (prefixes, suffixes, hyphenation). */
  suggestions: z.boolean().optional(),
});
export type DomainSearchRequest = z.infer<typeof DomainSearchRequest>;

export const DomainCandidateKind = z.enum(["exact", "tld", "suggestion"]);
export type DomainCandidateKind = z.infer<typeof DomainCandidateKind>;

export const DomainCandidate = z.object({
  name: z.string(),
  unicodeName: z.string(),
  tld: z.string(),
  kind: DomainCandidateKind,
  /** Set when the TLD refuses this name (IDN, length): shown, never checked. */
  problem: z.string().optional(),
});
export type DomainCandidate = z.infer<typeof DomainCandidate>;

/** Why an answer is unknown; the page says it in plain words. */
export const DomainUnknownReason = z.enum(["rate_limited", "timeout", "server_error", "unclear", "no_source"]);
export type DomainUnknownReason = z.infer<typeof DomainUnknownReason>;

export const DomainResult = z.object({
  name: z.string(),
  state: DomainState,
  source: DomainSource,
  reason: DomainUnknownReason.optional(),
  checkedAt: z.string(),
});
export type DomainResult = z.infer<typeof DomainResult>;

/** One line of the NDJSON search stream. */
export const DomainSearchEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("candidates"), query: z.string(), candidates: z.array(DomainCandidate), prices: z.array(TldPrice) }),
  z.object({ type: z.literal("result"), result: DomainResult }),
  z.object({ type: z.literal("done") }),
]);
export type DomainSearchEvent = z.infer<typeof DomainSearchEvent>;

export const DomainStatusFlag = z.object({ code: z.string(), meaning: z.string() });
export type DomainStatusFlag = z.infer<typeof DomainStatusFlag>;

export const DomainRegistration = z.object({
  registrar: z.string().nullable(),
  registrarIanaId: z.string().nullable(),
  registeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  statuses: z.array(DomainStatusFlag),
  nameservers: z.array(z.string()),
  dnssec: z.boolean().nullable(),
});
export type DomainRegistration = z.infer<typeof DomainRegistration>;

export const DomainDetails = z.object({
  name: z.string(),
  unicodeName: z.string(),
  tld: z.string(),
  state: DomainState,
  source: DomainSource,
  reason: DomainUnknownReason.optional(),
  checkedAt: z.string(),
  registration: DomainRegistration.nullable(),
  price: TldPrice,
});
export type DomainDetails = z.infer<typeof DomainDetails>;

/* ---------------------------------------------------------------- Status flags in plain words */

const STATUS_MEANINGS: Record<string, string> = {
  active: "Registered and working normally.",
  ok: "Registered and working normally.",
  inactive: "Registered, but no nameservers are set, so it does not resolve.",
  "client transfer prohibited": "Locked against transfer to another registrar (set by the owner's registrar).",
  "server transfer prohibited": "Locked against transfer by the registry.",
  "client update prohibited": "Locked against changes (set by the owner's registrar).",
  "server update prohibited": "Locked against changes by the registry.",
  "client delete prohibited": "Protected from deletion (set by the owner's registrar).",
  "server delete prohibited": "Protected from deletion by the registry.",
  "client renew prohibited": "Can't be renewed at the moment (set by the owner's registrar).",
  "server renew prohibited": "Can't be renewed at the moment (set by the registry).",
  "client hold": "On hold by the registrar: registered, but not resolving.",
  "server hold": "On hold by the registry: registered, but not resolving.",
  "redemption period": "Expired and in its redemption period: the owner can still restore it. Not available.",
  "pending delete": "About to be deleted by the registry; it may become available in a few days.",
  "pending restore": "The owner is restoring it after expiry.",
  "pending create": "Being registered right now.",
  "pending renew": "A renewal is being processed.",
  "pending transfer": "Moving to another registrar.",
  "pending update": "A change is being processed.",
  "auto renew period": "Just renewed automatically.",
  "add period": "Registered in the last few days.",
  "renew period": "Renewed in the last few days.",
  "transfer period": "Transferred in the last few days.",
  "associated": "In use by other registry objects.",
};

/** RDAP status strings in either spelling ("clientHold", "client hold") to the RDAP spelling. */
export function normaliseStatus(status: string): string {
  return status
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
}

export function explainStatus(status: string): DomainStatusFlag {
  const code = normaliseStatus(status);
  return { code, meaning: STATUS_MEANINGS[code] ?? "A registry status without a plain-words explanation yet." };
}
