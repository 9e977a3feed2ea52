import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AccountSignInRequest, accountMessages } from "#contracts/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { requestSignInLink } from "./account-api.ts";

type SignInInput = { email: string };

/** The email-link sign-in: one field, and the server's same-for-everyone answer once sent. */
export function SignInForm({ notice }: { notice?: string | undefined }) {
  const { t } = useTranslation("account");
  const ids = { email: useId(), error: useId() };
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput, unknown, AccountSignInRequest>({
    resolver: zodResolver(AccountSignInRequest),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "" },
  });

  const onSubmit = async (values: AccountSignInRequest) => {
    try {
      setSent(await requestSignInLink(values.email));
    } catch (failure) {
      // A refusal of the address goes under it; any other failure too, as the form's only field.
      if (applyServerFieldErrors(failure, setError, ["email"]) > 0) return;
      const message = (failure instanceof ApiError && failure.serverMessage()) || t("signIn.failed");
      setError("email", { type: "server", message }, { shouldFocus: true });
    }
  };

  // The contract's English message is the key of the page's language.
  const message = errors.email?.message;
  const errorText = message === accountMessages.emailInvalid ? t("validation.emailInvalid") : message;

  if (sent)
    return (
      <Card className="p-6 sm:p-8" role="status">
        <h2 className="text-xl font-bold text-foreground">{t("signIn.sentTitle")}</h2>
        <p className="mt-3 text-muted-foreground" data-testid="account-sign-in-sent">
          {sent}
        </p>
        <Button variant="outline" className="mt-6" onClick={() => setSent(null)}>
          {t("signIn.another")}
        </Button>
      </Card>
    );

  return (
    <Card className="p-6 sm:p-8">
      {notice ? (
        <p className="mb-5 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-foreground" role="alert">
          {notice}
        </p>
      ) : null}
      <p className="text-muted-foreground">{t("signIn.intro")}</p>
      <form className="mt-6 grid gap-3" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Label htmlFor={ids.email}>{t("signIn.email")}</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids.error : undefined}
          {...register("email")}
        />
        <FieldError id={ids.error} message={errorText} />
        <Button type="submit" disabled={isSubmitting} className="mt-2 justify-self-start">
          {isSubmitting ? t("signIn.sending") : t("signIn.submit")}
        </Button>
      </form>
    </Card>
  );
}
