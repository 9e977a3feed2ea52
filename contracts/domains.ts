import { z } from "zod";
import { decode as decodePunycode, encode as encodePunycode } from "punycode/punycode.es6.js";

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
  notHostName: "Type the domain name only, without http://, a path or an @ (for example kigalitech.rw).",
  port: "A domain name has no port number: remove :{port}.",
  spaces: "A domain name can't contain spaces.",
  disallowedCharacter:
    "{char} can't be used in a domain name: registries take letters, digits and hyphens, not symbols or emoji.",
  combiningMark: "A part of a name can't start with an accent or another combining mark.",
  bidi:
    "A part written in a right-to-left script (Arabic, Hebrew...) must start with one of its letters " +
    "and can't mix in left-to-right letters.",
  joiner: "An invisible joiner (ZWJ or ZWNJ) can only be used where its script needs one.",
  contextual: "{char} is only allowed next to letters of its own script.",
} as const;

export type DomainMessageCode = keyof typeof domainMessages;

/**
 * One of our messages back to its code and the values filled into it, so the browser and the
 * server can say it in the page's language: "We don't sell names ending in .xyz." gives
 * `{ code: "unsupportedTld", values: { tld: "xyz" } }`. Undefined for any other text.
 */
export function domainMessageCode(
  message: string | undefined,
): { code: DomainMessageCode; values: Record<string, string> } | undefined {
  if (!message) return undefined;
  for (const [code, template] of Object.entries(domainMessages)) {
    const names: string[] = [];
    const pattern = template
      .split(/\{(\w+)\}/)
      .map((part, index) =>
        index % 2 === 1 ? (names.push(part), "(.+)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    const match = new RegExp(`^${pattern}$`, "s").exec(message);
    if (match)
      return {
        code: code as DomainMessageCode,
        values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])),
      };
  }
  return undefined;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

export function domainMessage(code: DomainMessageCode, values: Record<string, string | number> = {}): string {
  return fill(domainMessages[code], values);
}

/** The per-TLD rules validation needs; the server's catalog satisfies it. */
export interface TldRule {
  tld: string;
  idn: boolean;
  minLength?: number;
  maxLength?: number;
}

/**
 * UTS #46 processing of a whole name (non-transitional, STD3 rules, CheckBidi, CheckJoiners), or the
 * rule it breaks. The server passes a full implementation (server/lib/idna.ts, tr46); the browser's
 * default below maps with its own URL parser, which checks less, so the server's answer decides.
 */
export type IdnaResult =
  | { ok: true; ascii: string; unicode: string }
  | { ok: false; code: DomainMessageCode; values?: Record<string, string> };
export interface IdnaProcessor {
  toAscii(name: string): IdnaResult;
}

/** True when an "xn--" label decodes as RFC 3492 Punycode to a non-ASCII label that encodes back to it. */
function isPunycodeALabel(label: string): boolean {
  const encoded = label.slice(4);
  try {
    const decoded = decodePunycode(encoded);
    return [...decoded].some((c) => c.charCodeAt(0) >= 0x80) && encodePunycode(decoded) === encoded;
  } catch {
    return false;
  }
}

/** The browser's UTS #46 mapping (WHATWG "domain to ASCII"); A-labels it cannot decode stay as they are. */
export const urlIdna: IdnaProcessor = {
  toAscii(name) {
    if (/^[\x21-\x7e]*$/.test(name)) {
      if (/[^a-z0-9.-]/i.test(name)) return { ok: false, code: "characters" };
      const lower = name.toLowerCase();
      // A fake A-label ("xn--" and something that is not Punycode) is refused. URL parsers differ here
      // (Node 24's accepts "xn--zz"), so the label is decoded by RFC 3492 itself and must round-trip.
      for (const label of lower.split(".").filter((l) => l.startsWith("xn--"))) {
        if (!isPunycodeALabel(label)) return { ok: false, code: "invalidIdn" };
        try {
          new URL(`http://${label}/`);
        } catch {
          return { ok: false, code: "invalidIdn" };
        }
      }
      return { ok: true, ascii: lower, unicode: lower };
    }
    try {
      const ascii = new URL(`http://${name}/`).hostname;
      return {
        ok: true,
        ascii,
        unicode: name
          .normalize("NFC")
          .toLowerCase()
          .replace(/[\u3002\uff0e\uff61]/g, "."),
      };
    } catch {
      return { ok: false, code: "invalidIdn" };
    }
  },
};

/** IDN to A-label with the WHATWG URL host parser (the browser's own UTS #46 mapping). */
export function toAsciiHost(input: string): string {
  const result = urlIdna.toAscii(input);
  return result.ok ? result.ascii : "";
}

/**
 * IDNA2008 (RFC 5892) on top of UTS #46: a code point UTS #46 keeps but IDNA2008 disallows (its
 * "NV8"/"XV8" status: symbols, punctuation, emoji...) is refused, since registries apply IDNA2008.
 * PVALID is General_Category Ll/Lu/Lo/Lm/Mn/Mc/Nd (the LetterDigits rule), LDH, and the listed
 * exceptions; CONTEXTO code points are checked by their rules below; ZWJ/ZWNJ are UTS #46's
 * CheckJoiners.
 */
const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]$/u;
const EXCEPTION_PVALID = new Set([0x00df, 0x03c2, 0x06fd, 0x06fe, 0x0f0b, 0x3007]);
const EXCEPTION_DISALLOWED = new Set([0x0640, 0x07fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b]);
const CONTEXTO = new Set([0x00b7, 0x0375, 0x05f3, 0x05f4, 0x30fb]);
const IGNORABLE_BLOCKS = [
  [0x20d0, 0x20ff],
  [0x1d100, 0x1d1ff],
  [0x1d200, 0x1d24f],
] as const;
const OLD_HANGUL_JAMO = [
  [0x1100, 0x11ff],
  [0xa960, 0xa97f],
  [0xd7b0, 0xd7ff],
] as const;
const within = (cp: number, ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.some(([a, b]) => cp >= a && cp <= b);

function idna2008Problem(label: string): { code: DomainMessageCode; values?: Record<string, string> } | null {
  const chars = [...label];
  const arabicIndic = chars.some((c) => /[\u0660-\u0669]/.test(c));
  const extendedArabicIndic = chars.some((c) => /[\u06f0-\u06f9]/.test(c));
  for (const [index, ch] of chars.entries()) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) continue;
    if (cp === 0x200c || cp === 0x200d) continue;
    if (CONTEXTO.has(cp)) {
      const before = chars[index - 1] ?? "";
      const after = chars[index + 1] ?? "";
      const ok =
        (cp === 0x00b7 && before === "l" && after === "l") ||
        (cp === 0x0375 && /\p{Script=Greek}/u.test(after)) ||
        ((cp === 0x05f3 || cp === 0x05f4) && /\p{Script=Hebrew}/u.test(before)) ||
        (cp === 0x30fb &&
          chars.some((c) => /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(c) && c !== "\u30fb"));
      if (!ok) return { code: "contextual", values: { char: ch } };
      continue;
    }
    if (EXCEPTION_PVALID.has(cp)) continue;
    if (
      EXCEPTION_DISALLOWED.has(cp) ||
      within(cp, IGNORABLE_BLOCKS) ||
      within(cp, OLD_HANGUL_JAMO) ||
      !LETTER_DIGIT.test(ch)
    )
      return { code: "disallowedCharacter", values: { char: ch } };
  }
  // RFC 5892 A.8/A.9: Arabic-Indic and Extended Arabic-Indic digits never mix.
  if (arabicIndic && extendedArabicIndic)
    return { code: "contextual", values: { char: chars.find((c) => /[\u06f0-\u06f9]/.test(c))! } };
  return null;
}

/** Hyphen rules of RFC 5891 4.2.3.1, on the Unicode form of the label. */
function hyphenProblem(unicodeLabel: string, asciiLabel: string): DomainMessageCode | null {
  if (unicodeLabel.startsWith("-") || unicodeLabel.endsWith("-")) return "hyphenEnds";
  if (
    [...unicodeLabel].slice(2, 4).join("") === "--" &&
    !(asciiLabel.startsWith("xn--") && unicodeLabel === asciiLabel)
  )
    return "reservedHyphens";
  return null;
}

export type HostNameCheck =
  | { ok: true; ascii: string; unicode: string; asciiLabels: string[]; unicodeLabels: string[] }
  | { ok: false; message: string };

/**
 * Is this a host name, every label of it? Refuses, naming the rule, what is not one: a URL (scheme,
 * path, "@"), a port, spaces, empty labels, a label over 63 octets or a name over 253, hyphens where
 * RFC 5891 forbids them, what UTS #46 refuses (disallowed code points, Bidi rule of RFC 5893,
 * joiners) and what IDNA2008 disallows although UTS #46 keeps it (symbols, emoji). One trailing dot
 * (a fully qualified name) is accepted.
 */
export function checkHostName(input: string, idna: IdnaProcessor = urlIdna): HostNameCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: domainMessages.empty };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /[/?#@\\]/.test(text))
    return { ok: false, message: domainMessages.notHostName };
  const port = /:(\d*)$/.exec(text);
  if (port) return { ok: false, message: domainMessage("port", { port: port[1] ?? "" }) };
  if (/\s/u.test(text)) return { ok: false, message: domainMessages.spaces };
  const name = text.replace(/[.\u3002\uff0e\uff61]$/, "");
  if (name.split(/[.\u3002\uff0e\uff61]/).some((label) => label === ""))
    return { ok: false, message: domainMessages.emptyLabel };
  const converted = idna.toAscii(name);
  if (!converted.ok) return { ok: false, message: domainMessage(converted.code, converted.values) };
  const asciiLabels = converted.ascii.split(".");
  const unicodeLabels = converted.unicode.split(".");
  if (asciiLabels.some((label) => label === "")) return { ok: false, message: domainMessages.emptyLabel };
  if (asciiLabels.some((label) => label.length > DOMAIN_LABEL_MAX))
    return { ok: false, message: domainMessages.labelTooLong };
  if (converted.ascii.length > DOMAIN_NAME_MAX) return { ok: false, message: domainMessages.tooLong };
  for (const [index, ascii] of asciiLabels.entries()) {
    const unicode = unicodeLabels[index] ?? ascii;
    if (!/^[a-z0-9-]+$/.test(ascii)) return { ok: false, message: domainMessages.characters };
    const hyphen = hyphenProblem(unicode, ascii);
    if (hyphen) return { ok: false, message: domainMessages[hyphen] };
    const idna2008 = idna2008Problem(unicode);
    if (idna2008) return { ok: false, message: domainMessage(idna2008.code, idna2008.values) };
  }
  return { ok: true, ascii: converted.ascii, unicode: converted.unicode, asciiLabels, unicodeLabels };
}

export type ParsedQuery =
  | {
      ok: true;
      /** A-label of the name before the TLD, e.g. "xn--caf-dma". */ label: string;
      /** Its Unicode form, e.g. "café". */ unicodeLabel: string;
      /** The TLD typed, if any and sold. */ tld: string | null;
    }
  | { ok: false; message: string };

/**
 * A search box entry to the name to check: "KigaliTech", "kigalitech.rw", "shop.kigalitech.co.rw"
 * (which checks kigalitech.co.rw). Every label is checked, and input that is not a host name is
 * refused with the rule it breaks; TLD-specific rules apply per row.
 */
export function parseDomainQuery(input: string, tlds: readonly TldRule[], idna: IdnaProcessor = urlIdna): ParsedQuery {
  const host = checkHostName(input, idna);
  if (!host.ok) return host;
  if (host.asciiLabels.length === 1) return { ok: true, label: host.ascii, unicodeLabel: host.unicode, tld: null };
  const sorted = [...tlds].sort((a, b) => b.tld.length - a.tld.length);
  const match = sorted.find((rule) => host.ascii.endsWith(`.${rule.tld}`));
  if (!match) {
    const ending = host.unicodeLabels.slice(1).join(".");
    return { ok: false, message: domainMessage("unsupportedTld", { tld: ending }) };
  }
  const index = host.asciiLabels.length - match.tld.split(".").length - 1;
  // Only the registrable part: "shop.example.co.rw" checks "example.co.rw".
  return { ok: true, label: host.asciiLabels[index]!, unicodeLabel: host.unicodeLabels[index]!, tld: match.tld };
}

export type ValidatedName =
  { ok: true; name: string; unicodeName: string; label: string; tld: string } | { ok: false; message: string };

/** A full name ("café.com", "example.co.rw") checked against every rule, including its TLD's. */
export function validateDomainName(
  input: string,
  tlds: readonly TldRule[],
  idna: IdnaProcessor = urlIdna,
): ValidatedName {
  const parsed = parseDomainQuery(input, tlds, idna);
  if (!parsed.ok) return parsed;
  if (!parsed.tld) return { ok: false, message: domainMessages.needTld };
  const rule = tlds.find((candidate) => candidate.tld === parsed.tld)!;
  const problem = tldProblem(parsed.label, parsed.unicodeLabel, rule);
  if (problem) return { ok: false, message: problem };
  const name = `${parsed.label}.${rule.tld}`;
  return { ok: true, name, unicodeName: `${parsed.unicodeLabel}.${rule.tld}`, label: parsed.label, tld: rule.tld };
}

/** The rules a TLD adds to a valid label: IDN refusal, its own lengths, the total length. */
export function tldProblem(label: string, unicodeLabel: string, rule: TldRule): string | null {
  if (/^\d+$/.test(rule.tld.split(".").pop() ?? "")) return domainMessages.numericTld;
  if (!rule.idn && (label.startsWith("xn--") || [...unicodeLabel].some((c) => c.charCodeAt(0) >= 0x80)))
    return domainMessage("noIdn", { tld: rule.tld });
  if (rule.minLength && label.length < rule.minLength)
    return domainMessage("tooShortFor", { tld: rule.tld, min: rule.minLength });
  if (rule.maxLength && label.length > rule.maxLength)
    return domainMessage("tooLongFor", { tld: rule.tld, max: rule.maxLength });
  if (label.length + 1 + rule.tld.length > DOMAIN_NAME_MAX) return domainMessages.tooLong;
  return null;
}

/* ---------------------------------------------------------------- API shapes */

export const DOMAIN_STATES = ["available", "registered", "unknown"] as const;
export const DomainState = z.enum(DOMAIN_STATES);
export type DomainState = z.infer<typeof DomainState>;

/**
 * Who answered: the DNS pre-check, the registry's RDAP, its WHOIS, its EPP server (our registrar
 * account's `domain:check`, asked before and after payment for TLDs we register over EPP), or nobody ("none": no source
 * exists for the TLD, or none was asked just now, e.g. while we hold back from a registry that
 * asked us to slow down). An unknown answer's source is the one asked that gave nothing usable.
 */
export const DomainSource = z.enum(["dns", "rdap", "whois", "epp", "none"]);
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

/**
 * Why an answer is unknown; the page says it in plain words. "held_back": we did not ask the registry
 * just now, to stay within how often it may be asked (our limiter, or a pause it asked for).
 */
export const DomainUnknownReason = z.enum([
  "rate_limited",
  "timeout",
  "server_error",
  "unclear",
  "no_source",
  "held_back",
]);
export type DomainUnknownReason = z.infer<typeof DomainUnknownReason>;

export const DomainResult = z.object({
  name: z.string(),
  state: DomainState,
  source: DomainSource,
  reason: DomainUnknownReason.optional(),
  /** When the source answered (for a cached answer, when it answered then). */
  checkedAt: z.string(),
  /** Present when the answer came from our cache rather than a fresh question: its age in seconds. */
  cachedSeconds: z.number().int().nonnegative().optional(),
});
export type DomainResult = z.infer<typeof DomainResult>;

/** One line of the NDJSON search stream. */
export const DomainSearchEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("candidates"),
    query: z.string(),
    candidates: z.array(DomainCandidate),
    prices: z.array(TldPrice),
  }),
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
  cachedSeconds: z.number().int().nonnegative().optional(),
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
  associated: "In use by other registry objects.",
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
