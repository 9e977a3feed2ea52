import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Check, Cpu, HardDrive, MapPin, MemoryStick, Network } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { paymentCountry } from "#contracts/payments.ts";
import { VPS_CURRENCIES, type VpsCurrency } from "#contracts/vps.ts";
import {
  quoteVps,
  VPS_CURRENCY_COUNTRY,
  VPS_PAYABLE_CURRENCIES,
  VpsOrderRequest,
  vpsMessageCode,
  type VpsAddonChoice,
  type VpsCatalog,
  type VpsPayableCurrency,
} from "#contracts/vps.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, NativeSelect, Textarea } from "../../components/ui/field.tsx";
import { MobileMoneyPhoneField } from "../../components/ui/mobile-money-phone-field.tsx";
import { useLocalize } from "../../i18n/link.tsx";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { useHydrationLock } from "../../lib/hydration-lock.ts";
import { contentCatalog, fetchCatalog, placeOrder, useLocalizedCatalog } from "./vps-api.ts";
import { formatPrice } from "./vps-format.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

const choice =
  "rounded-xl border bg-card text-left transition-colors focus-within:outline-2 focus-within:outline-ring/50 hover:border-primary/60";
const chosen = "border-primary ring-2 ring-primary/30";

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <fieldset className="mt-10 first:mt-0">
      <legend className="flex items-center gap-3 text-lg font-bold text-foreground">
        <span
          className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
          aria-hidden="true"
        >
          {n}
        </span>
        {title}
      </legend>
      <div className="mt-4">{children}</div>
    </fieldset>
  );
}

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
type Choices = Omit<VpsOrderRequest, keyof Form>;
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
 * The /vps-hosting configurator: plan, location, image, period, add-ons, live price and the order form.
 * The page owns the display currency, so the plan comparison below follows the same switch.
 */
export function VpsConfigurator({
  currency,
  onCurrencyChange,
}: {
  currency: VpsCurrency;
  onCurrencyChange: (currency: VpsCurrency) => void;
}) {
  // "payment" too: the order form's phone field speaks it, and the form must not wait for a catalog
  // when it opens (a suspended form loses the focus "Continue to order" gives the first field).
  const { t } = useTranslation(["vps", "payment"]);
  const locked = useHydrationLock();
  const live = useQuery({
    queryKey: ["/api/vps/catalog"],
    queryFn: fetchCatalog,
    placeholderData: contentCatalog,
    staleTime: 60_000,
  });
  const catalog: VpsCatalog = useLocalizedCatalog(live.data ?? contentCatalog);
  const localize = useLocalize();
  const plans = catalog.plans.filter((p) => p.active);
  const [planId, setPlanId] = useState(() => plans.find((p) => p.popular)?.id ?? plans[0]!.id);
  const [locationId, setLocationId] = useState(catalog.locations[0]!.id);
  const [imageId, setImageId] = useState(catalog.images[0]!.id);
  const [periodMonths, setPeriodMonths] = useState(12);
  const [addons, setAddons] = useState<VpsAddonChoice>({ backups: false, extraIpv4: 0, managedSupport: false });
  const setCurrency = onCurrencyChange;
  const [payCurrency, setPayCurrency] = useState<VpsPayableCurrency>("RWF");
  const [failed, setFailed] = useState(false);
  // Set once the order is placed: the button stays busy while the browser leaves for the payment page.
  const [leaving, setLeaving] = useState(false);
  const [showForm, setShowForm] = useState(false);

  const plan = plans.find((p) => p.id === planId) ?? plans[0]!;
  const choices: Choices = { planId: plan.id, periodMonths, addons, locationId, imageId, currency: payCurrency };
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
  const quote = useMemo(
    () => quoteVps(catalog, { planId: plan.id, periodMonths, addons, currency }),
    [catalog, plan.id, periodMonths, addons, currency],
  );
  const payQuote = useMemo(
    () => quoteVps(catalog, { planId: plan.id, periodMonths, addons, currency: payCurrency }),
    [catalog, plan.id, periodMonths, addons, payCurrency],
  );

  const pickCurrency = (next: VpsCurrency) => {
    setCurrency(next);
    if (next !== "USD") setPayCurrency(next);
  };
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
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div>
        <div className="mb-8 flex flex-wrap items-center justify-end gap-3">
          <span className="text-sm font-medium text-foreground" aria-hidden="true">
            {t("currency.label")}
          </span>
          <div
            role="radiogroup"
            aria-label={t("currency.label")}
            className="inline-flex rounded-lg border border-input bg-card p-1"
          >
            {/* Native radios: arrow keys move between them and the group is one tab stop. Each, unseen,
                covers its label, which draws it. */}
            {VPS_CURRENCIES.map((code) => (
              <label
                key={code}
                className={cn(
                  "relative rounded-md px-3 py-1.5 text-sm font-semibold",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  currency === code
                    ? "bg-primary text-primary-foreground"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                <input
                  disabled={locked}
                  type="radio"
                  name="vps-currency"
                  value={code}
                  checked={currency === code}
                  onChange={() => pickCurrency(code)}
                  className="absolute inset-0 opacity-0"
                />
                {code}
              </label>
            ))}
          </div>
        </div>

        <Step n={1} title={t("steps.plan")}>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {plans.map((p) => (
              <label key={p.id} className={cn(choice, "relative block cursor-pointer p-5", p.id === plan.id && chosen)}>
                <input
                  disabled={locked}
                  type="radio"
                  name="plan"
                  value={p.id}
                  checked={p.id === plan.id}
                  onChange={() => setPlanId(p.id)}
                  className="sr-only"
                />
                {p.popular ? (
                  <Badge tone="solid" className="absolute -top-2.5 right-4">
                    {t("plan.popular")}
                  </Badge>
                ) : null}
                <span className="flex items-center justify-between">
                  <span className="text-lg font-bold text-foreground">{p.name}</span>
                  {p.id === plan.id ? <Check className="size-5 text-primary" aria-hidden="true" /> : null}
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{p.bestFor}</span>
                <span className="mt-3 block text-2xl font-bold text-foreground">
                  {formatPrice(p.monthly[currency], currency)}
                  <span className="text-sm font-normal text-muted-foreground">{t("plan.perMonth")}</span>
                </span>
                <span className="mt-3 grid grid-cols-2 gap-1.5 text-sm text-muted-foreground">
                  <span className="flex items-center gap-1.5">
                    <Cpu className="size-4" aria-hidden="true" />
                    {t("plan.vcpu", { count: p.vcpu })}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <MemoryStick className="size-4" aria-hidden="true" />
                    {t("plan.ram", { count: p.ramGb })}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <HardDrive className="size-4" aria-hidden="true" />
                    {t("plan.ssd", { count: p.ssdGb })}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <Network className="size-4" aria-hidden="true" />
                    {t("plan.bandwidth", { count: p.bandwidthTb })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </Step>

        <Step n={2} title={t("steps.location")}>
          <div className="grid gap-3 sm:grid-cols-3">
            {catalog.locations.map((l) => (
              <label
                key={l.id}
                className={cn(choice, "flex cursor-pointer items-center gap-3 p-4", l.id === locationId && chosen)}
              >
                <input
                  disabled={locked}
                  type="radio"
                  name="location"
                  value={l.id}
                  checked={l.id === locationId}
                  onChange={() => setLocationId(l.id)}
                  className="sr-only"
                />
                <span className="text-2xl" aria-hidden="true">
                  {l.flag}
                </span>
                <span>
                  <span className="block font-semibold text-foreground">{l.city}</span>
                  <span className="flex items-center gap-1 text-sm text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {l.country}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </Step>

        <Step n={3} title={t("steps.image")}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
            {catalog.images.map((i) => (
              <label key={i.id} className={cn(choice, "cursor-pointer p-3 text-center", i.id === imageId && chosen)}>
                <input
                  disabled={locked}
                  type="radio"
                  name="image"
                  value={i.id}
                  checked={i.id === imageId}
                  onChange={() => setImageId(i.id)}
                  className="sr-only"
                />
                <span className="block font-semibold text-foreground">{i.name}</span>
                <span className="block text-sm text-muted-foreground">{i.version}</span>
              </label>
            ))}
          </div>
        </Step>

        <Step n={4} title={t("steps.period")}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {catalog.periods.map((p) => (
              <label
                key={p.months}
                className={cn(choice, "cursor-pointer p-3 text-center", p.months === periodMonths && chosen)}
              >
                <input
                  disabled={locked}
                  type="radio"
                  name="period"
                  value={p.months}
                  checked={p.months === periodMonths}
                  onChange={() => setPeriodMonths(p.months)}
                  className="sr-only"
                />
                <span className="block font-semibold text-foreground">{t("period.months", { count: p.months })}</span>
                {p.discountPercent > 0 ? (
                  <Badge tone="success" className="mt-1">
                    {t("period.save", { percent: p.discountPercent })}
                  </Badge>
                ) : (
                  <span className="mt-1 block h-5" />
                )}
              </label>
            ))}
          </div>
        </Step>

        <Step n={5} title={t("steps.addons")}>
          <div className="grid gap-3">
            {catalog.addons.map((a) => (
              <div
                key={a.id}
                className={cn(
                  choice,
                  "flex items-center justify-between gap-4 p-4",
                  (a.id === "extraIpv4" ? addons.extraIpv4 > 0 : addons[a.id]) && chosen,
                )}
              >
                {a.maxQuantity > 1 ? (
                  <>
                    <div className="min-w-0 flex-1">
                      <Label htmlFor={`addon-${a.id}`} className="font-semibold">
                        {a.name}
                      </Label>
                      <p className="text-sm text-muted-foreground">
                        {a.description} · {t("addons.perMonth", { price: formatPrice(a.monthly[currency], currency) })}
                      </p>
                    </div>
                    <NativeSelect
                      id={`addon-${a.id}`}
                      className="w-20! shrink-0"
                      value={addons.extraIpv4}
                      onChange={(e) => setAddons((x) => ({ ...x, extraIpv4: Number(e.target.value) }))}
                      aria-label={`${a.name}: ${t("addons.quantity")}`}
                    >
                      {Array.from({ length: a.maxQuantity + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </NativeSelect>
                  </>
                ) : (
                  <label className="flex flex-1 cursor-pointer items-center justify-between gap-4">
                    <span>
                      <span className="block font-semibold text-foreground">{a.name}</span>
                      <span className="block text-sm text-muted-foreground">
                        {a.description} · {t("addons.perMonth", { price: formatPrice(a.monthly[currency], currency) })}
                      </span>
                    </span>
                    <input
                      disabled={locked}
                      type="checkbox"
                      className="size-5 accent-[var(--color-primary)]"
                      checked={Boolean(addons[a.id])}
                      onChange={(e) => setAddons((x) => ({ ...x, [a.id]: e.target.checked }))}
                    />
                  </label>
                )}
              </div>
            ))}
          </div>
        </Step>

        {showForm ? (
          <form id="vps-order" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="mt-10">
            <Step n={6} title={t("steps.details")}>
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
                          disabled={locked}
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
                <div className="grid gap-1.5">
                  <Label htmlFor="vps-payCurrency">{t("form.payCurrency")}</Label>
                  <NativeSelect
                    id="vps-payCurrency"
                    value={payCurrency}
                    onChange={(e) => {
                      setPayCurrency(e.target.value as VpsPayableCurrency);
                      // The number is checked against the new currency's country on the next submit.
                      clearErrors("phoneNumber");
                    }}
                  >
                    {VPS_PAYABLE_CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
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
                  {sending
                    ? t("form.submitting")
                    : t("form.submit", { amount: formatPrice(payQuote.total, payCurrency) })}
                </Button>
                <PrivacyNotice className="sm:col-span-2" />
              </Card>
            </Step>
          </form>
        ) : null}
      </div>

      <aside aria-label={t("summary.title")} className="lg:sticky lg:top-24 lg:self-start">
        <Card className="p-5 sm:p-6" data-testid="vps-summary">
          <h2 className="text-lg font-bold text-foreground">{t("summary.title")}</h2>
          <dl className="mt-4 grid gap-2 text-sm">
            {quote.lines.map((line) => {
              const addon = catalog.addons.find((a) => a.id === line.id);
              const name = addon
                ? line.quantity > 1
                  ? `${line.quantity} × ${addon.name}`
                  : addon.name
                : t("summary.plan", { name: plan.name });
              return (
                <div key={line.id} className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">
                    {name}
                    <span className="block text-xs">
                      {t("summary.lineMonths", {
                        price: formatPrice(line.monthly * line.quantity, currency),
                        months: quote.months,
                      })}
                    </span>
                  </dt>
                  <dd className="font-medium text-foreground tabular-nums">{formatPrice(line.amount, currency)}</dd>
                </div>
              );
            })}
            <div className="flex justify-between gap-3 border-t border-border pt-2">
              <dt className="text-muted-foreground">{t("summary.subtotal")}</dt>
              <dd className="tabular-nums">{formatPrice(quote.subtotal, currency)}</dd>
            </div>
            {quote.discountPercent > 0 ? (
              <div className="flex justify-between gap-3 text-success">
                <dt>{t("summary.discount", { percent: quote.discountPercent, count: quote.months })}</dt>
                <dd className="tabular-nums">−{formatPrice(quote.discount, currency)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3 border-t border-border pt-2 text-base font-bold text-foreground">
              <dt>{t("summary.total", { count: quote.months })}</dt>
              <dd className="tabular-nums" data-testid="vps-total">
                {formatPrice(quote.total, currency)}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-sm text-muted-foreground">
            {t("summary.perMonth", { price: formatPrice(quote.perMonth, currency) })}
          </p>
          <p className="mt-3 text-xs text-muted-foreground">
            {currency === "USD" ? t("summary.usdNote", { currency: payCurrency }) : t("currency.payNote", { currency })}
          </p>
          {!showForm ? (
            <Button
              type="button"
              size="lg"
              className="mt-5 w-full"
              onClick={() => {
                setShowForm(true);
                requestAnimationFrame(() => document.getElementById("vps-hostname")?.focus());
              }}
            >
              {t("summary.order")}
            </Button>
          ) : null}
        </Card>
      </aside>
    </div>
  );
}

/** Every plan side by side. */
export function VpsComparison({ catalog, currency = "RWF" }: { catalog: VpsCatalog; currency?: VpsCurrency }) {
  const { t } = useTranslation("vps");
  const plans = useLocalizedCatalog(catalog).plans.filter((p) => p.active);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t("compare.title")}</caption>
        <thead className="bg-muted/60 text-foreground">
          <tr>
            {(["plan", "vcpu", "ram", "ssd", "bandwidth", "price", "bestFor"] as const).map((key) => (
              <th key={key} scope="col" className="px-4 py-3 font-semibold">
                {t(`compare.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => (
            <tr key={p.id} className="border-t border-border">
              <th scope="row" className="px-4 py-3 font-semibold text-foreground">
                {p.name}
                {p.popular ? <Badge className="ml-2">{t("plan.popular")}</Badge> : null}
              </th>
              <td className="px-4 py-3 tabular-nums">{p.vcpu}</td>
              <td className="px-4 py-3 tabular-nums">{t("compare.gb", { count: p.ramGb })}</td>
              <td className="px-4 py-3 tabular-nums">{t("compare.gb", { count: p.ssdGb })}</td>
              <td className="px-4 py-3 tabular-nums">{t("compare.tb", { count: p.bandwidthTb })}</td>
              <td className="px-4 py-3 font-medium tabular-nums text-foreground">
                {formatPrice(p.monthly[currency], currency)}
              </td>
              <td className="px-4 py-3 text-muted-foreground">{p.bestFor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
