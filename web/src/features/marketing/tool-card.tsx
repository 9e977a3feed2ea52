import type { FreeTool } from "../../../../content/types.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ArrowLink } from "./arrow-link.tsx";
import { IconTile } from "./icon-tile.tsx";

/** A free tool: icon, "free" badge, title, description and a link into the tool. */
export function ToolCard({ tool, badge }: { tool: FreeTool; badge: string }) {
  return (
    <Card className="group relative flex h-full w-full flex-col p-6 transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <IconTile>
          <Icon name={tool.icon} />
        </IconTile>
        <Badge tone="primary">{badge}</Badge>
      </div>
      <h3 className="mt-5 text-lg font-semibold tracking-tight text-foreground">{tool.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{tool.description}</p>
      <div className="mt-auto pt-6">
        <ArrowLink to={tool.href} stretched>
          {tool.cta}
        </ArrowLink>
      </div>
    </Card>
  );
}
