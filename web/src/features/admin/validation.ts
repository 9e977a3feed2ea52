import type { z } from "zod";

/**
 * The first problem per field as a zod issue code ("too_small", "invalid_format"...). Screens
 * turn a field and a code into catalog words, so the contract's English never reaches the page.
 */
export type FieldCodes<F extends string> = Partial<Record<F, string>>;

export function fieldCodes<F extends string>(error: z.ZodError): FieldCodes<F> {
  const codes: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in codes)) codes[field] = issue.code;
  }
  return codes as FieldCodes<F>;
}

/** A field's problem: a code for the catalog, or a message the server sent for it. */
export type FieldProblem = { code: string } | { message: string };
