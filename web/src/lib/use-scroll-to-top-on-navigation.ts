import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Shows a new page from its top, as a full page load would. Only a change of page scrolls: the page
 * the visitor arrived on keeps its scroll, since a prerendered page is readable (and scrolled, or
 * opened at an anchor) before it hydrates, and hydration must not move it under their finger.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
}
