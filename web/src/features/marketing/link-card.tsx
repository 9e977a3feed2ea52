import type { ReactNode } from "react";
import type { IconKey } from "#content/types.ts";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ArrowLink } from "./arrow-link.tsx";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * A card that is one big link: icon and badge, title, description, optional extras (`children`)
 * and the arrow link at the foot, stretched over the whole card.
 */
export function LinkCard({
  icon,
  badge,
  title,
  description,
  to,
  cta,
  children,
}: {
  icon: IconKey;
  badge: ReactNode;
  title: string;
  description: string;
  to: string;
  cta: string;
  children?: ReactNode;
}) {
  return (
    <Card
      className={cn(
        "group relative flex h-full w-full flex-col p-6",
        "transition-[border-color,box-shadow] hover:border-primary/40",
        "hover:shadow-md",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <IconTile>
          <Icon name={icon} />
        </IconTile>
        {badge}
      </div>
      <h3 className="mt-5 text-lg font-semibold tracking-tight text-foreground">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
      {children}
      <div className="mt-auto pt-6">
        <ArrowLink to={to} stretched>
          {cta}
        </ArrowLink>
      </div>
    </Card>
  );
}
