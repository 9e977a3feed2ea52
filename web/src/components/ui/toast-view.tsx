import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { dismissToast, useToasts, type ToastItem } from "./use-toast.ts";

/** How long a toast shows before it closes itself, while nobody points at or focuses the toasts. */
export const TOAST_DURATION_MS = 5_000;

const variantStyles = {
  default: "border-border bg-card text-card-foreground",
  success: "border-success/40 bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
} as const;

const variantIcons = { default: Info, success: CircleCheck, destructive: CircleX } as const;

function ToastCard({ item, paused }: { item: ToastItem; paused: boolean }) {
  const { t } = useTranslation();
  const variant = item.variant ?? "default";
  const Icon = variantIcons[variant];
  // The time left, kept across pauses: pointing at a toast or focusing it stops its clock.
  const left = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [paused, item.id]);
  return (
    <li
      className={cn(
        "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
        variantStyles[variant],
      )}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", variant === "success" && "text-success")} />
      {/* An error interrupts; anything else waits its turn in the list's polite live region. */}
      <div className="grid gap-1" role={variant === "destructive" ? "alert" : undefined}>
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label={t("toast.close")}
        onClick={() => dismissToast(item.id)}
        onKeyDown={(event) => {
          if (event.key === "Escape") dismissToast(item.id);
        }}
        className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * The toasts' region, loaded with the first toast (see toaster.tsx): a named landmark that F8 focuses,
 * with a polite live list. Plain markup, so every screen stays valid HTML (no inline styles).
 */
export default function ToastView() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const region = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The live list is in the page before the first toast goes into it, so screen readers announce it.
  const [live, setLive] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setLive(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") region.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  const shown = live ? toasts.filter((item) => item.open) : [];
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={t("toast.region")}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="pointer-events-none fixed right-0 bottom-0 z-[100] w-full p-4 focus:outline-none sm:max-w-sm"
    >
      <ol aria-live="polite" className="flex max-h-screen flex-col gap-2">
        {shown.map((item) => (
          <ToastCard key={item.id} item={item} paused={hovered || focused} />
        ))}
      </ol>
    </section>
  );
}
