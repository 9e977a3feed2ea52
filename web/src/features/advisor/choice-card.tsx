import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** One answer in a question: a real radio or checkbox, drawn as a card. */
export function ChoiceCard({
  type,
  name,
  value,
  checked,
  onChange,
  label,
  hint,
  icon,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
  icon?: ReactNode;
}) {
  return (
    <label
      className={cn(
        "relative flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-colors",
        "hover:border-primary/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
        checked && "border-primary bg-accent/60 ring-1 ring-primary",
      )}
    >
      <input type={type} name={name} value={value} checked={checked} onChange={onChange} className="sr-only" />
      {icon ? <span className="mt-0.5 text-primary">{icon}</span> : null}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-foreground">{label}</span>
        {hint ? <span className="mt-1 block text-sm text-muted-foreground">{hint}</span> : null}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          "grid size-5 shrink-0 place-items-center border transition-colors",
          type === "radio" ? "rounded-full" : "rounded-md",
          checked ? "border-primary bg-primary text-primary-foreground" : "border-input",
        )}
      >
        {checked ? <Check className="size-3.5" /> : null}
      </span>
    </label>
  );
}
