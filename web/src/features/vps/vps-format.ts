import { vpsRounding, type VpsCurrency } from "../../../../content/vps.ts";

/** "RWF 48,500" or "USD 32.78": the code first, as people here write prices. */
export function formatPrice(amount: number, currency: string): string {
  const decimals = vpsRounding[currency as VpsCurrency]?.decimals ?? 0;
  return `${currency} ${amount.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
