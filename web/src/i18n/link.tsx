import { forwardRef } from "react";
import {
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
  type NavigateOptions,
  type To,
  useNavigate,
} from "react-router";
import { type Language, localizePath } from "#contracts/languages.ts";
import { useLanguage } from "./use-language.ts";

function localizeTo(to: To, language: Language): To {
  if (typeof to === "string") return localizePath(to, language);
  return to.pathname ? { ...to, pathname: localizePath(to.pathname, language) } : to;
}

/** Turns a site path (`/services`) into the current language's (`/fr/services`). */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}

/** A link that stays in the visitor's language: write the English path, get the right one. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={localizeTo(to, useLanguage())} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={localizeTo(to, useLanguage())} {...props} />;
});

/** useNavigate, in the visitor's language. */
export function useLocalizedNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const language = useLanguage();
  return (to, options) => void navigate(localizeTo(to, language), options);
}
