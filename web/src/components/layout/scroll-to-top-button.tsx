import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { useScrolledPast } from "../../lib/use-scrolled-past.ts";
import { SCROLL_TOP_VISIBLE_AFTER_PX } from "./constants.ts";

/** The visitor asked their system for less motion: the page jumps instead of gliding. */
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TOP_VISIBLE_AFTER_PX);
  return (
    <button
      type="button"
      aria-label={t("scrollTop")}
      title={t("scrollTop")}
      // Fades out instead of unmounting: removing the focused button mid-scroll stops Chrome's
      // smooth scroll short of the top.
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion() ? "instant" : "smooth" })}
      className={cn(
        // Not on a phone: there it would stack over the chat button and cover even more of a narrow page.
        "fixed right-5 bottom-24 z-40 hidden size-11 place-items-center rounded-full border bg-card text-foreground shadow-lg sm:grid",
        "transition-[opacity,transform,visibility] duration-200 hover:bg-muted print:hidden",
        visible ? "visible translate-y-0 opacity-100" : "invisible translate-y-2 opacity-0",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
