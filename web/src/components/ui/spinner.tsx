import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-8 animate-spin rounded-full border-3 border-primary/25 border-t-primary",
        className,
      )}
    />
  );
}

/** The centred spinner shown while an on-demand screen loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
      {/* The app shell is one file for all languages: the browser may say this in another. */}
      <span className="sr-only" suppressHydrationWarning>
        {t("common.loading")}
      </span>
    </div>
  );
}
