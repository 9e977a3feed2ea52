import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  CreateStaff,
  PASSWORD_MIN,
  ResetStaffPassword,
  StaffAccount,
  StaffRole,
  type StaffList,
} from "#contracts/admin.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { isNetworkError, isStatus, send, sendJson, serverMessage } from "./api.ts";
import { AdminDialog, describedBy, FormAlert, FormField } from "./admin-ui.tsx";
import { Select } from "./select.tsx";
import { useFieldErrorText } from "./validation.ts";

export const staffKey = ["/api/admin/users"] as const;

function DialogButtons({
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" size="sm" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** What went wrong with a whole form, in words for the person filling it. */
function failureText(t: (key: "common.connectionError" | "common.unexpectedError") => string, error: unknown): string {
  return isNetworkError(error) ? t("common.connectionError") : (serverMessage(error) ?? t("common.unexpectedError"));
}

type CreateStaffInput = z.input<typeof CreateStaff>;
const createFields: Array<keyof CreateStaffInput> = ["username", "displayName", "role", "password"];
const emptyCreate: CreateStaffInput = { username: "", displayName: "", role: "agent", password: "" };

export function CreateStaffDialog({ trigger }: { trigger: (open: () => void) => ReactNode }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateStaffInput, unknown, CreateStaff>({
    resolver: zodResolver(CreateStaff),
    reValidateMode: "onChange",
    defaultValues: emptyCreate,
  });
  const errorText = useFieldErrorText("staff", { min: PASSWORD_MIN });
  const problems = {
    username: errorText("username", errors.username),
    displayName: errorText("displayName", errors.displayName),
    role: errorText("role", errors.role),
    password: errorText("password", errors.password),
  };

  const close = () => {
    setOpen(false);
    reset(emptyCreate);
    setFormError(undefined);
  };

  const create = useMutation({
    mutationFn: (input: CreateStaff) => sendJson("POST", "/api/admin/users", input, StaffAccount),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffList>(staffKey, (current) =>
        current ? { items: [...current.items, account] } : current,
      );
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignees"] });
      toast({ title: t("staff.create.created", { name: account.displayName }), variant: "success" });
      close();
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      // A message about one field shows under that field; anything else above the buttons.
      if (applyServerFieldErrors(error, setError, createFields) === 0) setFormError(failureText(t, error));
    },
  });

  const onSubmit = (values: CreateStaff) => {
    if (create.isPending) return;
    setFormError(undefined);
    create.mutate(values);
  };

  // Editing any field takes back what was said about the whole form.
  const field = <F extends keyof CreateStaffInput>(name: F) =>
    register(name, { onChange: () => setFormError(undefined) });

  return (
    <>
      {trigger(() => setOpen(true))}
      <AdminDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t("staff.create.title")}
        description={t("staff.create.description")}
      >
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <FormField id="staff-display-name" label={t("staff.create.displayName")} error={problems.displayName}>
            <Input
              id="staff-display-name"
              autoComplete="off"
              {...describedBy("staff-display-name", { error: problems.displayName })}
              {...field("displayName")}
            />
          </FormField>
          <FormField
            id="staff-username"
            label={t("staff.create.username")}
            hint={t("staff.create.usernameHint")}
            error={problems.username}
          >
            <Input
              id="staff-username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...describedBy("staff-username", { hint: true, error: problems.username })}
              {...field("username")}
            />
          </FormField>
          <FormField id="staff-role" label={t("staff.create.role")} hint={t("staff.roleHelp")} error={problems.role}>
            <Select
              id="staff-role"
              {...describedBy("staff-role", { hint: true, error: problems.role })}
              {...field("role")}
            >
              {StaffRole.options.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="staff-password"
            label={t("staff.create.password")}
            hint={t("staff.create.passwordHint", { min: PASSWORD_MIN })}
            error={problems.password}
          >
            <Input
              id="staff-password"
              type="password"
              autoComplete="new-password"
              {...describedBy("staff-password", { hint: true, error: problems.password })}
              {...field("password")}
            />
          </FormField>
          <FormAlert message={formError} />
          <DialogButtons
            busy={create.isPending}
            label={t("staff.create.submit")}
            busyLabel={t("staff.create.submitting")}
            onCancel={close}
          />
        </form>
      </AdminDialog>
    </>
  );
}

/** The contract's body, and the new password typed twice; only the body is sent. */
const ResetPasswordForm = ResetStaffPassword.extend({ confirmPassword: z.string() }).refine(
  (values) => values.confirmPassword === values.newPassword,
  // Said only once the new password itself is acceptable.
  {
    path: ["confirmPassword"],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "newPassword"),
  },
);
type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
type ResetField = keyof ResetPasswordForm;
const emptyReset: ResetPasswordForm = { newPassword: "", confirmPassword: "" };

export function ResetPasswordDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset: resetForm,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordForm),
    reValidateMode: "onChange",
    defaultValues: emptyReset,
  });
  const errorText = useFieldErrorText("staff", { min: PASSWORD_MIN });

  const close = () => {
    resetForm(emptyReset);
    setFormError(undefined);
    onClose();
  };

  const reset = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResetStaffPassword }) =>
      send("POST", `/api/admin/users/${encodeURIComponent(id)}/reset-password`, body),
    onSuccess: () => {
      toast({ title: t("staff.reset.done", { name: account?.displayName ?? "" }), variant: "success" });
      close();
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      // A message about one field shows under that field; anything else above the buttons.
      if (applyServerFieldErrors(error, setError, ["newPassword"]) === 0) setFormError(failureText(t, error));
    },
  });

  const onSubmit = ({ newPassword }: ResetPasswordForm) => {
    if (!account || reset.isPending) return;
    setFormError(undefined);
    reset.mutate({ id: account.id, body: { newPassword } });
  };

  const field = (name: ResetField, label: string) => {
    const error = errorText(name, errors[name]);
    return (
      <FormField
        id={`reset-${name}`}
        label={label}
        hint={name === "newPassword" ? t("staff.create.passwordHint", { min: PASSWORD_MIN }) : undefined}
        error={error}
      >
        <Input
          id={`reset-${name}`}
          type="password"
          autoComplete="new-password"
          {...describedBy(`reset-${name}`, { hint: name === "newPassword", error })}
          {...register(name, { onChange: () => setFormError(undefined) })}
        />
      </FormField>
    );
  };

  return (
    <AdminDialog
      open={account !== null}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t("staff.reset.title", { name: account?.displayName ?? "" })}
      description={t("staff.reset.description")}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
        {field("newPassword", t("staff.reset.newPassword"))}
        {field("confirmPassword", t("staff.reset.confirmPassword"))}
        <FormAlert message={formError} />
        <DialogButtons
          busy={reset.isPending}
          label={t("staff.reset.submit")}
          busyLabel={t("staff.reset.submitting")}
          onCancel={close}
        />
      </form>
    </AdminDialog>
  );
}
