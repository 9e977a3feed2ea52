import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Copy, LoaderCircle, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { RecoveryCodes, TwoFactorConfirm, TwoFactorSetup } from "#contracts/admin.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { isNetworkError, sendJson, serverMessage, sessionKey } from "./api.ts";
import { AdminDialog, describedBy, FormAlert, FormField } from "./admin-ui.tsx";
import { useFieldErrorText } from "./validation.ts";

const codeId = "two-factor-setup-code";

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done, variant: "success" });
  } catch {
    // No clipboard (an insecure origin, a refusal): the text stays on screen to copy by hand.
  }
}

/**
 * Setting up two-factor sign-in: a secret for the authenticator app, a code from it to confirm,
 * then the recovery codes, shown this once. onFinished runs after the codes were acknowledged.
 */
export function TwoFactorSetupPanel({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [formError, setFormError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof TwoFactorConfirm>, unknown, TwoFactorConfirm>({
    resolver: zodResolver(TwoFactorConfirm),
    reValidateMode: "onChange",
    defaultValues: { code: "" },
  });
  const codeError = useFieldErrorText("twoFactorSetup")("code", errors.code);

  const failure = (error: unknown) =>
    isNetworkError(error) ? t("common.connectionError") : (serverMessage(error) ?? t("common.unexpectedError"));

  const start = async () => {
    setStarting(true);
    setFormError(undefined);
    try {
      setSetup(await sendJson("POST", "/api/admin/me/two-factor/setup", {}, TwoFactorSetup));
    } catch (error) {
      setFormError(failure(error));
    }
    setStarting(false);
  };

  const confirm = async (values: TwoFactorConfirm) => {
    setFormError(undefined);
    try {
      const answer = await sendJson("POST", "/api/admin/me/two-factor/confirm", values, RecoveryCodes);
      setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ["code"]) === 0) setFormError(failure(error));
    }
  };

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    toast({ title: t("twoFactor.enabled"), variant: "success" });
    onFinished();
  };

  if (recoveryCodes) {
    return (
      <div className="grid gap-4" data-testid="recovery-codes">
        <p className="text-sm text-muted-foreground">{t("twoFactor.recoveryLead")}</p>
        <ul className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-3 font-mono text-sm">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copy(recoveryCodes.join("\n"), t("twoFactor.copied"))}
          >
            <Copy aria-hidden="true" />
            {t("twoFactor.copyCodes")}
          </Button>
          <Button size="sm" onClick={() => void finish()}>
            {t("twoFactor.savedCodes")}
          </Button>
        </div>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("twoFactor.intro")}</p>
        <FormAlert message={formError} />
        <Button onClick={() => void start()} disabled={starting} className="justify-self-start">
          {starting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ShieldCheck aria-hidden="true" />}
          {t("twoFactor.start")}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(confirm)(event)}
      className="grid gap-4"
      aria-busy={isSubmitting}
    >
      <p className="text-sm text-muted-foreground">{t("twoFactor.scanLead")}</p>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium text-foreground">{t("twoFactor.secret")}</span>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all"
            data-testid="totp-secret"
          >
            {setup.secret}
          </code>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t("twoFactor.copySecret")}
            onClick={() => void copy(setup.secret, t("twoFactor.copied"))}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium text-foreground">{t("twoFactor.uri")}</span>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-all">
            {setup.uri}
          </code>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t("twoFactor.copyUri")}
            onClick={() => void copy(setup.uri, t("twoFactor.copied"))}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
      </div>
      <FormField id={codeId} label={t("twoFactor.confirmCode")} error={codeError}>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...describedBy(codeId, { error: codeError })}
          {...register("code", { onChange: () => setFormError(undefined) })}
        />
      </FormField>
      <FormAlert message={formError} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {t("twoFactor.confirm")}
      </Button>
    </form>
  );
}

/** The same setup from the account menu, for staff who choose it before it is required. */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("admin");
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={t("twoFactor.title")}>
      {open ? <TwoFactorSetupPanel onFinished={() => onOpenChange(false)} /> : null}
    </AdminDialog>
  );
}

/** Shown instead of the dashboard to an admin who must set up two-factor sign-in first. */
export function TwoFactorRequiredScreen({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation("admin");
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col justify-center gap-6 px-4 py-10">
      <div className="rounded-2xl border bg-card p-6 shadow-lg shadow-foreground/5 sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-foreground">{t("twoFactor.requiredTitle")}</h1>
        <p className="mt-1.5 mb-6 text-sm text-muted-foreground">{t("twoFactor.requiredLead")}</p>
        <TwoFactorSetupPanel onFinished={() => undefined} />
      </div>
      <Button variant="ghost" size="sm" className="self-center" onClick={onSignOut}>
        {t("shell.signOut")}
      </Button>
    </main>
  );
}
