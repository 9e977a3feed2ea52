import { lazy, Suspense } from "react";
import { useToasts } from "./use-toast.ts";

// Most visits never see a toast: the toast UI's code downloads with the first one.
const ToastView = lazy(() => import("./toast-view.tsx"));

export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
