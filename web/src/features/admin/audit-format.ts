import type { TFunction } from "i18next";
import { EnquiryStatus, type AuditEntry } from "#contracts/admin.ts";
import { ProjectStatus } from "#contracts/advisor.ts";

type AdminT = TFunction<"admin">;

/** "Changed the status", or the raw action name for one the catalog does not know yet. */
export function actionLabel(t: AdminT, action: string): string {
  return t(`audit.actions.${action}` as "audit.actions.enquiry.updated", { defaultValue: action });
}

/** "VPS order", or the raw type for one the catalog does not know yet. */
export function targetLabel(t: AdminT, targetType: string): string {
  return t(`audit.targets.${targetType}` as "audit.targets.enquiry", { defaultValue: targetType });
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);

/**
 * A short "from -> to" line for an entry whose details say what changed. Status values read as
 * their labels and staff ids as names (`names`), so nobody has to read a UUID.
 */
export function changeLine(
  t: AdminT,
  entry: Pick<AuditEntry, "action" | "details">,
  names: ReadonlyMap<string, string> = new Map(),
): string | null {
  const details = entry.details;
  if (!details || !("from" in details || "to" in details)) return null;
  const show = (value: unknown) => {
    const text = asText(value);
    if (text === null)
      return entry.action === "enquiry.assigned" || entry.action === "project.assigned"
        ? t("enquiry.unassigned")
        : t("audit.none");
    if (entry.action === "enquiry.status_changed") {
      const status = EnquiryStatus.safeParse(text);
      if (status.success) return t(`status.${status.data}`);
    }
    if (entry.action === "project.status_changed") {
      const status = ProjectStatus.safeParse(text);
      if (status.success) return t(`projects.statuses.${status.data}`);
    }
    return names.get(text) ?? text;
  };
  return `${show(details.from)} → ${show(details.to)}`;
}

/** Other details as "key: value" pairs, for the audit log's detail column. */
export function detailPairs(entry: AuditEntry): Array<[string, string]> {
  if (!entry.details) return [];
  return (
    Object.entries(entry.details)
      // Ids of related rows say nothing to a reader; the target column already links the row.
      .filter(([key]) => key !== "from" && key !== "to" && !/id$/i.test(key))
      .map(([key, value]) => [key, asText(value) ?? ""])
  );
}
