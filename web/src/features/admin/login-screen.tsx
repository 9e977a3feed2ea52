import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Eye, EyeOff, LoaderCircle, Lock, ShieldCheck, User } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { AdminLogin, AdminLoginAnswer, AdminSession, SecondFactorCode } from "#contracts/admin.ts";
import { ApiError } from "../../lib/api-client.ts";
import { Logo } from "../../components/layout/logo.tsx";
import { ThemeToggle } from "../../components/layout/theme-toggle.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { fetchSession, isNetworkError, safeNextPath, sendJson, serverMessage, sessionKey } from "./api.ts";
import { describedBy, FormField } from "./admin-ui.tsx";
import { useForgetAdminData } from "./session.tsx";
import { useFieldErrorText } from "./validation.ts";
import { paths } from "../../lib/route-table.ts";
import { cn } from "../../lib/cn.ts";

type Field = keyof AdminLogin;
const ids: Record<Field, string> = { username: "admin-username", password: "admin-password" };
const codeId = "admin-second-factor";

/** The staff sign-in screen (spec sections 2, 4 and 8), at /auth and /admin/login. */
export function LoginScreen() {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const forgetAdminData = useForgetAdminData();
  /** What went wrong with the whole sign-in (wrong password, no connection), above the button. */
  const [error, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  /** After a right password, for staff with two-factor sign-in: the code from their app (or a recovery code). */
  const [secondStep, setSecondStep] = useState(false);
  const login = useForm<z.input<typeof AdminLogin>, unknown, AdminLogin>({
    resolver: zodResolver(AdminLogin),
    reValidateMode: "onChange",
    defaultValues: { username: "", password: "" },
  });
  const secondFactor = useForm<z.input<typeof SecondFactorCode>, unknown, SecondFactorCode>({
    resolver: zodResolver(SecondFactorCode),
    reValidateMode: "onChange",
    defaultValues: { code: "" },
  });
  const busy = login.formState.isSubmitting || secondFactor.formState.isSubmitting;
  const loginErrorText = useFieldErrorText("login");
  const codeErrorText = useFieldErrorText("secondFactor");
  // Editing any field takes back what was said about the last attempt.
  const clearFormError = { onChange: () => setFormError(null) };

  const destination = () => safeNextPath(searchParams.get("next"), window.location.origin) ?? paths.admin();

  // A valid session already open in this browser goes straight to the dashboard.
  useEffect(() => {
    forgetAdminData();
    let cancelled = false;
    fetchSession()
      .then((session) => {
        if (cancelled || !session) return;
        queryClient.setQueryData(sessionKey, session);
        void navigate(destination(), { replace: true });
      })
      .catch(() => {
        // No answer: the visitor can still sign in, and will see the error then.
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  // The second step's field appears in place of the password form: give it the focus.
  const focusCode = secondFactor.setFocus;
  useEffect(() => {
    if (secondStep) focusCode("code");
  }, [secondStep, focusCode]);

  const onSubmit = async (values: AdminLogin) => {
    setFormError(null);
    try {
      const answer = await sendJson("POST", "/api/admin/login", values, AdminLoginAnswer);
      if ("secondFactor" in answer) {
        setSecondStep(true);
        return;
      }
      await signedIn(answer);
    } catch (failure) {
      setFormError(
        isNetworkError(failure)
          ? t("login.connectionError")
          : (serverMessage(failure) ?? t("login.invalidCredentials")),
      );
    }
  };

  const signedIn = async (session: AdminSession) => {
    queryClient.setQueryData(sessionKey, session);
    toast({ title: t("login.successTitle"), description: t("login.successDescription"), variant: "success" });
    await navigate(destination(), { replace: true });
  };

  const onSubmitCode = async (values: SecondFactorCode) => {
    setFormError(null);
    try {
      await signedIn(await sendJson("POST", "/api/admin/login/second-factor", values, AdminSession));
    } catch (failure) {
      const expired = failure instanceof ApiError && failure.errorBody()?.error === "second_factor_expired";
      if (expired) {
        // The pending sign-in ended (too long, too many codes): start again from the password.
        setSecondStep(false);
        secondFactor.reset();
        login.setValue("password", "");
      }
      setFormError(
        isNetworkError(failure)
          ? t("login.connectionError")
          : (serverMessage(failure) ?? t("validation.secondFactor.code.default")),
      );
    }
  };

  const usernameError = loginErrorText("username", login.formState.errors.username);
  const passwordError = loginErrorText("password", login.formState.errors.password);
  const codeError = codeErrorText("code", secondFactor.formState.errors.code);
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-background">
      {/* A quiet wash of the brand colour behind the card. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
        <div
          className={cn(
            "absolute -top-40 left-1/2 h-[32rem] w-[56rem] -translate-x-1/2",
            "rounded-full bg-primary/10 blur-3xl dark:bg-primary/15",
          )}
        />
        <div
          className={cn(
            "absolute inset-0",
            "bg-grid-lines",
            "[mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]",
            "bg-[size:44px_44px] opacity-50",
          )}
        />
      </div>

      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Button variant="ghost" size="sm" onClick={() => void navigate("/")}>
          <ArrowLeft aria-hidden="true" />
          {t("login.back")}
        </Button>
        <ThemeToggle />
      </header>

      <main className="flex flex-1 items-center justify-center px-4 pt-4 pb-16 sm:pb-24">
        <div className="w-full max-w-sm">
          <div className="flex justify-center">
            <span className="flex items-center gap-2.5">
              <Logo />
            </span>
          </div>

          <div className="mt-8 rounded-2xl border bg-card p-6 shadow-lg shadow-foreground/5 sm:p-8 dark:shadow-black/30">
            <span
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full bg-accent px-2.5 py-1",
                "text-xs font-medium text-accent-foreground",
              )}
            >
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              {t("login.badge")}
            </span>
            <h1 className="mt-4 text-xl font-semibold tracking-tight text-foreground">{t("login.title")}</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">{t("login.lead")}</p>

            {secondStep ? (
              <form
                noValidate
                onSubmit={(event) => void secondFactor.handleSubmit(onSubmitCode)(event)}
                className="mt-6 grid gap-4"
                aria-busy={busy}
                data-testid="second-factor-form"
              >
                <p className="text-sm text-muted-foreground">{t("twoFactor.loginLead")}</p>
                <FormField id={codeId} label={t("twoFactor.loginCode")} error={codeError}>
                  <Input
                    id={codeId}
                    autoComplete="one-time-code"
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-required="true"
                    {...describedBy(codeId, { error: codeError })}
                    {...secondFactor.register("code", clearFormError)}
                  />
                </FormField>
                {error ? (
                  <p
                    role="alert"
                    data-testid="login-error"
                    className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive"
                  >
                    {error}
                  </p>
                ) : null}
                <Button type="submit" className="mt-1 w-full" disabled={busy}>
                  {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                  {busy ? t("login.submitting") : t("twoFactor.verify")}
                </Button>
              </form>
            ) : (
              <form
                noValidate
                onSubmit={(event) => void login.handleSubmit(onSubmit)(event)}
                className="mt-6 grid gap-4"
                aria-busy={busy}
              >
                <FormField id={ids.username} label={t("login.username")} error={usernameError}>
                  <div className="relative">
                    <User
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
                    />
                    <Input
                      id={ids.username}
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      aria-required="true"
                      className="pl-10"
                      {...describedBy(ids.username, { error: usernameError })}
                      {...login.register("username", clearFormError)}
                    />
                  </div>
                </FormField>

                <FormField id={ids.password} label={t("login.password")} error={passwordError}>
                  <div className="relative">
                    <Lock
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
                    />
                    <Input
                      id={ids.password}
                      type={showPassword ? "text" : "password"}
                      autoComplete="current-password"
                      aria-required="true"
                      className="pr-11 pl-10"
                      {...describedBy(ids.password, { error: passwordError })}
                      {...login.register("password", clearFormError)}
                    />
                    <button
                      type="button"
                      onClick={() => setShowPassword((shown) => !shown)}
                      aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
                      aria-pressed={showPassword}
                      className={cn(
                        "absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2",
                        "place-items-center rounded-md text-muted-foreground transition-colors",
                        "hover:bg-muted hover:text-foreground",
                      )}
                    >
                      {showPassword ? (
                        <EyeOff aria-hidden="true" className="size-4" />
                      ) : (
                        <Eye aria-hidden="true" className="size-4" />
                      )}
                    </button>
                  </div>
                </FormField>

                {error ? (
                  <p
                    role="alert"
                    data-testid="login-error"
                    className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive"
                  >
                    {error}
                  </p>
                ) : null}

                <Button type="submit" className="mt-1 w-full" disabled={busy}>
                  {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                  {busy ? t("login.submitting") : t("login.submit")}
                </Button>
              </form>
            )}
          </div>

          <p className="mt-6 flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
            <Lock aria-hidden="true" className="size-3" />
            {t("login.footer")}
          </p>
        </div>
      </main>
    </div>
  );
}
