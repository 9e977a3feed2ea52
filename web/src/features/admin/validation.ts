import type { FieldError } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "react-i18next";

/** The admin catalog's sections of validation words (`validation.<scope>`), one per kind of form. */
export type ValidationScope = "login" | "secondFactor" | "twoFactorSetup" | "staff" | "password" | "note" | "person";

/**
 * The words under a field of an admin form. A refusal the server sent (applyServerFieldErrors, type
 * "server") is shown as the server wrote it; a refusal by the contract before anything was sent is
 * the catalog's words for its zod issue code: `validation.<scope>.<field>.<code>`, else the field's
 * `default`, else "Check this field". So the contract's English never reaches the page by itself.
 */
export function useFieldErrorText(scope: ValidationScope, values: Record<string, string | number> = {}) {
  const { t } = useTranslation("admin");
  return (field: string, error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === "server") return error.message;
    const keys = [
      `validation.${scope}.${field}.${error.type}`,
      `validation.${scope}.${field}.default`,
      "validation.invalid",
    ];
    return t(keys as unknown as "validation.invalid", values);
  };
}

/**
 * The words under a field whose words live in a page's own catalog: the server's message as it
 * wrote it, else the catalog's `words` for the contract's rule.
 */
export const refusal = (error: FieldError | undefined, words: string): string | undefined =>
  error ? (error.type === "server" ? error.message : words) : undefined;

/** A text box for an optional field of a contract: what is left blank is not sent. */
export const blankIsAbsent = <T extends z.ZodType<unknown, string | undefined>>(field: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(field);

/** A text box for a number of a contract: what staff type is text; the body has the contract's number. */
export const typedNumber = <T extends z.ZodType<number, number>>(contract: T) =>
  z.string().trim().transform(Number).pipe(contract);
