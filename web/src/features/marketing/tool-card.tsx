import type { FreeTool } from "#content/types.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { LinkCard } from "./link-card.tsx";

/** A free tool: icon, "free" badge, title, description and a link into the tool. */
export function ToolCard({ tool, badge }: { tool: FreeTool; badge: string }) {
  return (
    <LinkCard
      icon={tool.icon}
      badge={<Badge tone="primary">{badge}</Badge>}
      title={tool.title}
      description={tool.description}
      to={tool.href}
      cta={tool.cta}
    />
  );
}
