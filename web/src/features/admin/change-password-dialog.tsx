import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ChangePassword, PASSWORD_MIN } from "#contracts/admin.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import {
  fetchSession,
  isNetworkError,
  isStatus,
  loginPathFor,
  send,
  serverFieldMessages,
  serverMessage,
} from "./api.ts";
import { AdminDialog, describedBy, FormAlert, FormField } from "./admin-ui.tsx";
import { currentPath } from "./session.tsx";
import { fieldCodes } from "./validation.ts";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const empty: Record<Field, string> = { currentPassword: "", newPassword: "", confirmPassword: "" };
const id = (field: Field) => `change-${field}`;

/** The signed-in staff member changes their own password. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setValues(empty);
    setProblems({});
    setFormError(undefined);
    setBusy(false);
  };

  const codeText = (field: Field, code: string) =>
    t(`validation.password.${field}.${code}` as "validation.password.newPassword.too_small", {
      min: PASSWORD_MIN,
      defaultValue: t("validation.invalid"),
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = ChangePassword.safeParse(values);
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const [field, code] of Object.entries(fieldCodes<Field>(parsed.error)))
        next[field as Field] = codeText(field as Field, code);
    }
    if (!next.newPassword && values.confirmPassword !== values.newPassword)
      next.confirmPassword = codeText("confirmPassword", "mismatch");
    setProblems(next);
    if (!parsed.success || Object.keys(next).length > 0) return;

    setBusy(true);
    setFormError(undefined);
    try {
      await send("POST", "/api/admin/me/password", parsed.data);
      toast({ title: t("password.done"), description: t("password.doneBody"), variant: "success" });
      reset();
      onOpenChange(false);
    } catch (error) {
      setBusy(false);
      // A 401 here may mean a wrong current password, or an ended session: ask which.
      if (isStatus(error, 401)) {
        const session = await fetchSession().catch(() => undefined);
        if (session === null) {
          void navigate(loginPathFor(currentPath()), { replace: true });
          return;
        }
      }
      const fields = serverFieldMessages(error);
      // A message about one field shows under that field; anything else above the buttons.
      if (Object.keys(fields).length > 0) setProblems(fields);
      else
        setFormError(
          isNetworkError(error) ? t("common.connectionError") : (serverMessage(error) ?? t("common.unexpectedError")),
        );
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <FormField id={id(name)} label={label} error={problems[name]}>
      <Input
        id={id(name)}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          setProblems((current) => ({ ...current, [name]: undefined }));
          setFormError(undefined);
        }}
        {...describedBy(id(name), { error: problems[name] })}
      />
    </FormField>
  );

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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
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
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {busy ? t("password.submitting") : t("password.submit")}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
