import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ChangePassword, PASSWORD_MIN } from "#contracts/admin.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { fetchSession, isNetworkError, isStatus, loginPathFor, send, serverMessage } from "./api.ts";
import { AdminDialog, describedBy, FormAlert, FormField } from "./admin-ui.tsx";
import { currentPath } from "./session.tsx";
import { useFieldErrorText } from "./validation.ts";

/** The contract's body, and the new password typed twice; only the body is sent. */
const ChangePasswordForm = ChangePassword.extend({ confirmPassword: z.string() }).refine(
  (values) => values.confirmPassword === values.newPassword,
  // Said only once the new password itself is acceptable.
  {
    path: ["confirmPassword"],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "newPassword"),
  },
);
type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;
type Field = keyof ChangePasswordForm;
const fields: Field[] = ["currentPassword", "newPassword", "confirmPassword"];
const empty: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };
const id = (field: Field) => `change-${field}`;

/** The signed-in staff member changes their own password. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset: resetForm,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordForm),
    reValidateMode: "onChange",
    defaultValues: empty,
  });
  const errorText = useFieldErrorText("password", { min: PASSWORD_MIN });

  const reset = () => {
    resetForm(empty);
    setFormError(undefined);
  };

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    setFormError(undefined);
    try {
      await send("POST", "/api/admin/me/password", { currentPassword, newPassword } satisfies ChangePassword);
      toast({ title: t("password.done"), description: t("password.doneBody"), variant: "success" });
      reset();
      onOpenChange(false);
    } catch (error) {
      // A 401 here may mean a wrong current password, or an ended session: ask which.
      if (isStatus(error, 401)) {
        const session = await fetchSession().catch(() => undefined);
        if (session === null) {
          void navigate(loginPathFor(currentPath()), { replace: true });
          return;
        }
      }
      // A message about one field shows under that field; anything else above the buttons.
      if (applyServerFieldErrors(error, setError, fields) === 0)
        setFormError(
          isNetworkError(error) ? t("common.connectionError") : (serverMessage(error) ?? t("common.unexpectedError")),
        );
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => {
    const error = errorText(name, errors[name]);
    return (
      <FormField id={id(name)} label={label} error={error}>
        <Input
          id={id(name)}
          type="password"
          autoComplete={autoComplete}
          {...describedBy(id(name), { error })}
          {...register(name, { onChange: () => setFormError(undefined) })}
        />
      </FormField>
    );
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t("password.title")}
      description={t("password.description", { min: PASSWORD_MIN })}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
        {field("currentPassword", t("password.currentPassword"), "current-password")}
        {field("newPassword", t("password.newPassword"), "new-password")}
        {field("confirmPassword", t("password.confirmPassword"), "new-password")}
        <FormAlert message={formError} />
        <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            {t("common.cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {isSubmitting ? t("password.submitting") : t("password.submit")}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
