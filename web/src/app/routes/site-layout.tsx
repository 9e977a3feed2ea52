import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
import { ChatLauncher } from "../../features/chat/chat-launcher.tsx";
import { Footer } from "../../components/layout/footer.tsx";
import { Navbar } from "../../components/layout/navbar.tsx";
import { ScrollToTopButton } from "../../components/layout/scroll-to-top-button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { cn } from "../../lib/cn.ts";
import { Island } from "../../islands/island.tsx";
import { useScrollToTopOnNavigation } from "../../lib/use-scroll-to-top-on-navigation.ts";

export const handle: CatalogHandle = { i18n: ["content-company"] };

export default function SiteLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // A screen whose code is still downloading shows the centred spinner instead of the old page.
  const loadingOtherScreen = navigation.state === "loading" && navigation.location.pathname !== pathname;

  useScrollToTopOnNavigation();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className={cn(
          "sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3",
          "focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2",
          "focus:shadow",
        )}
      >
        {t("common.skipToContent")}
      </a>
      <Island name="navbar" component={Navbar} props={{}} />
      <main id="main" className="flex-1 pt-16 print:pt-0">
        {loadingOtherScreen ? <PageSpinner /> : <Outlet />}
      </main>
      <Footer />
      <Island name="scroll-top" component={ScrollToTopButton} props={{}} load="scroll" />
      <Island name="chat" component={ChatLauncher} props={{}} load="interaction" />
    </div>
  );
}
