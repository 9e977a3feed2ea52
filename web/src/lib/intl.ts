import { formatDateIn } from "#contracts/dates.ts";
import { type Language, languageLocales } from "#contracts/languages.ts";
import { formatMoneyIn, formatNumberIn } from "#contracts/money.ts";
import { currentLanguage, i18n } from "../i18n/index.ts";

/**
 * Numbers, dates, prices and lists in the page's language. Every function takes the language
 * last and defaults to the one i18next is rendering (the page's, on the server and in the
 * browser alike), so prerendered text and the first client render agree.
 */

const cache = new Map<string, Intl.DateTimeFormat>();

function cached<T extends Intl.DateTimeFormat>(kind: string, locale: string, options: object, make: () => T): T {
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

/** A number in the page's language (see contracts/money.ts). */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  return formatNumberIn(language, value, options);
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

/** A price with its currency code in the page's language: "RWF 48,500", "48 500 RWF" (see contracts/money.ts). */
export function formatMoney(
  amount: number,
  currency: string,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  return formatMoneyIn(language, amount, currency, options);
}

/**
 * "Rwanda, Uganda and Kenya" in the page's language: commas, then the catalog's word for "and"
 * before the last item, which is how CLDR writes a list in English (en-GB), French and Swahili (a
 * test holds it to Intl.ListFormat) and how Kinyarwanda writes one ("na"), for which browsers have no
 * rules. Intl.ListFormat itself is not used on pages: its first call loads the list data, measured at
 * 80 to 200 ms of main thread in Chromium at a phone's 4x CPU slowdown, inside the hydration task.
 */
export function formatList(items: readonly string[], language: Language = currentLanguage()): string {
  if (items.length < 2) return items[0] ?? "";
  const and = i18n.t("list.and", { ns: "common", lng: language });
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

/** A phone number or similar that must not wrap across lines: its spaces become non-breaking. */
export function keepTogether(text: string): string {
  return text.replaceAll(" ", "\u00a0");
}
