import { useTranslation } from "react-i18next";
import type { VpsCatalog, VpsCurrency } from "#contracts/vps.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useLocalizedCatalog } from "./vps-api.ts";
import { formatPrice } from "./vps-format.ts";

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
