import type { LucideIcon } from "lucide-react";
import { Link } from "../../i18n/link.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";

export interface ButtonLink {
  to: string;
  label: string;
  icon?: LucideIcon;
}

function LinkButton({ link, variant }: { link: ButtonLink; variant?: "outline" }) {
  const { icon: Icon } = link;
  return (
    <Link className={buttonClasses(variant, "lg")} to={link.to}>
      {Icon ? <Icon aria-hidden="true" /> : null}
      {link.label}
    </Link>
  );
}

/** The usual pair of calls to action, a solid link then an outline one. Place it in a flex row. */
export function LinkButtons({ primary, secondary }: { primary: ButtonLink; secondary: ButtonLink }) {
  return (
    <>
      <LinkButton link={primary} />
      <LinkButton link={secondary} variant="outline" />
    </>
  );
}
