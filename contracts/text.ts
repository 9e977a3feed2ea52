import { z } from "zod";

/**
 * What text a request may carry (issue 16, findings 5 and 13). Every string of every request
 * (body, query, path) is checked before its contract's own rules:
 *  - never control characters: C0 (U+0000-U+001F) other than tab, LF and CR, DEL, C1
 *    (U+0080-U+009F), nor a lone UTF-16 surrogate; PostgreSQL refuses NUL, terminals and mail
 *    clients act on the rest;
 *  - no line break (LF, CR, U+2028, U+2029) except in the fields a contract marks
 *    `multiline(...)`: a name with a line break becomes an extra line ("Email: ...") in a staff
 *    email.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

export type TextProblem = "control" | "lineBreak";

/** Marks a string schema as multi-line (messages, notes); apply it last, it marks that instance. */
export function multiline<T extends z.ZodType>(schema: T): T {
  return schema.meta({ multiline: true });
}

export function isMultiline(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.multiline === true;
}

/** Why a string may not be stored as given, or null when it may. */
export function textProblem(value: string, allowLineBreaks: boolean): TextProblem | null {
  if (CONTROL.test(value)) return "control";
  // A line break pasted at either end is trimmed by the contract; one inside adds a line.
  if (!allowLineBreaks && LINE_BREAK.test(value.trim())) return "lineBreak";
  return null;
}
