import { Tabs as TabsPrimitive } from "radix-ui";
import { type ComponentType, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
}

const looks = {
  // A row of pills on a muted track (tools, consoles).
  pills: {
    list: "flex gap-1 rounded-xl border bg-muted p-1",
    trigger: cn(
      // The icon goes above its label where three labels would not fit side by side (a 320 px phone).
      "flex flex-1 flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-lg px-3 py-2 text-sm font-medium",
      "transition-colors",
      "text-muted-foreground hover:text-foreground",
      "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
    ),
  },
  // Underlined labels over a page section (admin sections).
  underline: {
    list: "flex gap-1 border-b",
    trigger: cn(
      "-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground",
      "hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground",
    ),
  },
} as const;

/**
 * Tabs with the keyboard behaviour of the WAI-ARIA tabs pattern (arrow keys, Home/End, one tab stop),
 * from Radix. Only the active panel is rendered; `children` is its content.
 */
export function Tabs<V extends string>({
  items,
  value,
  onValueChange,
  label,
  look = "pills",
  className,
  panelClassName,
  children,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** The accessible name of the tab list. */
  label: string;
  look?: keyof typeof looks;
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={(next) => onValueChange(next as V)} className={className}>
      {/* Radix writes outline:none and, on the first panel, animation-duration:0s as inline styles; the
          prerendered page takes none (html-validate's no-inline-style): a class hides the list's outline,
          and the panels have no animation to hold back. */}
      <TabsPrimitive.List
        aria-label={label}
        className={cn("outline-none", looks[look].list)}
        style={{ outline: undefined }}
      >
        {items.map(({ value: item, label: text, icon: Icon }) => (
          <TabsPrimitive.Trigger key={item} value={item} className={looks[look].trigger}>
            {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
            {text}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value={value} asChild>
        {/* As the child, its style wins over the one Radix gives the panel. */}
        <div className={panelClassName} style={{ animationDuration: undefined }}>
          {children}
        </div>
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}

/**
 * One choice among a few, shown as a segmented switch. Native radios of one name: arrow keys move
 * the choice, one tab stop, and the markup needs no ARIA roles or inline styles.
 */
export function SegmentedChoice<V extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
  itemClassName,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  label: string;
  className?: string;
  itemClassName?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn("flex rounded-lg border bg-card p-0.5", className)}>
      <legend className="sr-only">{label}</legend>
      {items.map(({ value: item, label: text, icon: Icon }) => (
        <label
          key={item}
          className={cn(
            "flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm text-muted-foreground",
            "has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
            itemClassName,
          )}
        >
          <input
            type="radio"
            name={name}
            value={item}
            checked={value === item}
            onChange={() => onValueChange(item)}
            className="sr-only"
          />
          {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
          {text}
        </label>
      ))}
    </fieldset>
  );
}
