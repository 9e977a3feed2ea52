import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown, LoaderCircle, Lock, Send } from "lucide-react";
import type { ReactNode } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { company as englishCompany } from "#content/company.ts";
import { serviceCategories as englishServiceCategories } from "#content/services.ts";
import {
  CONTACT_MESSAGE_MAX,
  ContactEnquiry,
  contactMessageCode,
  type ContactEnquiryInput,
} from "#contracts/contact.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, NativeSelect, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { useContent } from "../../i18n/content.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { PrivacyLink } from "../../components/layout/privacy-notice.tsx";

type FieldName = Exclude<keyof ContactEnquiryInput, "reportId">;

const emptyForm: ContactEnquiryInput = {
  firstName: "",
  lastName: "",
  email: "",
  service: "",
  message: "",
  website: "",
};
const fieldNames = Object.keys(emptyForm) as FieldName[];

const ids = {
  firstName: "contact-first-name",
  lastName: "contact-last-name",
  email: "contact-email",
  service: "contact-service",
  message: "contact-message",
  website: "contact-website",
  counter: "contact-message-counter",
  counterLabel: "contact-message-counter-label",
} as const;

const errorId = (field: FieldName) => `${ids[field]}-error`;

function FormField({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid min-w-0 grid-cols-1 content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function ContactForm() {
  const { t } = useTranslation("contact");
  const { company } = useContent("company", { company: englishCompany });
  const { serviceCategories } = useContent("services", { serviceCategories: englishServiceCategories });
  // The same choices as content/contact-options.ts (category ids, then "other"), in the page's language.
  const serviceOptions = [
    ...serviceCategories.map((category) => ({ value: category.id, label: category.title })),
    { value: "other", label: t("form.serviceOther") },
  ];
  // Set when the visitor came from a website analysis report's "Get expert help" link.
  const reportId = useSearchParams()[0].get("report") ?? undefined;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactEnquiryInput, unknown, ContactEnquiry>({
    resolver: zodResolver(ContactEnquiry),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: emptyForm,
  });

  const message = useWatch({ control, name: "message" }) ?? "";
  const overLimit = message.length > CONTACT_MESSAGE_MAX;

  /** The translated text of a field's error; the contract's English message is the key. */
  const errorText = (error: HookFieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const code = contactMessageCode(error.message);
    return code ? t(`validation.${code}`) : error.message;
  };

  /** aria-invalid and aria-describedby for a control. */
  const a11y = (field: FieldName, describedBy: string[] = []) => {
    const invalid = Boolean(errors[field]);
    const describers = [...describedBy, ...(invalid ? [errorId(field)] : [])];
    return {
      "aria-invalid": invalid,
      "aria-describedby": describers.length > 0 ? describers.join(" ") : undefined,
    };
  };

  const onSubmit = async (values: ContactEnquiry) => {
    try {
      await apiRequest("POST", "/api/contact", {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        service: values.service,
        message: values.message,
        website: values.website ?? "",
        ...(reportId && /^[A-Za-z0-9_-]{10,64}$/.test(reportId) ? { reportId } : {}),
      });
      toast({
        title: t("toast.successTitle"),
        description: t("toast.successDescription", { responseTime: company.support.responseTime }),
        variant: "success",
      });
      reset(emptyForm);
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldNames, { unfocusable: ["website"] });
      toast({
        title: t("toast.errorTitle"),
        description: t("toast.errorDescription"),
        variant: "destructive",
      });
    }
  };

  return (
    <Card className="p-6 sm:p-8">
      <h2 id="contact-form-title" className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
        {t("form.title")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t("form.description")}</p>

      <form
        aria-labelledby="contact-form-title"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        // One column of minmax(0, 1fr) on a phone: the service list's longest option cannot widen the page.
        className="relative mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2"
      >
        <FormField id={ids.firstName} label={t("form.firstName")} error={errorText(errors.firstName)}>
          <Input
            id={ids.firstName}
            type="text"
            autoComplete="given-name"
            {...a11y("firstName")}
            {...register("firstName")}
          />
        </FormField>

        <FormField id={ids.lastName} label={t("form.lastName")} error={errorText(errors.lastName)}>
          <Input
            id={ids.lastName}
            type="text"
            autoComplete="family-name"
            {...a11y("lastName")}
            {...register("lastName")}
          />
        </FormField>

        <FormField id={ids.email} label={t("form.email")} error={errorText(errors.email)} className="sm:col-span-2">
          <Input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t("form.emailPlaceholder")}
            {...a11y("email")}
            {...register("email")}
          />
        </FormField>

        <FormField
          id={ids.service}
          label={t("form.service")}
          error={errorText(errors.service)}
          className="sm:col-span-2"
        >
          <div className="relative">
            <NativeSelect id={ids.service} {...a11y("service")} {...register("service")}>
              <option value="">{t("form.servicePlaceholder")}</option>
              {serviceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
          </div>
        </FormField>

        <FormField
          id={ids.message}
          label={t("form.message")}
          error={errorText(errors.message)}
          className="sm:col-span-2"
        >
          <Textarea
            id={ids.message}
            rows={6}
            placeholder={t("form.messagePlaceholder")}
            className="resize-y"
            {...a11y("message", [ids.counterLabel, ids.counter])}
            {...register("message")}
          />
          <div className="flex items-center gap-3">
            <progress
              aria-hidden="true"
              max={CONTACT_MESSAGE_MAX}
              value={Math.min(message.length, CONTACT_MESSAGE_MAX)}
              className={cn(
                "h-1.5 flex-1 appearance-none overflow-hidden rounded-full bg-muted",
                "[&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:rounded-full",
                "[&::-webkit-progress-value]:transition-[width] [&::-webkit-progress-value]:duration-200",
                overLimit
                  ? "[&::-moz-progress-bar]:bg-destructive [&::-webkit-progress-value]:bg-destructive"
                  : "[&::-moz-progress-bar]:bg-primary [&::-webkit-progress-value]:bg-primary",
              )}
            />
            <p
              id={ids.counter}
              data-testid="message-counter"
              data-over-limit={overLimit ? "true" : "false"}
              className={cn(
                "shrink-0 text-xs font-medium tabular-nums",
                overLimit ? "text-destructive" : "text-muted-foreground",
              )}
            >
              {t("form.counter", { count: message.length, max: CONTACT_MESSAGE_MAX })}
            </p>
            <span id={ids.counterLabel} className="sr-only">
              {t("form.counterLabel")}
            </span>
          </div>
        </FormField>

        {/* Honeypot: off-screen for people, tempting for bots. */}
        <div aria-hidden="true" className="absolute top-auto -left-[10000px] size-px overflow-hidden">
          <label htmlFor={ids.website}>{t("form.honeypot")}</label>
          <input id={ids.website} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </div>

        <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Lock aria-hidden="true" className="size-3.5 shrink-0" />
            <span>
              {t("form.privacy")} <PrivacyLink />
            </span>
          </p>
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:min-w-44">
            {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            {isSubmitting ? t("form.submitting") : t("form.submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
