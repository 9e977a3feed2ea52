import type { FeaturedBadge, FeaturedService } from "#content/types.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { CheckList } from "./check-list.tsx";
import { LinkCard } from "./link-card.tsx";

const badgeTones: Record<FeaturedBadge, BadgeTone> = {
  Featured: "solid",
  Popular: "primary",
  New: "warning",
  Pro: "neutral",
};

/**
 * A home-page service card: icon, badge, title, description, highlights and its link. `tone`
 * is the badge's English name (the colour follows it whatever language the badge is shown in).
 */
export function FeaturedServiceCard({
  service,
  tone = service.badge,
}: {
  service: FeaturedService;
  tone?: FeaturedBadge;
}) {
  return (
    <LinkCard
      icon={service.icon}
      badge={<Badge tone={badgeTones[tone] ?? "neutral"}>{service.badge}</Badge>}
      title={service.title}
      description={service.description}
      to={service.href}
      cta={service.cta}
    >
      <CheckList items={service.highlights} className="mt-5" />
    </LinkCard>
  );
}
