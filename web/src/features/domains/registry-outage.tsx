import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ContactPerson, contactMessageCode } from "#contracts/contact.ts";
import type { DomainResult } from "#contracts/domains.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { i18n } from "../../i18n/index.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

type Field = keyof ContactPerson;
const FIELDS: Field[] = ["firstName", "lastName", "email"];
const ids: Record<Field, string> = { firstName: "outage-first", lastName: "outage-last", email: "outage-email" };
const KNOWN = ["firstNameMin", "firstNameMax", "lastNameMin", "lastNameMax", "emailInvalid"] as const;

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
  const [failed, setFailed] = useState(false);
  const reasons = [...new Set(unknown.map(({ result }) => result.reason ?? "unclear"))];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactPerson, unknown, ContactPerson>({
    resolver: zodResolver(ContactPerson),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { firstName: "", lastName: "", email: "" },
  });

  /** The contract's English message, in the page's language. */
  const errorText = (error: HookFieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const code = contactMessageCode(error.message);
    const shown = KNOWN.find((known) => known === code);
    return shown ? t(`outage.validation.${shown}`) : error.message;
  };
  const field = (name: Field) => ({
    id: ids[name],
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `${ids[name]}-error` : undefined,
    ...register(name),
  });

  const onSubmit = async (values: ContactPerson) => {
    const names = unknown.map(({ unicodeName }) => unicodeName).join(", ");
    // Staff read the inbox in English, whatever the visitor's language.
    const message = i18n.t("outage.leadMessage", { ns: "domains", lng: "en", names });
    setFailed(false);
    try {
      await apiRequest("POST", "/api/contact", {
        ...values,
        service: DOMAIN_SERVICE,
        message: message.slice(0, 1000),
        website: "",
      });
      setSent(true);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS) === 0) setFailed(true);
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
        <form
          className="mt-4 grid gap-3 sm:grid-cols-3"
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          noValidate
          aria-label={t("outage.ask")}
        >
          <div>
            <Label htmlFor={ids.firstName}>{t("outage.firstName")}</Label>
            <Input autoComplete="given-name" className="mt-1.5" {...field("firstName")} />
            <FieldError id={`${ids.firstName}-error`} message={errorText(errors.firstName)} />
          </div>
          <div>
            <Label htmlFor={ids.lastName}>{t("outage.lastName")}</Label>
            <Input autoComplete="family-name" className="mt-1.5" {...field("lastName")} />
            <FieldError id={`${ids.lastName}-error`} message={errorText(errors.lastName)} />
          </div>
          <div>
            <Label htmlFor={ids.email}>{t("outage.email")}</Label>
            <Input type="email" autoComplete="email" className="mt-1.5" {...field("email")} />
            <FieldError id={`${ids.email}-error`} message={errorText(errors.email)} />
          </div>
          {failed ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
              {t("outage.sendFailed")}
            </p>
          ) : null}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={isSubmitting}>
              {t("outage.send")}
            </Button>
            <PrivacyNotice className="mt-2" />
          </div>
        </form>
      ) : null}
    </Card>
  );
}
