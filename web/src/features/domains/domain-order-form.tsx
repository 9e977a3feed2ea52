import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  countryCodes,
  countryName,
  DOMAIN_CURRENCY_COUNTRY,
  DOMAIN_PAYABLE_CURRENCIES,
  DOMAIN_YEARS_MAX,
  quoteDomain,
  type DomainPayableCurrency,
} from "#contracts/domain-orders.ts";
import type { DomainDetails } from "#contracts/domains.ts";
import { paymentCountry } from "#contracts/payments.ts";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, NativeSelect } from "../../components/ui/field.tsx";
import { MobileMoneyPhoneField } from "../../components/ui/mobile-money-phone-field.tsx";
import { OrderStep, PayCurrencySelect } from "../../components/ui/order-parts.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { formatAmount, useDomainCurrency } from "./domain-format.ts";
import { domainMessageText } from "./domain-messages.ts";
import { DomainNameserversStep } from "./domain-nameservers-step.tsx";
import { placeDomainOrder } from "./domain-order-api.ts";
import {
  EMPTY_REGISTRANT,
  orderLanguage,
  orderRequest,
  orderResolver,
  REFUSABLE,
  type Choices,
  type OrderErrors,
  type OrderForm,
  type Registrant,
} from "./domain-order-request.ts";
import { DomainOrderSummary } from "./domain-order-summary.tsx";

/** The order of an available name: period, registrant, nameservers, payment, and the summary that pays. */
export function DomainOrderForm({
  domain,
  checked,
  initialYears,
}: {
  domain: DomainDetails;
  /** Who said the name is available, and when. */
  checked: string;
  initialYears: number;
}) {
  // "payment" too: the registrant's phone field speaks it (loaded with the page, not when it shows).
  const { t } = useTranslation(["domains", "payment"]);
  const [years, setYears] = useState(initialYears);
  // Paid in the currency last shown on the search, unless that was USD (not payable by mobile money).
  const [shown] = useDomainCurrency();
  const [chosen, setCurrency] = useState<DomainPayableCurrency | null>(null);
  const currency: DomainPayableCurrency = chosen ?? (shown === "USD" ? "RWF" : shown);
  const [status, setStatus] = useState<"idle" | "leaving" | "refused" | "failed">("idle");
  const [refusal, setRefusal] = useState("");
  const choices: Choices = { domain: domain.name, years, currency, language: orderLanguage() };
  const form = useForm<OrderForm, Choices>({
    resolver: orderResolver,
    context: choices,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { registrant: EMPTY_REGISTRANT, nameservers: { mode: "ours", hosts: ["", ""] } },
  });
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const countries = useMemo(
    () =>
      countryCodes()
        .map((code) => ({ code, name: countryName(code)! }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );

  const quote = quoteDomain(domain.price, years, currency);
  const price = (amount: number) => formatAmount(amount, currency);
  const payCountry = paymentCountry(DOMAIN_CURRENCY_COUNTRY[currency].country);
  /** A field's message in the page's language: the contracts' English by code, the server's as it came. */
  const message = (text: string | undefined) => (text ? domainMessageText(t, text) : undefined);
  /** Refusals by name, the choices' too (the schema names them; the form has no input for them). */
  const problems = errors as OrderErrors;
  // Fields without an input of their own (a name the server refuses, years, currency) show in the summary.
  const formProblem = message((problems.domain ?? problems.years ?? problems.currency)?.message);
  const invalid = submitCount > 0 && Object.keys(errors).length > 0;

  const fieldProps = (key: keyof Registrant) => {
    const problem = problems.registrant?.[key];
    return {
      id: `order-${key}`,
      "aria-invalid": problem ? true : undefined,
      "aria-describedby": problem ? `order-${key}-error` : undefined,
      ...register(`registrant.${key}`),
    };
  };

  const onSubmit = async () => {
    setStatus("idle");
    try {
      // As typed: the API reads the national number as the visitor gave it.
      const created = await placeDomainOrder(orderRequest(getValues(), choices));
      setStatus("leaving");
      // Back from the payment page lands on the order, not on an emptied form.
      window.history.replaceState(null, "", created.orderUrl);
      window.location.assign(created.redirectUrl);
    } catch (error) {
      if (
        applyServerFieldErrors(error, setError, REFUSABLE as never, {
          unfocusable: ["domain", "years", "currency"] as never,
        })
      )
        return;
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(message(error.serverMessage()) ?? t("order.failed"));
        setStatus("refused");
      } else {
        setRefusal(message(error instanceof ApiError ? error.serverMessage() : undefined) || t("order.failed"));
        setStatus("failed");
      }
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem]"
      aria-label={t("order.title", { name: domain.unicodeName })}
    >
      <div>
        <OrderStep n={1} title={t("order.steps.period")}>
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor="order-years">{t("order.years")}</Label>
            <NativeSelect id="order-years" value={years} onChange={(e) => setYears(Number(e.target.value))}>
              {Array.from({ length: DOMAIN_YEARS_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t("order.yearsOption", { count: n, price: price(quoteDomain(domain.price, n, currency).total) })}
                </option>
              ))}
            </NativeSelect>
          </div>
        </OrderStep>

        <OrderStep n={2} title={t("order.steps.registrant")}>
          <p className="mb-4 text-sm text-muted-foreground">{t("order.registrantHint")}</p>
          <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
            {(["name", "organisation", "email", "phoneNumber", "address", "city"] as const).map((key) =>
              key === "phoneNumber" ? (
                <MobileMoneyPhoneField
                  key={key}
                  id={`order-${key}`}
                  className="content-start gap-1.5"
                  country={payCountry}
                  label={t(`order.fields.${key}`)}
                  hint={t("order.phoneHint")}
                  error={problems.registrant?.[key]?.message}
                  inputProps={register(`registrant.${key}`)}
                />
              ) : (
                <div key={key} className={cn("grid content-start gap-1.5", key === "address" && "sm:col-span-2")}>
                  <Label htmlFor={`order-${key}`}>{t(`order.fields.${key}`)}</Label>
                  <Input
                    {...fieldProps(key)}
                    type={key === "email" ? "email" : "text"}
                    autoComplete={
                      {
                        name: "name",
                        organisation: "organization",
                        email: "email",
                        // One line: "street-address" is for a multi-line box.
                        address: "address-line1",
                        city: "address-level2",
                      }[key]
                    }
                  />
                  <FieldError id={`order-${key}-error`} message={message(problems.registrant?.[key]?.message)} />
                </div>
              ),
            )}
            <div className="grid content-start gap-1.5">
              <Label htmlFor="order-country">{t("order.fields.country")}</Label>
              <NativeSelect {...fieldProps("country")} autoComplete="country">
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id="order-country-error" message={message(problems.registrant?.country?.message)} />
            </div>
          </Card>
        </OrderStep>

        <DomainNameserversStep form={form} message={message} />

        <OrderStep n={4} title={t("order.steps.payment")}>
          <PayCurrencySelect
            id="order-currency"
            className="grid max-w-sm gap-1.5"
            label={t("order.payCurrency")}
            value={currency}
            currencies={DOMAIN_PAYABLE_CURRENCIES}
            onChange={(next) => {
              setCurrency(next);
              clearErrors("registrant.phoneNumber");
            }}
          >
            <p className="text-sm text-muted-foreground">{t("order.payNote")}</p>
          </PayCurrencySelect>
        </OrderStep>
      </div>

      <DomainOrderSummary
        domain={domain}
        checked={checked}
        years={years}
        currency={currency}
        quote={quote}
        invalid={invalid}
        formProblem={formProblem}
        status={status}
        refusal={refusal}
        sending={isSubmitting || status === "leaving"}
      />
    </form>
  );
}
