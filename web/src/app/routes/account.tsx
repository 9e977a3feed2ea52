import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Button } from "../../components/ui/button.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import {
  fetchAccount,
  openAccountSession,
  signOutOfAccount,
  tokenFromHash,
} from "../../features/account/account-api.ts";
import { AccountOverviewView } from "../../features/account/account-overview.tsx";
import { DataRightsPanel } from "../../features/account/data-rights-panel.tsx";
import { RenewalsPanel } from "../../features/account/renewals-panel.tsx";
import { SignInForm } from "../../features/account/sign-in-form.tsx";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/account";

export const handle: CatalogHandle = { i18n: ["account", "content-services"] };

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: i18n.t("meta.title", { ns: "account" }),
    description: i18n.t("meta.description", { ns: "account" }),
    path: location.pathname,
    noindex: true,
  });
}

/**
 * /account: sign in by an emailed link, then everything that belongs to the address. The link's
 * token arrives in the fragment; it is spent once, then wiped from the address bar and history.
 */
export default function AccountPage() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  // The server render never sees a link token: nothing shows until the browser has looked.
  const hydrated = useHydrated();
  const [linkState, setLinkState] = useState<"opening" | "ready" | "failed">(() =>
    typeof window !== "undefined" && tokenFromHash(window.location.hash) ? "opening" : "ready",
  );

  useEffect(() => {
    function spend(token: string) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      openAccountSession(token).then(
        () => {
          setLinkState("ready");
          void queryClient.invalidateQueries({ queryKey: ["account"] });
        },
        () => setLinkState("failed"),
      );
    }
    const initial = tokenFromHash(window.location.hash);
    if (initial) spend(initial);
    // A link pasted into this very tab changes only the fragment: no new page load.
    function onHashChange() {
      const token = tokenFromHash(window.location.hash);
      if (!token) return;
      setLinkState("opening");
      spend(token);
    }
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [queryClient]);

  const settled = hydrated && linkState !== "opening";
  // Back from paying a renewal: /account?renewal=REN-…
  const [searchParams] = useSearchParams();
  const returnedFrom = searchParams.get("renewal");
  const account = useQuery({ queryKey: ["account"], queryFn: fetchAccount, enabled: settled, staleTime: 0 });

  async function signOut() {
    await signOutOfAccount();
    queryClient.setQueryData(["account"], null);
  }

  let body: React.ReactNode;
  if (hydrated && linkState === "opening")
    body = (
      <p className="text-muted-foreground" role="status">
        {t("signIn.signingIn")}
      </p>
    );
  else if (!settled || account.isPending) body = <PageSpinner />;
  else if (account.isError) body = <p className="text-muted-foreground">{t("overview.loadError")}</p>;
  else if (!account.data) body = <SignInForm notice={linkState === "failed" ? t("signIn.linkFailed") : undefined} />;
  else
    body = (
      <>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground" data-testid="account-email">
            {t("overview.signedInAs", { email: account.data.email })}
          </p>
          <Button variant="outline" onClick={() => void signOut()}>
            {t("overview.signOut")}
          </Button>
        </div>
        <AccountOverviewView account={account.data} />
        <div className="mt-6">
          <RenewalsPanel returnedFrom={returnedFrom} />
        </div>
        <div className="mt-6">
          <DataRightsPanel />
        </div>
      </>
    );

  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <h1 className="mb-6 text-3xl font-bold text-foreground">{t("overview.title")}</h1>
      {body}
    </Container>
  );
}
