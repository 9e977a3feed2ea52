import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { paymentCountry } from "#contracts/payments.ts";
import {
  VPS_CURRENCY_COUNTRY,
  VPS_PAYABLE_CURRENCIES,
  VpsOrderRequest,
  vpsMessageCode,
  type VpsPayableCurrency,
} from "#contracts/vps.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, Textarea } from "../../components/ui/field.tsx";
import { MobileMoneyPhoneField } from "../../components/ui/mobile-money-phone-field.tsx";
import { OrderStep, PayCurrencySelect } from "../../components/ui/order-parts.tsx";
import { useLocalize } from "../../i18n/link.tsx";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { placeOrder } from "./vps-api.ts";
import { formatPrice } from "./vps-format.ts";

interface Form {
  hostname: string;
  accessMethod: "ssh_key" | "password";
  sshPublicKey: string;
  name: string;
  email: string;
  phoneNumber: string;
}
const FORM_FIELDS: (keyof Form)[] = ["hostname", "accessMethod", "sshPublicKey", "name", "email", "phoneNumber"];
/** What the configurator above the form has chosen: the rest of the order. */
export type Choices = Omit<VpsOrderRequest, keyof Form>;
/** Choices with no field of their own: their refusals are said in the form's alert. */
const CHOICE_FIELDS = ["planId", "locationId", "imageId", "periodMonths"] as const;

/** The order as the API takes it: the form's fields with the configurator's choices. */
function orderRequest(form: Form, choices: Choices): VpsOrderRequest {
  return {
    ...choices,
    ...form,
    sshPublicKey: form.accessMethod === "ssh_key" ? form.sshPublicKey : undefined,
  };
}

const checkOrder = zodResolver(VpsOrderRequest);
/** The whole order checked by the API's schema, VpsOrderRequest; the choices come as the context. */
const orderResolver: Resolver<Form, Choices> = (form, choices, options) =>
  checkOrder(orderRequest(form, choices!), undefined, options as never) as never;

/**

/**
 * The order's last step: the server's name and access, who orders it, and the mobile-money number
 * that pays. `choices` is what the configurator above it has chosen.
 */
export function VpsOrderForm({
  choices,
  payTotal,
  onPayCurrencyChange,
}: {
  choices: Choices;
  /** The order's total in the currency it is paid in. */
  payTotal: number;
  onPayCurrencyChange: (currency: VpsPayableCurrency) => void;
}) {
  const { t } = useTranslation(["vps", "payment"]);
  const localize = useLocalize();
  const payCurrency = choices.currency;
  const [failed, setFailed] = useState(false);
  // Set once the order is placed: the button stays busy while the browser leaves for the payment page.
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<Form, Choices>({
    resolver: orderResolver,
    context: choices,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { hostname: "", accessMethod: "ssh_key", sshPublicKey: "", name: "", email: "", phoneNumber: "" },
  });
  const accessMethod = useWatch({ control, name: "accessMethod" });
  /** Refusals by field name, the choices' too (the schema names them; the form has no input for them). */
  const problems = errors as Partial<Record<keyof Form | (typeof CHOICE_FIELDS)[number], { message?: string }>>;

  const onSubmit = async () => {
    setFailed(false);
    try {
      // As typed: the API reads the national number and the key as the visitor gave them.
      const created = await placeOrder(orderRequest(getValues(), choices));
      // Back from the payment page lands on the order, not on an emptied form.
      setLeaving(true);
      window.history.replaceState(null, "", localize(created.orderUrl));
      window.location.assign(created.redirectUrl);
    } catch (error) {
      const names = [...FORM_FIELDS, ...CHOICE_FIELDS] as (keyof Form)[];
      const refusals = applyServerFieldErrors(error, setError, names, { unfocusable: CHOICE_FIELDS as never });
      if (refusals === 0) setFailed(true);
    }
  };
  const sending = isSubmitting || leaving;
  const refused = submitCount > 0 && Object.keys(errors).length > 0;

  /** A field's message in the page's language: the contract's English by code, the server's as it came. */
  const problem = (key: keyof typeof problems): string | undefined => {
    const text = problems[key]?.message;
    if (!text) return undefined;
    const code = vpsMessageCode(text);
    return code ? t(`validation.${code}`) : text;
  };

  const field = (key: keyof Form) => ({
    "aria-invalid": problems[key] ? true : undefined,
    "aria-describedby": problems[key] ? `vps-${key}-error` : undefined,
    id: `vps-${key}`,
    ...register(key),
  });

  return (
    <form id="vps-order" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="mt-10">
      <OrderStep n={6} title={t("steps.details")}>
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="vps-hostname">{t("form.hostname")}</Label>
            <Input {...field("hostname")} autoComplete="off" spellCheck={false} placeholder="web1" />
            <p className="text-sm text-muted-foreground">{t("form.hostnameHint")}</p>
            <FieldError id="vps-hostname-error" message={problem("hostname")} />
          </div>
          <div className="grid gap-2 sm:col-span-2" role="radiogroup" aria-label={t("form.access")}>
            <span className="text-sm font-medium text-foreground">{t("form.access")}</span>
            <div className="flex flex-wrap gap-4">
              {/* Native radios of one name: arrow keys move the choice, one tab stop. */}
              {(["ssh_key", "password"] as const).map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={m}
                    {...register("accessMethod")}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                  {m === "ssh_key" ? t("form.accessKey") : t("form.accessPassword")}
                </label>
              ))}
            </div>
          </div>
          {accessMethod === "ssh_key" ? (
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="vps-sshPublicKey">{t("form.sshKey")}</Label>
              <Textarea
                {...field("sshPublicKey")}
                className="min-h-24 font-mono text-xs"
                spellCheck={false}
                placeholder="ssh-ed25519 AAAA… you@laptop"
              />
              <p className="text-sm text-muted-foreground">{t("form.sshKeyHint")}</p>
              <FieldError id="vps-sshPublicKey-error" message={problem("sshPublicKey")} />
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="vps-name">{t("form.name")}</Label>
            <Input {...field("name")} autoComplete="name" />
            <FieldError id="vps-name-error" message={problem("name")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="vps-email">{t("form.email")}</Label>
            <Input {...field("email")} type="email" autoComplete="email" />
            <FieldError id="vps-email-error" message={problem("email")} />
          </div>
          <PayCurrencySelect
            id="vps-payCurrency"
            label={t("form.payCurrency")}
            value={payCurrency}
            currencies={VPS_PAYABLE_CURRENCIES}
            onChange={(next) => {
              onPayCurrencyChange(next);
              // The number is checked against the new currency's country on the next submit.
              clearErrors("phoneNumber");
            }}
          />
          <MobileMoneyPhoneField
            id="vps-phoneNumber"
            className="gap-1.5"
            country={paymentCountry(VPS_CURRENCY_COUNTRY[payCurrency].country)}
            label={t("form.phone")}
            hint={t("form.phoneHint")}
            error={problems.phoneNumber?.message}
            inputProps={register("phoneNumber")}
          />
          {refused || failed ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {refused ? t("form.error") : t("form.failed")}
              {/* Choices above the form (plan, place, image, period) have no field of their own. */}
              {CHOICE_FIELDS.map((key) => (problems[key] ? ` ${problem(key)}` : "")).join("")}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="sm:col-span-2" disabled={sending}>
            {sending ? t("form.submitting") : t("form.submit", { amount: formatPrice(payTotal, payCurrency) })}
          </Button>
          <PrivacyNotice className="sm:col-span-2" />
        </Card>
      </OrderStep>
    </form>
  );
}
