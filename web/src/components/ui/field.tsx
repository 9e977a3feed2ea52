import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const control =
  "w-full rounded-lg border border-input bg-card px-3.5 text-sm text-foreground shadow-xs transition-colors " +
  "placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 " +
  "focus-visible:outline-ring/40 disabled:opacity-60 aria-[invalid=true]:border-destructive";

// The type is written out even for text, as html-validate's no-implicit-input-type asks.
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(control, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control, "min-h-36 py-3 leading-relaxed", className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(control, "h-11 appearance-none bg-no-repeat pr-10", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- every caller passes htmlFor
  return <label className={cn("text-sm font-medium text-foreground", className)} {...props} />;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    // Linked from the field by aria-describedby; not role="alert", which would make a screen
    // reader announce every field's error at once after an empty submit.
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
