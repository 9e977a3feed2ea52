import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
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
import { isNetworkError, isStatus, send, sendJson, serverFieldMessages, serverMessage } from "./api.ts";
import { AdminDialog, describedBy, FormAlert, FormField } from "./admin-ui.tsx";
import { Select } from "./select.tsx";
import { fieldCodes } from "./validation.ts";

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

type CreateField = "username" | "displayName" | "role" | "password";
const emptyCreate = { username: "", displayName: "", role: "agent" as StaffRole, password: "" };

export function CreateStaffDialog({ trigger }: { trigger: (open: () => void) => ReactNode }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyCreate);
  const [problems, setProblems] = useState<Partial<Record<CreateField, string>>>({});
  const [formError, setFormError] = useState<string>();

  const close = () => {
    setOpen(false);
    setValues(emptyCreate);
    setProblems({});
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
      if (isStatus(error, 409)) {
        setProblems({ username: serverMessage(error) ?? t("staff.create.failed") });
        return;
      }
      const fields = serverFieldMessages(error);
      // A message about one field shows under that field; anything else above the buttons.
      if (Object.keys(fields).length > 0) setProblems(fields);
      else setFormError(failureText(t, error));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = CreateStaff.safeParse(values);
    if (!parsed.success) {
      const codes = fieldCodes<CreateField>(parsed.error);
      setProblems(
        Object.fromEntries(
          Object.entries(codes).map(([field, code]) => [
            field,
            t(`validation.staff.${field}.${code}` as "validation.staff.username.invalid_format", {
              min: PASSWORD_MIN,
              defaultValue: t("validation.invalid"),
            }),
          ]),
        ),
      );
      return;
    }
    setFormError(undefined);
    create.mutate(parsed.data);
  };

  const change = (field: CreateField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  };

  return (
    <>
      {trigger(() => setOpen(true))}
      <AdminDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t("staff.create.title")}
        description={t("staff.create.description")}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id="staff-display-name" label={t("staff.create.displayName")} error={problems.displayName}>
            <Input
              id="staff-display-name"
              autoComplete="off"
              value={values.displayName}
              onChange={(event) => change("displayName", event.target.value)}
              {...describedBy("staff-display-name", { error: problems.displayName })}
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
              value={values.username}
              onChange={(event) => change("username", event.target.value)}
              {...describedBy("staff-username", { hint: true, error: problems.username })}
            />
          </FormField>
          <FormField id="staff-role" label={t("staff.create.role")} hint={t("staff.roleHelp")} error={problems.role}>
            <Select
              id="staff-role"
              value={values.role}
              onChange={(event) => change("role", StaffRole.parse(event.target.value))}
              {...describedBy("staff-role", { hint: true, error: problems.role })}
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
              value={values.password}
              onChange={(event) => change("password", event.target.value)}
              {...describedBy("staff-password", { hint: true, error: problems.password })}
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

type ResetField = "newPassword" | "confirmPassword";

export function ResetPasswordDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const [values, setValues] = useState({ newPassword: "", confirmPassword: "" });
  const [problems, setProblems] = useState<Partial<Record<ResetField, string>>>({});
  const [formError, setFormError] = useState<string>();

  const close = () => {
    setValues({ newPassword: "", confirmPassword: "" });
    setProblems({});
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
      const fields = serverFieldMessages(error);
      // A message about one field shows under that field; anything else above the buttons.
      if (Object.keys(fields).length > 0) setProblems(fields);
      else setFormError(failureText(t, error));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!account || reset.isPending) return;
    const parsed = ResetStaffPassword.safeParse({ newPassword: values.newPassword });
    const next: Partial<Record<ResetField, string>> = {};
    if (!parsed.success) {
      const code = fieldCodes<"newPassword">(parsed.error).newPassword ?? "too_small";
      next.newPassword = t(`validation.staff.newPassword.${code}` as "validation.staff.newPassword.too_small", {
        min: PASSWORD_MIN,
        defaultValue: t("validation.invalid"),
      });
    } else if (values.confirmPassword !== values.newPassword) {
      next.confirmPassword = t("validation.staff.confirmPassword.mismatch");
    }
    setProblems(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setFormError(undefined);
    reset.mutate({ id: account.id, body: parsed.data });
  };

  const field = (name: ResetField, label: string) => (
    <FormField
      id={`reset-${name}`}
      label={label}
      hint={name === "newPassword" ? t("staff.create.passwordHint", { min: PASSWORD_MIN }) : undefined}
      error={problems[name]}
    >
      <Input
        id={`reset-${name}`}
        type="password"
        autoComplete="new-password"
        value={values[name]}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          setProblems((current) => ({ ...current, [name]: undefined }));
          setFormError(undefined);
        }}
        {...describedBy(`reset-${name}`, { hint: name === "newPassword", error: problems[name] })}
      />
    </FormField>
  );

  return (
    <AdminDialog
      open={account !== null}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t("staff.reset.title", { name: account?.displayName ?? "" })}
      description={t("staff.reset.description")}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
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
