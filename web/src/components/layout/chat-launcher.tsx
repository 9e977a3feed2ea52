import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { company } from "../../../../content/company.ts";
import { Spinner } from "../ui/spinner.tsx";

// The widget's code downloads on first open, so it adds nothing to a page's initial JavaScript.
const ChatPanel = lazy(() => import("../../features/chat/chat-panel.tsx"));

export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {open ? (
        <Suspense
          fallback={
            <div className="fixed right-5 bottom-24 z-50 grid h-40 w-[min(24rem,calc(100vw-2.5rem))] place-items-center rounded-2xl border bg-card shadow-2xl">
              <Spinner />
            </div>
          }
        >
          <ChatPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <button
        type="button"
        aria-label={open ? t("chat.close") : t("chat.open", { assistant: company.assistantName })}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="fixed right-5 bottom-5 z-50 print:hidden grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-xl transition hover:scale-105 hover:bg-primary/90"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
      </button>
    </>
  );
}
