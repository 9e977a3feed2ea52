import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Plus, ShieldCheck, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm, useWatch, type FieldError as HookFieldError, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import {
  countryCodes,
  countryName,
  DOMAIN_CURRENCY_COUNTRY,
  DOMAIN_ORDER_LANGUAGES,
  DOMAIN_PAYABLE_CURRENCIES,
  DOMAIN_YEARS_MAX,
  DomainOrderRequest,
  quoteDomain,
  type DomainOrderLanguage,
  type DomainPayableCurrency,
} from "#contracts/domain-orders.ts";
import { DomainDetails, validateDomainName } from "#contracts/domains.ts";
import { paymentCountry } from "#contracts/payments.ts";
import { ourNameservers } from "#content/domains.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, NativeSelect } from "../../components/ui/field.tsx";
import { MobileMoneyPhoneField } from "../../components/ui/mobile-money-phone-field.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { formatAmount, useDomainCurrency } from "../../features/domains/domain-format.ts";
import { placeDomainOrder } from "../../features/domains/domain-order-api.ts";
import { domainMessageText, domainSourceText } from "../../features/domains/domain-messages.ts";
import { detailsPath } from "../../features/domains/domain-row.tsx";
import { useTldCatalog } from "../../features/domains/use-domain-search.ts";
import { i18n } from "../../i18n/index.ts";
import { Link } from "../../i18n/link.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/intl.ts";
import type { Route } from "./+types/domain-order";
import { paths } from "../../lib/route-table.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

// "payment": the mobile-money number field's messages.
export const handle: CatalogHandle = { i18n: ["domains", "payment"] };

export function meta({ params, location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.orderTitle", { ns: "domains", name: params.name ?? "" }),
    description: i18n.t("meta.orderDescription", { ns: "domains" }),
    path: location.pathname,
    noindex: true,
  });
}

interface Registrant {
  name: string;
  organisation: string;
  email: string;
  phoneNumber: string;
  address: string;
  city: string;
  country: string;
}

const EMPTY: Registrant = {
  name: "",
  organisation: "",
  email: "",
  phoneNumber: "",
  address: "",
  city: "",
  country: "RW",
};

/** What the visitor types; the name, period and currency are chosen around the form. */
interface OrderForm {
  registrant: Registrant;
  nameservers: { mode: "ours" | "custom"; hosts: string[] };
}
type Choices = Pick<DomainOrderRequest, "domain" | "years" | "currency" | "language">;
const REGISTRANT_FIELDS = ["name", "organisation", "email", "phoneNumber", "address", "city", "country"] as const;
/** Every name the API may refuse: the form's fields, and the choices shown in the summary. */
const REFUSABLE = [
  ...REGISTRANT_FIELDS.map((key) => `registrant.${key}` as const),
  "nameservers",
  "nameservers.mode",
  "nameservers.hosts",
  ...[0, 1, 2, 3].map((i) => `nameservers.hosts.${i}` as const),
  "domain",
  "years",
  "currency",
] as const;

type Refusal = HookFieldError | undefined;
/** What the resolver and the server can refuse, by the order's own names. */
interface OrderErrors {
  registrant?: Partial<Record<keyof Registrant, Refusal>>;
  nameservers?: HookFieldError & {
    mode?: Refusal;
    hosts?: HookFieldError & { root?: Refusal } & Record<number, Refusal>;
  };
  domain?: Refusal;
  years?: Refusal;
  currency?: Refusal;
}

/** The order as the API takes it. */
function orderRequest(form: OrderForm, choices: Choices): DomainOrderRequest {
  const { mode, hosts } = form.nameservers;
  return {
    ...choices,
    registrant: { ...form.registrant, organisation: form.registrant.organisation.trim() || undefined },
    nameservers: mode === "ours" ? { mode } : { mode, hosts: hosts.map((h) => h.trim()).filter(Boolean) },
  };
}

const checkOrder = zodResolver(DomainOrderRequest);
/** The whole order checked by the API's schema, DomainOrderRequest; the choices come as the context. */
const orderResolver: Resolver<OrderForm, Choices> = (form, choices, options) =>
  checkOrder(orderRequest(form, choices!), undefined, options as never) as never;

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

const language = (): DomainOrderLanguage => {
  const current = (i18n.language || "en").slice(0, 2);
  return (DOMAIN_ORDER_LANGUAGES as readonly string[]).includes(current) ? (current as DomainOrderLanguage) : "en";
};

/** /domains/order/{name}: who the name is for, how long, which nameservers, then payment. */
export default function DomainOrderPage() {
  // "payment" too: the registrant's phone field speaks it (loaded with the page, not when it shows).
  const { t } = useTranslation(["domains", "payment"]);
  const name = useParams().name ?? "";
  const [params] = useSearchParams();
  const catalog = useTldCatalog();
  const valid = catalog.data ? validateDomainName(name, catalog.data) : null;
  const details = useQuery({
    enabled: valid?.ok === true,
    queryKey: ["domain-details", name],
    queryFn: async () =>
      DomainDetails.parse(await (await apiRequest("GET", `/api/domains/${encodeURIComponent(name)}`)).json()),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const [years, setYears] = useState(() =>
    Math.min(DOMAIN_YEARS_MAX, Math.max(1, Number.parseInt(params.get("years") ?? "1", 10) || 1)),
  );
  // Paid in the currency last shown on the search, unless that was USD (not payable by mobile money).
  const [shown] = useDomainCurrency();
  const [chosen, setCurrency] = useState<DomainPayableCurrency | null>(null);
  const currency: DomainPayableCurrency = chosen ?? (shown === "USD" ? "RWF" : shown);
  const [status, setStatus] = useState<"idle" | "leaving" | "refused" | "failed">("idle");
  const [refusal, setRefusal] = useState("");
  const choices: Choices = { domain: details.data?.name ?? name, years, currency, language: language() };
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<OrderForm, Choices>({
    resolver: orderResolver,
    context: choices,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { registrant: EMPTY, nameservers: { mode: "ours", hosts: ["", ""] } },
  });
  const mode = useWatch({ control, name: "nameservers.mode" });
  const hostCount = useWatch({ control, name: "nameservers.hosts" }).length;
  const countries = useMemo(
    () =>
      countryCodes()
        .map((code) => ({ code, name: countryName(code)! }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );

  const back = (
    <Link
      to={detailsPath(name)}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("order.back", { name: valid?.ok ? valid.unicodeName : name })}
    </Link>
  );

  if (valid && !valid.ok) {
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("details.invalidTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {domainMessageText(t, valid.message)}
        </p>
        <Link to={paths.domains()} className={`${buttonClasses("primary")} mt-6`}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }
  if (catalog.isError || details.isError) {
    const error = details.error ?? catalog.error;
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("order.notAvailableTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {domainMessageText(t, (error instanceof ApiError && error.serverMessage()) || t("search.error"))}
        </p>
        <Link to={paths.domains()} className={`${buttonClasses("primary")} mt-6`}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }
  if (!details.data) return <PageSpinner />;
  const domain = details.data;
  // Who said so, and when: the order form sits on what that source said, nothing more.
  const checkedAt = t("details.checkedAt", { time: formatDate(domain.checkedAt, { timeStyle: "short" }) });
  const checked = `${checkedAt} · ${domainSourceText(t, domain)}`;
  if (domain.state !== "available") {
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("order.notAvailableTitle", { name: domain.unicodeName })}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {domain.state === "registered" ? t(`order.takenBody.${domain.source}`) : t("order.unknownBody")}
        </p>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="domain-source">
          {checked}
        </p>
        <Link to={paths.domains()} className={`${buttonClasses("primary")} mt-6`}>
          {t("order.searchAgain")}
        </Link>
      </Container>
    );
  }

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

  const nameservers = problems.nameservers;
  const nameserverProblem =
    // The resolver puts a refusal of the whole list at its root; the server's comes as the list's.
    (nameservers?.hosts?.root ?? nameservers?.hosts ?? nameservers?.mode ?? nameservers)?.message;

  return (
    <Container className="max-w-6xl py-12 sm:py-16">
      {back}
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-all text-foreground sm:text-4xl">
        {t("order.title", { name: domain.unicodeName })}
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">{t("order.lead")}</p>

      <form
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        noValidate
        className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem]"
        aria-label={t("order.title", { name: domain.unicodeName })}
      >
        <div>
          <Step n={1} title={t("order.steps.period")}>
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
          </Step>

          <Step n={2} title={t("order.steps.registrant")}>
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
                          address: "street-address",
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
          </Step>

          <Step n={3} title={t("order.steps.nameservers")}>
            <div className="grid gap-3" role="radiogroup" aria-label={t("order.steps.nameservers")}>
              {(["ours", "custom"] as const).map((m) => (
                <label
                  key={m}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-xl border bg-card p-4 has-[:focus-visible]:outline-2 " +
                      "has-[:focus-visible]:outline-ring",
                    mode === m && "border-primary ring-2 ring-primary/30",
                  )}
                >
                  {/* Native radios of one name: arrow keys move the choice, one tab stop. */}
                  <input
                    type="radio"
                    value={m}
                    {...register("nameservers.mode", { onChange: () => clearErrors("nameservers") })}
                    aria-labelledby={`ns-${m}-title`}
                    aria-describedby={`ns-${m}-hint`}
                    className="mt-1 size-4 accent-[var(--color-primary)]"
                  />
                  <span>
                    <span id={`ns-${m}-title`} className="block font-semibold text-foreground">
                      {m === "ours" ? t("order.nameserversOurs") : t("order.nameserversCustom")}
                    </span>
                    <span id={`ns-${m}-hint`} className="block text-sm text-muted-foreground">
                      {m === "ours"
                        ? t("order.nameserversOursHint", { hosts: ourNameservers.join(", ") })
                        : t("order.nameserversCustomHint")}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {mode === "custom" ? (
              <Card className="mt-4 grid gap-4 p-5 sm:p-6">
                {Array.from({ length: hostCount }, (_, i) => {
                  const problem = problems.nameservers?.hosts?.[i]?.message;
                  return (
                    <div key={i} className="grid gap-1.5">
                      <Label htmlFor={`order-ns-${i}`}>{t("order.nameserverLabel", { n: i + 1 })}</Label>
                      <div className="flex gap-2">
                        <Input
                          id={`order-ns-${i}`}
                          {...register(`nameservers.hosts.${i}`)}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? `order-ns-${i}-error` : undefined}
                          autoComplete="off"
                          autoCapitalize="none"
                          spellCheck={false}
                          placeholder={`ns${i + 1}.example.com`}
                        />
                        {hostCount > 2 ? (
                          <Button
                            type="button"
                            variant="outline"
                            size="icon"
                            aria-label={t("order.removeNameserver", { n: i + 1 })}
                            onClick={() =>
                              setValue(
                                "nameservers.hosts",
                                getValues("nameservers.hosts").filter((_, j) => j !== i),
                              )
                            }
                          >
                            <X aria-hidden="true" />
                          </Button>
                        ) : null}
                      </div>
                      <FieldError id={`order-ns-${i}-error`} message={message(problem)} />
                    </div>
                  );
                })}
                {hostCount < 4 ? (
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => setValue("nameservers.hosts", [...getValues("nameservers.hosts"), ""])}
                    >
                      <Plus aria-hidden="true" />
                      {t("order.addNameserver")}
                    </Button>
                  </div>
                ) : null}
              </Card>
            ) : null}
            <FieldError id="order-nameservers-error" message={message(nameserverProblem)} />
          </Step>

          <Step n={4} title={t("order.steps.payment")}>
            <div className="grid max-w-sm gap-1.5">
              <Label htmlFor="order-currency">{t("order.payCurrency")}</Label>
              <NativeSelect
                id="order-currency"
                value={currency}
                onChange={(e) => {
                  setCurrency(e.target.value as DomainPayableCurrency);
                  clearErrors("registrant.phoneNumber");
                }}
              >
                {DOMAIN_PAYABLE_CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-sm text-muted-foreground">{t("order.payNote")}</p>
            </div>
          </Step>
        </div>

        <aside aria-label={t("order.summaryTitle")} className="lg:sticky lg:top-24 lg:self-start">
          <Card className="p-5 sm:p-6" data-testid="domain-order-summary">
            <h2 className="text-lg font-bold text-foreground">{t("order.summaryTitle")}</h2>
            <p className="mt-2 font-semibold break-all text-foreground">{domain.unicodeName}</p>
            <p className="mt-1 text-xs text-muted-foreground" data-testid="domain-source">
              {t("state.available")} · {checked}
            </p>
            <dl className="mt-4 grid gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{t("order.firstYear")}</dt>
                <dd className="whitespace-nowrap tabular-nums">{price(quote.firstYear)}</dd>
              </div>
              {years > 1 ? (
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">
                    {t("order.renewalYears", { count: years - 1, price: price(quote.renewal) })}
                  </dt>
                  <dd className="whitespace-nowrap tabular-nums">{price(quote.renewal * (years - 1))}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-3 border-t pt-2 text-base font-bold text-foreground">
                <dt>{t("order.total")}</dt>
                <dd className="whitespace-nowrap tabular-nums" data-testid="domain-order-total">
                  {price(quote.total)}
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">
              {t("order.renewsAt", { years: t("price.years", { count: years }), price: price(quote.renewal) })}
            </p>
            {invalid ? (
              <p role="alert" className="mt-4 text-sm font-medium text-destructive">
                {t("order.fixErrors")}
                {formProblem ? <span className="mt-1 block">{formProblem}</span> : null}
              </p>
            ) : null}
            {status === "refused" || status === "failed" ? (
              <div role="alert" className="mt-4 text-sm font-medium text-destructive">
                <p>{refusal}</p>
                {status === "refused" ? (
                  <Link to={paths.domains()} className="mt-2 inline-block text-primary hover:underline">
                    {t("order.searchAgain")}
                  </Link>
                ) : null}
              </div>
            ) : null}
            <Button type="submit" size="lg" className="mt-5 w-full" disabled={isSubmitting || status === "leaving"}>
              {isSubmitting || status === "leaving"
                ? t("order.submitting")
                : t("order.submit", { amount: price(quote.total) })}
            </Button>
            <p className="mt-3 flex items-start gap-2 text-xs text-muted-foreground">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {t("order.checkedNote")}
            </p>
            <PrivacyNotice className="mt-2" />
          </Card>
        </aside>
      </form>
    </Container>
  );
}
