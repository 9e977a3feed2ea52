import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { useScrolledPast } from "../../lib/use-scrolled-past.ts";
import { SCROLL_TOP_VISIBLE_AFTER_PX } from "./constants.ts";

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TOP_VISIBLE_AFTER_PX);
  return (
    <button
      type="button"
      aria-label={t("scrollTop")}
      title={t("scrollTop")}
      hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className={cn(
        "fixed right-5 bottom-24 z-40 grid size-11 place-items-center rounded-full border bg-card text-foreground shadow-lg",
        "transition hover:bg-muted",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
