import { type Language, languageLocales } from "./languages.ts";

/**
 * Dates in a site language, day before month before year in every one of them. Intl does the
 * work, except for Kinyarwanda: CLDR writes it year first ("2026 Ugushyingo 22") and browsers
 * without Kinyarwanda data would answer in English, while Rwandans write "22 Ugushyingo 2026".
 * So Kinyarwanda takes the British day-month-year layout and its own month and weekday names,
 * the same in Node and every browser.
 */
const rwMonths = [
  "Mutarama",
  "Gashyantare",
  "Werurwe",
  "Mata",
  "Gicurasi",
  "Kamena",
  "Nyakanga",
  "Kanama",
  "Nzeri",
  "Ukwakira",
  "Ugushyingo",
  "Ukuboza",
];
const rwWeekdays = [
  "Ku cyumweru",
  "Kuwa mbere",
  "Kuwa kabiri",
  "Kuwa gatatu",
  "Kuwa kane",
  "Kuwa gatanu",
  "Kuwa gatandatu",
];

export function formatDateIn(
  language: Language,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
): string {
  if (language !== "rw") return new Intl.DateTimeFormat(languageLocales[language].intl, options).format(date);
  const zone = { timeZone: options.timeZone ?? "UTC" };
  const at = (part: Intl.DateTimeFormatOptions) =>
    Number(new Intl.DateTimeFormat("en-GB", { ...zone, ...part }).format(date));
  const month = at({ month: "numeric" }) - 1;
  const weekday = new Date(Date.UTC(at({ year: "numeric" }), month, at({ day: "numeric" }))).getUTCDay();
  return new Intl.DateTimeFormat("en-GB", { ...options, ...zone })
    .formatToParts(date)
    .map(({ type, value }) => {
      if (type === "month" && !/^\d+$/.test(value))
        return value.length > 4 || options.dateStyle === "long" || options.dateStyle === "full"
          ? rwMonths[month]
          : `${rwMonths[month]!.slice(0, 3)}.`;
      if (type === "weekday") return rwWeekdays[weekday];
      if (type === "literal" && value.trim() === "at") return ", ";
      return value;
    })
    .join("")
    .replace(/\.\./g, ".");
}
