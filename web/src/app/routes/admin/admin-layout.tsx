import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import "../../../features/admin/admin-messages.ts";
import { AdminShell } from "../../../features/admin/admin-shell.tsx";
import { adminRetry, fetchSession, LOGIN_PATH, loginPathFor, send, sessionKey } from "../../../features/admin/api.ts";
import { PanelSpinner } from "../../../features/admin/admin-ui.tsx";
import { AdminSessionProvider, useSignInOnUnauthorized } from "../../../features/admin/session.tsx";
import { TwoFactorRequiredScreen } from "../../../features/admin/two-factor-setup.tsx";
import "../../staff.css";

/**
 * Every /admin screen renders inside this layout, which checks the session first: without one
 * the browser goes to sign-in and comes back here afterwards. The server checks every call anyway.
 */
export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = useQuery({ queryKey: sessionKey, queryFn: fetchSession, retry: adminRetry, staleTime: 60_000 });
  const signedOut = session.data === null;

  useSignInOnUnauthorized(Boolean(session.data));

  useEffect(() => {
    if (signedOut) void navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
    // Only when the answer says there is no session; later moves within /admin keep it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the session answer, not on every move
  }, [signedOut]);

  if (session.isError && !session.data) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-lg font-semibold text-foreground">{t("shell.sessionErrorTitle")}</h1>
        <p className="text-sm text-muted-foreground">{t("shell.sessionErrorBody")}</p>
        <Button size="sm" className="mt-2" onClick={() => void session.refetch()}>
          {t("shell.retry")}
        </Button>
      </main>
    );
  }
  if (!session.data) return <PageSpinner />;
  // An admin without a second factor sets it up before anything else (the server refuses the rest).
  if (session.data.twoFactor.enrolmentRequired) {
    const signOut = async () => {
      await send("POST", "/api/admin/logout").catch(() => undefined);
      await navigate(LOGIN_PATH, { replace: true });
    };
    return <TwoFactorRequiredScreen onSignOut={() => void signOut()} />;
  }

  // A screen whose code is still downloading shows a spinner in place of the old one.
  const loadingOtherScreen = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <AdminSessionProvider user={session.data.user}>
      <AdminShell twoFactorEnabled={session.data.twoFactor.enabled}>
        {loadingOtherScreen ? <PanelSpinner className="min-h-[50vh]" /> : <Outlet />}
      </AdminShell>
    </AdminSessionProvider>
  );
}
