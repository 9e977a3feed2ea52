import type { ReactNode } from "react";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { stretchedLink } from "./format.ts";
import { IconTile } from "../../components/ui/icon-tile.tsx";

interface ContactLink {
  href: string;
  /** Opens in a new tab; `newTabLabel` is read to screen-reader users. */
  external?: { newTabLabel: string };
}

/** One way to reach the company: icon, what it is, the value (usually a link) and a detail line. */
export function ContactCard({
  icon,
  title,
  value,
  link,
  detail,
}: {
  icon: ReactNode;
  title: string;
  value: string;
  link?: ContactLink;
  detail?: string;
}) {
  return (
    <Card
      className={cn(
        "group relative flex h-full w-full flex-col p-6",
        link && "transition-colors hover:border-primary/40",
      )}
    >
      <IconTile>{icon}</IconTile>
      <h3 className="mt-5 text-sm font-medium text-muted-foreground">{title}</h3>
      {link ? (
        <a
          href={link.href}
          target={link.external ? "_blank" : undefined}
          rel={link.external ? "noopener noreferrer" : undefined}
          className={cn(
            "mt-1 font-semibold break-words text-foreground transition-colors group-hover:text-primary",
            stretchedLink,
          )}
        >
          {value}
          {link.external ? <span className="sr-only"> {link.external.newTabLabel}</span> : null}
        </a>
      ) : (
        <p className="mt-1 font-semibold text-foreground">{value}</p>
      )}
      {detail ? <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}
