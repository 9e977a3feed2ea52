import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "../../../../content/company.ts";
import { useContent } from "../../i18n/content.ts";
import { Spinner } from "../ui/spinner.tsx";

// The widget's code downloads on first open, so it adds nothing to a page's initial JavaScript.
const ChatPanel = lazy(() => import("../../features/chat/chat-panel.tsx"));

export function ChatLauncher() {
  const { t } = useTranslation();
  const { company } = useContent("company", { company: englishCompany });
  const [open, setOpen] = useState(false);
  // Once opened the widget stays mounted (hidden when closed), so its stream and unread count live on.
  const [loaded, setLoaded] = useState(false);
  const [unread, setUnread] = useState(0);
  const onUnreadChange = useCallback((count: number) => setUnread(count), []);
  return (
    <>
      {loaded ? (
        <Suspense
          fallback={
            <div className="fixed right-5 bottom-24 z-50 grid h-40 w-[min(24rem,calc(100vw-2.5rem))] place-items-center rounded-2xl border bg-card shadow-2xl">
              <Spinner />
            </div>
          }
        >
          <ChatPanel open={open} onClose={() => setOpen(false)} onUnreadChange={onUnreadChange} />
        </Suspense>
      ) : null}
      <button
        type="button"
        aria-label={open ? t("chat.close") : t("chat.open", { assistant: company.assistantName })}
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen((value) => !value);
        }}
        className="fixed right-5 bottom-5 z-50 print:hidden grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-xl transition hover:scale-105 hover:bg-primary/90"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
        {!open && unread > 0 ? (
          <span data-testid="chat-unread" aria-label={t("chat.unread", { count: unread })} className="absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full bg-destructive px-1.5 text-xs font-bold text-destructive-foreground">
            {unread}
          </span>
        ) : null}
      </button>
    </>
  );
}
