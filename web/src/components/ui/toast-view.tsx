import { Toast } from "radix-ui";
import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { dismissToast, useToasts } from "./use-toast.ts";

const variantStyles = {
  default: "border-border bg-card text-card-foreground",
  success: "border-success/40 bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
} as const;

const variantIcons = { default: Info, success: CircleCheck, destructive: CircleX } as const;

/** The Radix toast region; loaded with the first toast (see toaster.tsx). */
export default function ToastView() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider swipeDirection="right" label={t("toast.region")}>
      {toasts.map((item) => {
        const variant = item.variant ?? "default";
        const Icon = variantIcons[variant];
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            className={cn(
              "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
              "data-[swipe=end]:translate-x-full",
              variantStyles[variant],
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn("mt-0.5 size-5 shrink-0", variant === "success" && "text-success")}
            />
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              aria-label={t("toast.close")}
              className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition hover:opacity-100"
            >
              <X aria-hidden="true" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </Toast.Provider>
  );
}
