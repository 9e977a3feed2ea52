import { type Language, languageLocales } from "./languages.ts";

/**
 * Numbers and prices in a site language, written the same way in Node (prerendering, emails, the
 * chat assistant) and in every browser, so a price reads alike wherever the visitor meets it.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number in a site language. */
export function formatNumberIn(language: Language, value: number, options: Intl.NumberFormatOptions = {}): string {
  // Kinyarwanda groups with "." and marks decimals with "," (CLDR rw), but browsers ship no rw data
  // and answer in English while Node has it: the prerendered page and the browser must agree, so
  // the English pattern (the same as rw's) is used and its separators swapped, in every runtime.
  if (language === "rw") {
    const english = numberFormat("en-US", options).format(value);
    return english.replace(/[.,]/g, (separator) => (separator === "," ? "." : ","));
  }
  return numberFormat(languageLocales[language].intl, options).format(value);
}

/** Currencies paid in whole units: no decimals, whatever Intl's default. */
const WHOLE_UNIT_CURRENCIES = new Set(["RWF", "UGX"]);

/**
 * A price with its currency code, placed as the language writes it: "RWF 48,500" in English,
 * "48 500 RWF" in French. RWF and UGX never show decimals; other currencies show what Intl
 * says (two for USD and KES) unless `options` says otherwise. An unknown code falls back to
 * "<number> <code>".
 */
export function formatMoneyIn(
  language: Language,
  amount: number,
  currency: string,
  options: Intl.NumberFormatOptions = {},
): string {
  const whole = WHOLE_UNIT_CURRENCIES.has(currency) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  try {
    // "12,50 $" reads as Canadian dollars to a French reader: say "12,50 $ US".
    if (language === "fr" && currency === "USD" && options.currencyDisplay === "narrowSymbol")
      return formatNumberIn(language, amount, { style: "currency", currency, ...options }).replace("$", "$\u00a0US");
    return formatNumberIn(language, amount, {
      style: "currency",
      currency,
      currencyDisplay: "code",
      ...whole,
      ...options,
    });
  } catch {
    return `${formatNumberIn(language, amount)} ${currency}`;
  }
}
