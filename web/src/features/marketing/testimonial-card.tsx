import { Quote, Star } from "lucide-react";
import type { Testimonial } from "#content/types.ts";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";

const STAR_COUNT = 5;

function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">{label}</span>
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn("size-4", index < rating ? "fill-warning text-warning" : "fill-muted text-border")}
        />
      ))}
    </p>
  );
}

/** A client quote with its star rating and an initials avatar. */
export function TestimonialCard({ testimonial, ratingLabel }: { testimonial: Testimonial; ratingLabel: string }) {
  return (
    <Card className="relative flex h-full w-full flex-col p-6 sm:p-7">
      <figure className="flex h-full flex-col">
        <Quote aria-hidden="true" className="absolute top-6 right-6 size-8 text-primary/15" />
        <StarRating rating={testimonial.rating} label={ratingLabel} />
        <blockquote className="mt-5 mb-6 text-base leading-relaxed text-pretty text-foreground/90">
          <p>
            {"\u201C"}
            {testimonial.content}
            {"\u201D"}
          </p>
        </blockquote>
        <figcaption className="mt-auto flex items-center gap-3 border-t pt-5">
          <span
            aria-hidden="true"
            className={cn(
              "grid size-11 shrink-0 place-items-center rounded-full bg-accent",
              "text-sm font-bold text-accent-foreground ring-1 ring-primary/15",
              "ring-inset",
            )}
          >
            {testimonial.initials}
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-foreground">{testimonial.name}</span>
            <span className="block text-sm text-muted-foreground">
              {testimonial.role}
              {", "}
              {testimonial.company}
            </span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}
