import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link, NavLink } from "../../i18n/link.tsx";
import { brand } from "#content/brand.ts";
import { cn } from "../../lib/cn.ts";
import { useScrolledPast } from "../../lib/use-scrolled-past.ts";
import { Button, buttonClasses } from "../ui/button.tsx";
import { NAVBAR_SOLID_AFTER_PX } from "./constants.ts";
import { LanguageList, LanguageMenu } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { paths } from "../../lib/route-table.ts";

const links = [
  { to: "/", key: "home" },
  { to: paths.services(), key: "services" },
  { to: paths.domains(), key: "domains" },
  { to: paths.techStackAdvisor(), key: "techStack" },
  { to: paths.about(), key: "about" },
  { to: paths.contact(), key: "contact" },
] as const;

export function Navbar() {
  const { t } = useTranslation();
  const solid = useScrolledPast(NAVBAR_SOLID_AFTER_PX);
  const location = useLocation();
  // Open for the page it was opened on: following a link closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === location.pathname;
  const setMenuOpen = (open: boolean | ((was: boolean) => boolean)) =>
    setMenuOn((on) => {
      const next = typeof open === "function" ? open(on === location.pathname) : open;
      return next ? location.pathname : null;
    });
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOn(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium transition-colors",
      isActive ? "text-primary" : "text-foreground/80 hover:text-foreground",
    );

  return (
    <header
      data-solid={solid || menuOpen ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow,border-color] duration-200 print:hidden",
        solid || menuOpen
          ? "border-b bg-background/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/85"
          : "border-b border-transparent bg-transparent",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home()}
          className="flex items-center gap-2.5 rounded-md"
          aria-label={t("nav.homeLink", { company: brand.name })}
        >
          <Logo />
        </Link>
        <nav aria-label={t("nav.mainLabel")} className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={linkClass}>
              {t(`nav.${link.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <div className="hidden sm:block">
            <LanguageMenu />
          </div>
          <ThemeToggle />
          {/* A wrapper hides it on phones: the button's own display class would win over "hidden". */}
          <span className="hidden sm:block">
            <Link className={buttonClasses("primary", "sm")} to={paths.techStackAdvisor()}>
              {t("nav.getStarted")}
            </Link>
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </Button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t bg-background lg:hidden">
        <nav aria-label={t("nav.mobileLabel")} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-lg px-3 py-3 text-base font-medium",
                  isActive ? "bg-accent text-accent-foreground" : "hover:bg-muted",
                )
              }
            >
              {t(`nav.${link.key}`)}
            </NavLink>
          ))}
          <Link className={buttonClasses("primary", "md", "mt-2")} to={paths.techStackAdvisor()}>
            {t("nav.getStarted")}
          </Link>
          <LanguageList className="mt-3 border-t pt-3" landmark={false} />
        </nav>
      </div>
    </header>
  );
}
