import { vpsRounding, type VpsCurrency } from "#contracts/vps.ts";
import { formatMoney } from "../../lib/intl.ts";

/** "RWF 48,500" or "USD 32.78" ("48 500 RWF" in French), to the unit each currency is paid in. */
export function formatPrice(amount: number, currency: string): string {
  const decimals = vpsRounding[currency as VpsCurrency]?.decimals;
  return formatMoney(
    amount,
    currency,
    decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
  );
}
