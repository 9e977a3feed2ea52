/**
 * One CSV field (RFC 4180): quoted, quotes doubled. A value that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR) is prefixed with an apostrophe (OWASP "CSV injection").
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
