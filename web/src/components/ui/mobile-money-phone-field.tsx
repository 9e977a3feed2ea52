import { Smartphone } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { paymentMessageCode, type PaymentCountry } from "#contracts/payments.ts";
import { cn } from "../../lib/cn.ts";
import { FieldError, Input, Label } from "./field.tsx";

/**
 * The mobile-money number of every checkout (/payment, VPS, domain orders): typed without the
 * country code, which is shown beside it and added on sending (contracts/payments.ts,
 * mobileMoneyPhoneProblem and internationalPhone). The page using it loads the "payment" catalog:
 * the rule's messages are translated there, once.
 */
export function MobileMoneyPhoneField({
  id,
  country,
  label,
  hint,
  error,
  className,
  inputProps,
}: {
  id: string;
  /** Whose calling code is shown; none while no country is chosen. */
  country: Pick<PaymentCountry, "prefix"> | undefined;
  label: ReactNode;
  hint?: ReactNode;
  /** The contract's English message (shown in the page's language) or a server message as it came. */
  error?: string;
  className?: string;
  /** The input's value and handlers: react-hook-form's register() or a controlled value/onChange. */
  inputProps: Omit<ComponentProps<"input">, "id" | "type">;
}) {
  const { t } = useTranslation("payment");
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const code = paymentMessageCode(error);
  const message = error ? (code ? t(`validation.${code}`) : error) : undefined;
  const describedBy = [...(hint ? [hintId] : []), ...(message ? [errorId] : [])];
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex">
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-l-lg border border-r-0",
            "border-input bg-muted px-3 text-sm text-muted-foreground",
          )}
        >
          <Smartphone aria-hidden="true" className="size-4" />+{country?.prefix ?? ""}
        </span>
        {/* The country code is shown beside the field, so the browser fills the national number
            (tel-national), which HTML allows on a text field only; inputMode still brings the phone keypad. */}
        <Input
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="783456789"
          maxLength={30}
          {...inputProps}
          id={id}
          type="text"
          className="rounded-l-none"
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
