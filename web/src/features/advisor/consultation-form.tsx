import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  advisorMessages,
  CONSULTATION_NOTES_MAX,
  ConsultationRequest,
  type ConsultationRequestInput,
} from "#contracts/advisor.ts";
import { contactMessageCode } from "#contracts/contact.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import type { Namespaces } from "../../i18n/resources.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";

type Field = keyof ConsultationRequestInput;
type ValidationCode = keyof Namespaces["advisor"]["validation"];

/** Name, email and optional notes under the contact form's rules; turns the plan into a lead. */
export function ConsultationForm({ projectId, alreadyRequested }: { projectId: string; alreadyRequested: boolean }) {
  const { t, i18n } = useTranslation("advisor");
  const [done, setDone] = useState(alreadyRequested);
  const { register, handleSubmit, control, reset, formState } = useForm<
    ConsultationRequestInput,
    unknown,
    ConsultationRequest
  >({
    resolver: zodResolver(ConsultationRequest),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { firstName: "", lastName: "", email: "", notes: "" },
  });
  const notes = useWatch({ control, name: "notes" }) ?? "";

  const errorText = (error: HookFieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const code = error.message === advisorMessages.notesMax ? "notesMax" : contactMessageCode(error.message);
    return code && i18n.exists(`validation.${code}`, { ns: "advisor" })
      ? t(`validation.${code as ValidationCode}`)
      : error.message;
  };
  const a11y = (field: Field) => ({
    "aria-invalid": Boolean(formState.errors[field]),
    "aria-describedby": formState.errors[field] ? `consultation-${field}-error` : undefined,
  });

  const onSubmit = async (values: ConsultationRequest) => {
    try {
      await apiRequest("POST", `/api/projects/${projectId}/consultation`, values);
      reset();
      setDone(true);
      toast({ title: t("consultation.successTitle"), description: t("consultation.successBody"), variant: "success" });
    } catch {
      toast({ title: t("consultation.errorTitle"), description: t("consultation.errorBody"), variant: "destructive" });
    }
  };

  return (
    <Card className="p-6 sm:p-8 print:hidden">
      <h2 className="text-xl font-bold tracking-tight text-foreground">{t("consultation.title")}</h2>
      {done ? (
        <p role="status" className="mt-4 flex gap-2 text-foreground">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          {t("consultation.requested")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{t("consultation.lead")}</p>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {(["firstName", "lastName"] as const).map((field) => (
                <div key={field} className="grid gap-2">
                  <Label htmlFor={`consultation-${field}`}>{t(`consultation.${field}`)}</Label>
                  <Input
                    id={`consultation-${field}`}
                    autoComplete={field === "firstName" ? "given-name" : "family-name"}
                    {...a11y(field)}
                    {...register(field)}
                  />
                  <FieldError id={`consultation-${field}-error`} message={errorText(formState.errors[field])} />
                </div>
              ))}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="consultation-email">{t("consultation.email")}</Label>
              <Input
                id="consultation-email"
                type="email"
                autoComplete="email"
                {...a11y("email")}
                {...register("email")}
              />
              <FieldError id="consultation-email-error" message={errorText(formState.errors.email)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="consultation-notes">{t("consultation.notes")}</Label>
              <Textarea
                id="consultation-notes"
                rows={4}
                className="min-h-24"
                {...a11y("notes")}
                {...register("notes")}
              />
              <p
                className={cn(
                  "text-right text-xs tabular-nums",
                  notes.length > CONSULTATION_NOTES_MAX ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {t("consultation.notesCounter", { count: notes.length, max: CONSULTATION_NOTES_MAX })}
              </p>
              <FieldError id="consultation-notes-error" message={errorText(formState.errors.notes)} />
            </div>
            <Button type="submit" size="lg" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t("consultation.submitting") : t("consultation.submit")}
            </Button>
            <PrivacyNotice />
          </form>
        </>
      )}
    </Card>
  );
}
