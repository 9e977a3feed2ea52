import { ChevronsUpDown, ExternalLink, KeyRound, LogOut, Menu, ShieldCheck, X } from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { ThemeToggle } from "../../components/layout/theme-toggle.tsx";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { cn } from "../../lib/cn.ts";
import { company } from "#content/company.ts";
import { isStatus, LOGIN_PATH, send } from "./api.ts";
import { Avatar } from "./admin-ui.tsx";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { TwoFactorDialog } from "./two-factor-setup.tsx";
import { navGroups, visibleNavItems } from "./nav.ts";
import { useAdminUser } from "./session.tsx";
import { paths } from "../../lib/route-table.ts";
import { useScrollToTopOnNavigation } from "../../lib/use-scroll-to-top-on-navigation.ts";

function Brand() {
  const { t } = useTranslation("admin");
  return (
    <Link to={paths.admin()} className="flex min-w-0 items-center gap-2.5 rounded-md">
      <span
        aria-hidden="true"
        className={cn(
          "grid size-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br",
          "from-primary to-cyan-500 text-xs font-bold text-white shadow-sm",
        )}
      >
        {company.shortName}
      </span>
      <span className="min-w-0 leading-tight">
        <span className="block truncate text-sm font-semibold text-foreground">{company.name}</span>
        <span className="block text-xs text-muted-foreground">{t("shell.brand")}</span>
      </span>
    </Link>
  );
}

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  const user = useAdminUser();
  const items = visibleNavItems(user.role);
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("shell.navLabel")} className="flex-1 overflow-y-auto px-3 py-4">
      {navGroups.map((group) => {
        const groupItems = items.filter((item) => item.group === group);
        if (groupItems.length === 0) return null;
        return (
          <div key={group} className="mb-5 last:mb-0">
            <p className="px-2.5 pb-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
              {t(`shell.groups.${group}`)}
            </p>
            <ul className="grid gap-0.5">
              {groupItems.map((item) => (
                <li key={item.key}>
                  <NavLink
                    to={item.to}
                    end={item.to === paths.admin()}
                    onClick={onNavigate}
                    data-nav={item.key}
                    className={({ isActive }) =>
                      cn(
                        "group flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors",
                        isActive || (item.activeUnder && pathname.startsWith(item.activeUnder))
                          ? "bg-accent text-accent-foreground"
                          : "text-muted-foreground hover:bg-muted hover:text-foreground",
                      )
                    }
                  >
                    <item.icon aria-hidden="true" className="size-4 shrink-0" />
                    <span className="flex-1 truncate">{t(`shell.nav.${item.key}`)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

interface AccountActions {
  onChangePassword: () => void;
  /** Set when two-factor sign-in is not set up yet. */
  onSetUpTwoFactor?: () => void;
}

function AccountMenu({ onChangePassword, onSetUpTwoFactor }: AccountActions) {
  const { t } = useTranslation("admin");
  const user = useAdminUser();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await send("POST", "/api/admin/logout");
    } catch (error) {
      // Already signed out is as good as signing out.
      if (!isStatus(error, 401)) {
        setSigningOut(false);
        toast({ title: t("shell.signOutFailed"), description: t("shell.signOutFailedBody"), variant: "destructive" });
        return;
      }
    }
    await navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={t("shell.account", { name: user.displayName })}
          className={cn(
            "flex w-full min-w-0 items-center gap-2.5 rounded-lg px-2 py-2",
            "text-left transition-colors hover:bg-muted data-[state=open]:bg-muted",
          )}
        >
          <Avatar name={user.displayName} />
          <span className="min-w-0 flex-1 leading-tight">
            <span className="block truncate text-sm font-medium text-foreground" data-testid="admin-user-name">
              {user.displayName}
            </span>
            <span className="block truncate text-xs text-muted-foreground" data-testid="admin-user-role">
              {t(`roles.${user.role}`)} · {user.username}
            </span>
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          className={cn(
            "z-[80] w-[var(--radix-dropdown-menu-trigger-width)] min-w-56",
            "rounded-lg border bg-card p-1 text-card-foreground shadow-lg",
          )}
        >
          <DropdownMenu.Item className={menuItem} onSelect={onChangePassword}>
            <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
            {t("shell.changePassword")}
          </DropdownMenu.Item>
          {onSetUpTwoFactor ? (
            <DropdownMenu.Item className={menuItem} onSelect={onSetUpTwoFactor}>
              <ShieldCheck aria-hidden="true" className="size-4 text-muted-foreground" />
              {t("twoFactor.menu")}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={menuItem} asChild>
            <Link to={paths.home()}>
              <ExternalLink aria-hidden="true" className="size-4 text-muted-foreground" />
              {t("shell.viewSite")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={menuItem}
            disabled={signingOut}
            onSelect={(event) => {
              event.preventDefault();
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-4 text-muted-foreground" />
            {signingOut ? t("shell.signingOut") : t("shell.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const menuItem =
  "flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm text-foreground outline-none " +
  "select-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted";

function SidebarFooter(actions: AccountActions) {
  return (
    <div className="flex items-center gap-1 border-t p-2">
      <div className="min-w-0 flex-1">
        <AccountMenu {...actions} />
      </div>
      <ThemeToggle />
    </div>
  );
}

/** The back office frame: sidebar on wide screens, a drawer on phones. */
export function AdminShell({ children, twoFactorEnabled }: { children: ReactNode; twoFactorEnabled: boolean }) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  // Open for the page it was opened on: following a link closes it.
  const [drawerOn, setDrawerOn] = useState<string | null>(null);
  const drawerOpen = drawerOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOn(open ? pathname : null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const openTwoFactor = twoFactorEnabled
    ? undefined
    : () => {
        setDrawerOpen(false);
        setTwoFactorOpen(true);
      };

  useScrollToTopOnNavigation();

  const openPassword = () => {
    setDrawerOpen(false);
    setPasswordOpen(true);
  };

  return (
    <div className="min-h-dvh bg-background lg:pl-64">
      <a
        href="#admin-main"
        className={cn(
          "sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3",
          "focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2",
          "focus:shadow",
        )}
      >
        {t("shell.skipToContent")}
      </a>

      <aside
        aria-label={t("shell.sidebarLabel")}
        className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r bg-card lg:flex"
      >
        <div className="flex h-16 shrink-0 items-center border-b px-5">
          <Brand />
        </div>
        <SidebarNav />
        <SidebarFooter onChangePassword={openPassword} onSetUpTwoFactor={openTwoFactor} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <header
          className={cn(
            "sticky top-0 z-30 flex h-14 items-center gap-3 border-b",
            "bg-background/90 px-3 backdrop-blur",
            "supports-[backdrop-filter]:bg-background/75 sm:px-5 lg:hidden",
          )}
        >
          <Dialog.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={t("shell.openMenu")}>
              <Menu aria-hidden="true" className="size-5" />
            </Button>
          </Dialog.Trigger>
          <Brand />
        </header>
        <Dialog.Portal>
          <Dialog.Overlay
            className={cn(
              "fixed inset-0 z-[60] bg-foreground/40 transition-opacity duration-200",
              "starting:opacity-0 lg:hidden dark:bg-black/60",
            )}
          />
          <Dialog.Content
            aria-describedby={undefined}
            className={cn(
              "fixed inset-y-0 left-0 z-[61] flex w-72 max-w-[85vw] flex-col border-r",
              "bg-card shadow-2xl transition-transform duration-200",
              "starting:-translate-x-full lg:hidden",
            )}
          >
            <Dialog.Title className="sr-only">{t("shell.navLabel")}</Dialog.Title>
            <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b pr-2 pl-4">
              <Brand />
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t("shell.closeMenu")}>
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </Dialog.Close>
            </div>
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
            <SidebarFooter onChangePassword={openPassword} onSetUpTwoFactor={openTwoFactor} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main id="admin-main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-10">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>

      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      <TwoFactorDialog open={twoFactorOpen} onOpenChange={setTwoFactorOpen} />
    </div>
  );
}
