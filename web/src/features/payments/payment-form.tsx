import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Lock } from "lucide-react";
import { useRef, useState } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_PAYMENT_COUNTRY,
  HostedPaymentResponse,
  PAYMENT_DESCRIPTION_MAX,
  PaymentForm as PaymentFormSchema,
  hostedPaymentRequest,
  mobileMoneyPhoneProblem,
  paymentCountries,
  paymentCountry,
  paymentMessageCode,
  type PaymentCountryCode,
  type PaymentForm as PaymentFormValues,
  type PaymentFormInput,
} from "#contracts/payments.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { MobileMoneyPhoneField } from "../../components/ui/mobile-money-phone-field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { PaymentStatusBadge } from "./payment-status.tsx";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

type FieldName = "phoneNumber" | "amount" | "description" | "email";
type OtherField = Exclude<FieldName, "phoneNumber">;
const FIELDS: FieldName[] = ["phoneNumber", "amount", "description", "email"];

const ids = {
  phone: "payment-phone",
  amount: "payment-amount",
  description: "payment-description",
  counter: "payment-description-counter",
  email: "payment-email",
  emailHint: "payment-email-hint",
} as const;

/** Where the browser goes to pay; a test hook can intercept it (the page itself always navigates). */
function goTo(url: string) {
  window.location.assign(url);
}

export function PaymentForm() {
  const { t } = useTranslation("payment");
  const [countryCode, setCountryCode] = useState<PaymentCountryCode | null>(DEFAULT_PAYMENT_COUNTRY);
  const [status, setStatus] = useState<string | null>(null);
  const [phase, setPhase] = useState<"idle" | "opening" | "redirecting">("idle");
  // A ref, not state: a second submit in the same tick must see the first one.
  const busy = useRef(false);
  const country = paymentCountry(countryCode);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentFormValues>({
    resolver: zodResolver(PaymentFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { phoneNumber: "", amount: "", description: "", email: "" },
  });
  const description = useWatch({ control, name: "description" }) ?? "";

  /** A message in the page's language: the contract's English by code, the server's as it came. */
  const messageText = (message: string): string => {
    const code = paymentMessageCode(message);
    return code ? t(`validation.${code}`) : message;
  };
  const errorText = (error: HookFieldError | undefined): string | undefined =>
    error?.message ? messageText(error.message) : undefined;
  const a11y = (field: OtherField, extra: string[] = []) => {
    const invalid = Boolean(errors[field]);
    const describedBy = [...extra, ...(invalid ? [`${ids[field]}-error`] : [])];
    return { "aria-invalid": invalid, "aria-describedby": describedBy.length ? describedBy.join(" ") : undefined };
  };

  const onSubmit = async (values: PaymentFormValues) => {
    if (busy.current) return;
    if (!country) {
      toast({ title: t("toast.failedTitle"), description: t("validation.countryUnavailable"), variant: "destructive" });
      return;
    }
    // The same rule as every checkout: a number of the chosen country (the form only knows its length).
    const phoneProblem = mobileMoneyPhoneProblem(country, values.phoneNumber);
    if (phoneProblem) {
      setError("phoneNumber", { type: "country", message: phoneProblem }, { shouldFocus: true });
      return;
    }
    busy.current = true;
    setPhase("opening");
    try {
      const response = await apiRequest("POST", "/api/hosted-payment", hostedPaymentRequest(country, values));
      const { transactionId, redirectUrl } = HostedPaymentResponse.parse(await response.json());
      setStatus("PAYMENT_INITIATED");
      setPhase("redirecting");
      toast({ title: t("toast.redirectingTitle"), description: t("toast.transactionId", { id: transactionId }) });
      goTo(redirectUrl);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      // The server's message (in the page's language); a network failure or an answer without one gets ours.
      const served = error instanceof ApiError ? error.serverMessage() : undefined;
      const message = served ? messageText(served) : t("validation.paymentFailedFallback");
      setStatus("FAILED");
      setPhase("idle");
      busy.current = false;
      toast({ title: t("toast.failedTitle"), description: message, variant: "destructive" });
    }
  };

  const inProgress = phase !== "idle";
  const buttonLabel =
    phase === "opening" ? t("form.opening") : phase === "redirecting" ? t("form.inProgress") : t("form.payNow");

  return (
    <div className="grid gap-6">
      <Card className="p-6">
        <fieldset>
          <legend className="text-base font-semibold">{t("countries.legend")}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {paymentCountries.map((option) => {
              const selected = option.code === countryCode;
              return (
                <label
                  key={option.code}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-xl border bg-card p-3 transition-colors " +
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                    selected ? "border-primary bg-primary/5 ring-1 ring-primary" : "hover:bg-muted",
                  )}
                >
                  <input
                    type="radio"
                    name="country"
                    value={option.code}
                    checked={selected}
                    disabled={inProgress}
                    onChange={() => setCountryCode(option.code)}
                    className="sr-only"
                  />
                  <span aria-hidden="true" className="text-2xl leading-none">
                    {option.flag}
                  </span>
                  <span className="grid">
                    <span className="font-medium">{t(`countries.${option.code}`)}</span>
                    <span className="text-xs text-muted-foreground">
                      {option.currency} · +{option.prefix}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          <p className="mt-3 text-sm text-muted-foreground">{t("countries.note")}</p>
        </fieldset>
      </Card>

      <Card className="p-6 sm:p-8">
        <h2 id="payment-form-title" className="text-xl font-semibold tracking-tight">
          {t("form.title")}
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="size-3.5" />
          {t("form.subtitle")}
        </p>

        <form
          aria-labelledby="payment-form-title"
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          className="mt-6 grid gap-5"
        >
          <MobileMoneyPhoneField
            id={ids.phone}
            country={country}
            label={t("form.phone")}
            hint={t("form.phoneHint")}
            error={errors.phoneNumber?.message}
            inputProps={register("phoneNumber")}
          />

          <div className="grid gap-2">
            <Label htmlFor={ids.amount}>{t("form.amount", { currency: country?.currency ?? "" })}</Label>
            <Input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t("form.amountPlaceholder")}
              {...a11y("amount")}
              {...register("amount")}
            />
            <FieldError id={`${ids.amount}-error`} message={errorText(errors.amount)} />
          </div>

          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <Label htmlFor={ids.description}>{t("form.description")}</Label>
              {/* A span takes no aria-label: the field's description reads the words, the eye the figures. */}
              <span id={ids.counter} className="text-xs text-muted-foreground tabular-nums">
                <span aria-hidden="true">
                  {t("form.descriptionCounter", { count: description.length, max: PAYMENT_DESCRIPTION_MAX })}
                </span>
                <span className="sr-only">
                  {t("form.descriptionCounterLabel", { count: description.length, max: PAYMENT_DESCRIPTION_MAX })}
                </span>
              </span>
            </div>
            <Input
              id={ids.description}
              maxLength={PAYMENT_DESCRIPTION_MAX}
              autoComplete="off"
              placeholder={t("form.descriptionPlaceholder")}
              {...a11y("description", [ids.counter])}
              {...register("description")}
            />
            <FieldError id={`${ids.description}-error`} message={errorText(errors.description)} />
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.email}>{t("form.email")}</Label>
            <Input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              {...a11y("email", [ids.emailHint])}
              {...register("email")}
            />
            <p id={ids.emailHint} className="text-xs text-muted-foreground">
              {t("form.emailHint")}
            </p>
            <FieldError id={`${ids.email}-error`} message={errorText(errors.email)} />
          </div>

          <Button type="submit" size="lg" disabled={inProgress || !country} aria-busy={inProgress}>
            {inProgress ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {buttonLabel}
          </Button>

          {status ? (
            <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
              <span className="text-muted-foreground">{t("form.status")}</span>
              <PaymentStatusBadge status={status} />
            </div>
          ) : null}
          <p className="text-xs text-muted-foreground">{t("form.secureNote")}</p>
          <PrivacyNotice />
        </form>
      </Card>
    </div>
  );
}
