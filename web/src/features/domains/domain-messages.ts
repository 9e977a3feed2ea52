import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { domainOrderMessageCode } from "#contracts/domain-orders.ts";
import { domainMessageCode, type DomainResult } from "#contracts/domains.ts";

/**
 * A domain message in the page's language (decision 0004). The contracts' English messages (the
 * name rules of contracts/domains.ts, with the ending and lengths they name, and the order form's)
 * map to this catalog's words; any other text is the server's, already in the page's language
 * (requests carry it), and is shown as it came.
 */
export function domainMessageText(t: TFunction<"domains">, message: string): string {
  const rule = domainMessageCode(message);
  if (rule) return t(`validation.${rule.code}`, { replace: rule.values });
  const order = domainOrderMessageCode(message);
  if (order) return t(`order.validation.${order}`);
  return message;
}

/** What the search box says under the input for a failed search; null when it has nothing to say. */
export function searchErrorText(
  t: TFunction<"domains">,
  error: { message: string; status: number } | null,
): string | null {
  if (!error) return null;
  if (error.status === 429) return t("search.rateLimited");
  return error.message ? domainMessageText(t, error.message) : t("search.error");
}

/** domainMessageText with the page's `domains` catalog; empty stays empty. */
export function useDomainMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation("domains");
  return (message) => (message ? domainMessageText(t, message) : message);
}

/**
 * Who said what we show about a name, in the page's language: the source that answered (registry
 * RDAP or WHOIS, DNS), with its age when it came from our cache, or that none did: an unknown
 * answer says whether we asked a registry and got nothing usable, or asked none.
 */
export function domainSourceText(
  t: TFunction<"domains">,
  result: Pick<DomainResult, "state" | "source" | "reason" | "cachedSeconds">,
): string {
  const said =
    result.state !== "unknown"
      ? t(`details.source.${result.source}`)
      : result.source !== "none"
        ? t(`details.noAnswer.${result.source}`)
        : t(result.reason === "no_source" ? "details.noAnswer.none" : "details.noAnswer.notAsked");
  if (result.cachedSeconds === undefined) return said;
  const minutes = Math.floor(result.cachedSeconds / 60);
  return `${said} ${minutes < 1 ? t("details.cachedNow") : t("details.cached", { count: minutes })}`;
}
