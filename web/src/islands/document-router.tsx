/**
 * What the islands use of React Router, for a page that has no router (decision 0036). The islands
 * build resolves `react-router` here, so the shared components (navbar, language switcher, chat, the
 * tools) run unchanged: the location is the document's, and a link is a plain link the browser follows.
 * The markup matches what React Router wrote when the page was prerendered, so hydration keeps it.
 */
import { type AnchorHTMLAttributes, forwardRef, type ReactNode, useSyncExternalStore } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | Partial<Pick<Location, "pathname" | "search" | "hash">>;

export interface NavigateOptions {
  replace?: boolean;
  preventScrollReset?: boolean;
}

type SearchParamsInit = string | URLSearchParams | Record<string, string>;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  prefetch?: string;
  discover?: "render" | "none";
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, "className" | "children" | "style"> {
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  style?: LinkProps["style"];
}

let renderedPath: string | undefined;

/**
 * The path the page was prerendered at (the 404 page is rendered once and served at any address):
 * islands hydrate with it, so their links match the HTML, then render again at the real address.
 */
export function setRenderedPath(path: string | undefined): void {
  renderedPath = path;
}

/** Who reads the address: told when an island writes the query, or the visitor goes back or forward. */
const readers = new Set<() => void>();
function addressChanged() {
  for (const reader of readers) reader();
}
function readAddress(reader: () => void): () => void {
  if (readers.size === 0) window.addEventListener("popstate", addressChanged);
  readers.add(reader);
  return () => {
    readers.delete(reader);
    if (readers.size === 0) window.removeEventListener("popstate", addressChanged);
  };
}

export function useLocation(): Location {
  const hydrated = useHydrated();
  useSyncExternalStore(
    readAddress,
    () => window.location.href,
    () => "",
  );
  const { pathname, search, hash } = window.location;
  if (!hydrated && renderedPath !== undefined)
    return { pathname: renderedPath, search: "", hash: "", state: null, key: "default" };
  return { pathname, search, hash, state: null, key: "default" };
}

function href(to: To): string {
  return typeof to === "string" ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ""}${to.hash ?? ""}`;
}

type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** Writes the query into the browser's history, with no page load, and tells the address's readers. */
const setSearchParams: SetSearchParams = (next, options) => {
  const current = new URLSearchParams(window.location.search);
  const query = new URLSearchParams(typeof next === "function" ? next(current) : next).toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  if (options?.replace) window.history.replaceState(window.history.state, "", url);
  else window.history.pushState(null, "", url);
  addressChanged();
};

/**
 * The address's query, read like the location: as prerendered while hydrating, then the real one.
 * A tool writes its state there (a report's id) without loading a page: in the browser's history,
 * where going back puts the previous query back.
 */
export function useSearchParams(): readonly [URLSearchParams, SetSearchParams] {
  return [new URLSearchParams(useLocation().search), setSearchParams] as const;
}

/** A document navigation: without a router, going somewhere is loading that page. */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  return (to, options) => {
    if (typeof to === "number") window.history.go(to);
    else if (options?.replace) window.location.replace(href(to));
    else window.location.assign(href(to));
  };
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace: _replace, prefetch: _prefetch, discover = "render", children, ...rest },
  ref,
) {
  const internal = typeof to !== "string" || !/^[a-z][a-z\d+.-]*:|^\/\//i.test(to);
  return (
    <a {...rest} ref={ref} href={href(to)} data-discover={internal && discover !== "none" ? "true" : undefined}>
      {children}
    </a>
  );
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end = false, className, children, style, ...rest },
  ref,
) {
  const current = useLocation().pathname.replace(/(.)\/+$/, "$1");
  const path = typeof to === "string" ? to.split(/[?#]/)[0]! : (to.pathname ?? current);
  const isActive = current === path || (!end && current.startsWith(path) && current.charAt(path.length) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={
        typeof className === "function" ? className(state) : [className, isActive && "active"].filter(Boolean).join(" ")
      }
      style={style}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
});
