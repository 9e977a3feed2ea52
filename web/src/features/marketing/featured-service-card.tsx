import type { FeaturedBadge, FeaturedService } from "../../../../content/types.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ArrowLink } from "./arrow-link.tsx";
import { CheckList } from "./check-list.tsx";
import { IconTile } from "./icon-tile.tsx";

const badgeTones: Record<FeaturedBadge, BadgeTone> = {
  Featured: "solid",
  Popular: "primary",
  New: "warning",
  Pro: "neutral",
};

/** A home-page service card: icon, badge, title, description, highlights and its link. */
export function FeaturedServiceCard({ service }: { service: FeaturedService }) {
  return (
    <Card className="group relative flex h-full w-full flex-col p-6 transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <IconTile>
          <Icon name={service.icon} />
        </IconTile>
        <Badge tone={badgeTones[service.badge]}>{service.badge}</Badge>
      </div>
      <h3 className="mt-5 text-lg font-semibold tracking-tight text-foreground">{service.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <CheckList items={service.highlights} className="mt-5" />
      <div className="mt-auto pt-6">
        <ArrowLink to={service.href} stretched>
          {service.cta}
        </ArrowLink>
      </div>
    </Card>
  );
}
