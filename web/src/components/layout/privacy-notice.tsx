import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { cn } from "../../lib/cn.ts";
import { paths } from "../../lib/route-table.ts";

/** The privacy policy link, for a form that already says what its details are for. */
export function PrivacyLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.privacy()} className="font-medium text-primary underline-offset-4 hover:underline">
      {t("privacyNotice.link")}
    </Link>
  );
}

/** Under every form that takes personal data: what the details are for, and the privacy policy. */
export function PrivacyNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn("text-xs leading-relaxed text-muted-foreground", className)} data-testid="privacy-notice">
      {t("privacyNotice.text")} <PrivacyLink />
    </p>
  );
}
