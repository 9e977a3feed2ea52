import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContactEnquiry, contactMessageCode } from "#contracts/contact.ts";
import type { DomainResult } from "#contracts/domains.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input, Label } from "../../components/ui/field.tsx";
import { i18n } from "../../i18n/index.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

/** The contact form's service for domain questions (content/services.ts category id). */
const DOMAIN_SERVICE = "domains-digital-assets";

/**
 * When registries could not be reached: how many names got no answer and why, a retry, and "ask us
 * to check", which sends the names to the enquiries inbox as a lead so a person checks them.
 */
export function RegistryOutage({
  unknown,
  onRetry,
}: {
  unknown: Array<{ unicodeName: string; result: DomainResult }>;
  onRetry: () => void;
}) {
  const { t } = useTranslation("domains");
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasons = [...new Set(unknown.map(({ result }) => result.reason ?? "unclear"))];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const names = unknown.map(({ unicodeName }) => unicodeName).join(", ");
    // Staff read the inbox in English, whatever the visitor's language.
    const message = i18n.t("outage.leadMessage", { ns: "domains", lng: "en", names });
    const parsed = ContactEnquiry.safeParse({
      firstName: form.get("firstName"),
      lastName: form.get("lastName"),
      email: form.get("email"),
      service: DOMAIN_SERVICE,
      message: message.slice(0, 1000),
    });
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message;
      const code = contactMessageCode(first);
      const known = ["firstNameMin", "firstNameMax", "lastNameMin", "lastNameMax", "emailInvalid"] as const;
      const shown = known.find((k) => k === code);
      setError(shown ? t(`outage.validation.${shown}`) : (first ?? null));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/api/contact", { ...parsed.data, website: "" });
      setSent(true);
    } catch {
      setError(t("outage.sendFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-6 border-warning/50 p-4 sm:p-6" role="status">
      <h2 className="text-lg font-semibold">{t("outage.title", { count: unknown.length })}</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {reasons.map((reason) => t(`reason.${reason}`)).join(" ")} {t("outage.notAnswer")}
      </p>
      {sent ? (
        <p className="mt-4 text-sm font-medium text-success">{t("outage.sent")}</p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="outline" onClick={onRetry}>
            {t("outage.retry")}
          </Button>
          {!asking ? <Button onClick={() => setAsking(true)}>{t("outage.ask")}</Button> : null}
        </div>
      )}
      {asking && !sent ? (
        <form className="mt-4 grid gap-3 sm:grid-cols-3" onSubmit={submit} noValidate aria-label={t("outage.ask")}>
          <div>
            <Label htmlFor="outage-first">{t("outage.firstName")}</Label>
            <Input id="outage-first" name="firstName" autoComplete="given-name" className="mt-1.5" required />
          </div>
          <div>
            <Label htmlFor="outage-last">{t("outage.lastName")}</Label>
            <Input id="outage-last" name="lastName" autoComplete="family-name" className="mt-1.5" required />
          </div>
          <div>
            <Label htmlFor="outage-email">{t("outage.email")}</Label>
            <Input id="outage-email" name="email" type="email" autoComplete="email" className="mt-1.5" required />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              {t("outage.send")}
            </Button>
            <PrivacyNotice className="mt-2" />
          </div>
        </form>
      ) : null}
    </Card>
  );
}
