import { useQuery } from "@tanstack/react-query";
import { Check, Cpu, HardDrive, MapPin, MemoryStick, Network } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  quoteVps,
  VPS_CURRENCIES,
  type VpsAddonChoice,
  type VpsCatalog,
  type VpsCurrency,
  type VpsPayableCurrency,
} from "#contracts/vps.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Label, NativeSelect } from "../../components/ui/field.tsx";
import { OrderStep } from "../../components/ui/order-parts.tsx";
import { cn } from "../../lib/cn.ts";
import { contentCatalog, fetchCatalog, useLocalizedCatalog } from "./vps-api.ts";
import { formatPrice } from "./vps-format.ts";
import { VpsOrderForm, type Choices } from "./vps-order-form.tsx";
import { VpsSummary } from "./vps-summary.tsx";

const choice =
  "rounded-xl border bg-card text-left transition-colors focus-within:outline-2 focus-within:outline-ring/50 hover:border-primary/60";
const chosen = "border-primary ring-2 ring-primary/30";

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
  const live = useQuery({
    queryKey: ["/api/vps/catalog"],
    queryFn: fetchCatalog,
    placeholderData: contentCatalog,
    staleTime: 60_000,
  });
  const catalog: VpsCatalog = useLocalizedCatalog(live.data ?? contentCatalog);
  const plans = catalog.plans.filter((p) => p.active);
  const [planId, setPlanId] = useState(() => plans.find((p) => p.popular)?.id ?? plans[0]!.id);
  const [locationId, setLocationId] = useState(catalog.locations[0]!.id);
  const [imageId, setImageId] = useState(catalog.images[0]!.id);
  const [periodMonths, setPeriodMonths] = useState(12);
  const [addons, setAddons] = useState<VpsAddonChoice>({ backups: false, extraIpv4: 0, managedSupport: false });
  const setCurrency = onCurrencyChange;
  const [payCurrency, setPayCurrency] = useState<VpsPayableCurrency>("RWF");
  const [showForm, setShowForm] = useState(false);

  const plan = plans.find((p) => p.id === planId) ?? plans[0]!;
  const choices: Choices = { planId: plan.id, periodMonths, addons, locationId, imageId, currency: payCurrency };
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
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_22rem]">
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

        <OrderStep n={1} title={t("steps.plan")}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {plans.map((p) => (
              <label key={p.id} className={cn(choice, "relative block cursor-pointer p-5", p.id === plan.id && chosen)}>
                <input
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
        </OrderStep>

        <OrderStep n={2} title={t("steps.location")}>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {catalog.locations.map((l) => (
              <label
                key={l.id}
                className={cn(choice, "flex cursor-pointer items-center gap-3 p-4", l.id === locationId && chosen)}
              >
                <input
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
        </OrderStep>

        <OrderStep n={3} title={t("steps.image")}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
            {catalog.images.map((i) => (
              <label key={i.id} className={cn(choice, "cursor-pointer p-3 text-center", i.id === imageId && chosen)}>
                <input
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
        </OrderStep>

        <OrderStep n={4} title={t("steps.period")}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {catalog.periods.map((p) => (
              <label
                key={p.months}
                className={cn(choice, "cursor-pointer p-3 text-center", p.months === periodMonths && chosen)}
              >
                <input
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
        </OrderStep>

        <OrderStep n={5} title={t("steps.addons")}>
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
        </OrderStep>

        {showForm ? (
          <VpsOrderForm choices={choices} payTotal={payQuote.total} onPayCurrencyChange={setPayCurrency} />
        ) : null}
      </div>

      <VpsSummary
        catalog={catalog}
        planName={plan.name}
        quote={quote}
        currency={currency}
        payCurrency={payCurrency}
        onOrder={
          showForm
            ? undefined
            : () => {
                setShowForm(true);
                requestAnimationFrame(() => document.getElementById("vps-hostname")?.focus());
              }
        }
      />
    </div>
  );
}
