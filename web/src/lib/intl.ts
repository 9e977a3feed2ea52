import { formatDateIn } from "#contracts/dates.ts";
import { type Language, languageLocales } from "#contracts/languages.ts";
import { currentLanguage } from "../i18n/index.ts";

/**
 * Numbers, dates, prices and lists in the page's language. Every function takes the language
 * last and defaults to the one i18next is rendering (the page's, on the server and in the
 * browser alike), so prerendered text and the first client render agree.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** The Intl tag of a site language ("fr" → "fr-FR"). */
export function intlLocale(language: Language = currentLanguage()): string {
  return languageLocales[language].intl;
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  // Kinyarwanda groups with "." and marks decimals with "," (CLDR rw), but browsers ship no rw data
  // and answer in English while Node has it: the prerendered page and the browser must agree, so
  // the English pattern (the same as rw's) is used and its separators swapped, in every runtime.
  if (language === "rw") {
    const english = cached("number", "en-US", options, () => new Intl.NumberFormat("en-US", options)).format(value);
    return english.replace(/[.,]/g, (separator) => (separator === "," ? "." : ","));
  }
  const locale = intlLocale(language);
  return cached("number", locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** A date (or date and time); an unreadable value comes back as given. Defaults to "22 November 2026". */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
  language: Language = currentLanguage(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // Kinyarwanda is written day-month-year with its own month names, whatever the runtime's data.
  if (language === "rw") return formatDateIn(language, date, options);
  const locale = intlLocale(language);
  return cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options)).format(date);
}

/** Currencies paid in whole units: no decimals, whatever Intl's default. */
const WHOLE_UNIT_CURRENCIES = new Set(["RWF", "UGX"]);

/**
 * A price with its currency code, placed as the language writes it: "RWF 48,500" in English,
 * "48 500 RWF" in French. RWF and UGX never show decimals; other currencies show what Intl
 * says (two for USD and KES) unless `options` says otherwise. An unknown code falls back to
 * "<number> <code>".
 */
export function formatMoney(
  amount: number,
  currency: string,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  const whole = WHOLE_UNIT_CURRENCIES.has(currency) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  try {
    // "12,50 $" reads as Canadian dollars to a French reader: say "12,50 $ US".
    if (language === "fr" && currency === "USD" && options.currencyDisplay === "narrowSymbol")
      return formatNumber(amount, { style: "currency", currency, ...options }, language).replace("$", "$\u00a0US");
    return formatNumber(
      amount,
      { style: "currency", currency, currencyDisplay: "code", ...whole, ...options },
      language,
    );
  } catch {
    return `${formatNumber(amount, {}, language)} ${currency}`;
  }
}

/**
 * "Rwanda, Uganda and Kenya" in the page's language. Where the runtime has no list rules for
 * the language (it would answer in English), the items are joined with commas instead.
 */
export function formatList(
  items: readonly string[],
  options: Intl.ListFormatOptions = { style: "long", type: "conjunction" },
  language: Language = currentLanguage(),
): string {
  const locale = intlLocale(language);
  if (Intl.ListFormat.supportedLocalesOf([locale]).length === 0) return items.join(", ");
  return cached("list", locale, options, () => new Intl.ListFormat(locale, options)).format(items);
}

/** A phone number or similar that must not wrap across lines: its spaces become non-breaking. */
export function keepTogether(text: string): string {
  return text.replaceAll(" ", "\u00a0");
}
