/**
 * The domains the company sells, their prices and the currencies they are shown in.
 *
 * These are the seed values: prices move (see shared/reference/domains.md, dated), so check
 * them with each registry or reseller before launch. Amounts are in US dollars per year;
 * local currencies are derived with the rates below and rounded to a price people expect.
 */

export interface TldOffer {
  /** Without the leading dot, A-label form: "co.rw". */
  tld: string;
  /** Registration, renewal and transfer, USD per year. */
  register: number;
  renew: number;
  transfer: number;
  /** Accepts internationalised (non-ASCII) names. */
  idn: boolean;
  /** Length limits of the label before the TLD, when the registry sets its own. */
  minLength?: number;
  maxLength?: number;
}

export const tldOffers: readonly TldOffer[] = [
  { tld: "rw", register: 14, renew: 14, transfer: 14, idn: false },
  { tld: "co.rw", register: 10, renew: 10, transfer: 10, idn: false },
  { tld: "com", register: 12.5, renew: 12.5, transfer: 12.5, idn: true },
  { tld: "africa", register: 20, renew: 20, transfer: 20, idn: false, minLength: 3 },
  { tld: "ke", register: 24, renew: 24, transfer: 24, idn: false },
  { tld: "co.ke", register: 11, renew: 11, transfer: 11, idn: false },
  { tld: "ug", register: 35, renew: 35, transfer: 35, idn: false, maxLength: 26 },
  { tld: "co.ug", register: 32, renew: 32, transfer: 32, idn: false, maxLength: 26 },
  { tld: "org", register: 12, renew: 13, transfer: 13, idn: true },
  { tld: "net", register: 13, renew: 14, transfer: 14, idn: true },
  { tld: "io", register: 48, renew: 48, transfer: 48, idn: false },
  { tld: "tech", register: 8, renew: 45, transfer: 45, idn: false },
  { tld: "dev", register: 14, renew: 14, transfer: 14, idn: true },
];

/** Display currencies: how many units one US dollar buys, and the step prices round up to. */
export const domainCurrencies = [
  { code: "RWF", perUsd: 1450, roundTo: 100 },
  { code: "UGX", perUsd: 3700, roundTo: 500 },
  { code: "KES", perUsd: 130, roundTo: 10 },
  { code: "USD", perUsd: 1, roundTo: 0.01 },
] as const;

/** Name suggestions: words put before and after what the visitor typed. */
export const suggestionPrefixes = ["get", "my", "the"] as const;
export const suggestionSuffixes = ["hq", "online", "africa"] as const;

/**
 * WHOIS (port 43) for TLDs without RDAP. `notFound` patterns (case-insensitive) mean "free";
 * `found` patterns mean "registered"; anything else is "unknown". The host can be overridden with
 * DOMAINS_WHOIS_SERVERS.
 */
export const whoisServers: Record<string, { host: string; port: number; notFound: string[]; found: string[] }> = {
  ug: {
    host: "whois.co.ug",
    port: 43,
    notFound: ["No entries found for the selected source"],
    found: ["^Domain name:\\s*\\S+"],
  },
};

/** What every registration includes (shown on the details page). */
export const domainIncludes = ["dns", "forwarding", "support", "renewalReminder"] as const;

/** Our nameservers: orders that "use ours" are registered with these. */
export const ourNameservers = ["ns1.kigalitech.rw", "ns2.kigalitech.rw"] as const;
