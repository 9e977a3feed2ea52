import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AccountSignInRequest } from "#contracts/account.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { requestSignInLink } from "./account-api.ts";

/** The email-link sign-in: one field, and the server's same-for-everyone answer once sent. */
export function SignInForm({ notice }: { notice?: string | undefined }) {
  const { t } = useTranslation("account");
  const ids = { email: useId(), error: useId() };
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AccountSignInRequest.safeParse({ email });
    if (!parsed.success) return setError(t("validation.emailInvalid"));
    setError(undefined);
    setSending(true);
    try {
      setSent(await requestSignInLink(parsed.data.email));
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage()) || t("signIn.failed"));
    } finally {
      setSending(false);
    }
  }

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
      <form className="mt-6 grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <Label htmlFor={ids.email}>{t("signIn.email")}</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <FieldError id={ids.error} message={error} />
        <Button type="submit" disabled={sending} className="mt-2 justify-self-start">
          {sending ? t("signIn.sending") : t("signIn.submit")}
        </Button>
      </form>
    </Card>
  );
}
