import { Clock } from "lucide-react";
import type { Service } from "#content/types.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { CheckList } from "./check-list.tsx";

/** One service in a category: name, description, features and timeframe. */
export function ServiceCard({
  service,
  popularLabel,
  timeframeLabel,
}: {
  service: Service;
  popularLabel: string;
  timeframeLabel: string;
}) {
  return (
    <Card
      className={cn(
        "relative flex h-full w-full flex-col p-6",
        service.popular && "border-primary/50 ring-1 ring-primary/25",
      )}
    >
      {service.popular ? (
        <Badge tone="solid" className="absolute -top-3 left-6 shadow-sm">
          {popularLabel}
        </Badge>
      ) : null}
      <h3 className="text-lg font-semibold tracking-tight text-foreground">{service.name}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <CheckList items={service.features} className="mt-5" />
      <p className="mt-auto flex items-center gap-2 pt-6 text-sm font-medium text-foreground">
        <span className="grid size-7 place-items-center rounded-full bg-muted text-primary">
          <Clock aria-hidden="true" className="size-3.5" />
        </span>
        <span className="sr-only">{timeframeLabel}</span>
        {service.timeframe}
      </p>
    </Card>
  );
}
