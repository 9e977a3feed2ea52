import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "#content/company.ts";
import { useContent } from "../../i18n/content.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { rememberOpen, wasOpen } from "./open-state.ts";

// The widget's code downloads on first open, so it adds nothing to a page's initial JavaScript.
const ChatPanel = lazy(() => import("./chat-panel.tsx"));

export function ChatLauncher() {
  const { t } = useTranslation();
  const { company } = useContent("company", { company: englishCompany });
  // A content page's links load the next page: a conversation open there opens again here, as it was
  // (read once hydrated, so the prerendered page and hydration agree), until the visitor toggles it.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const open = chosen ?? (hydrated && wasOpen());
  // Once opened the widget stays mounted (hidden when closed), so its stream and unread count live on.
  const [loadedByTap, setLoaded] = useState(false);
  const loaded = loadedByTap || open;
  const [unread, setUnread] = useState(0);
  const onUnreadChange = useCallback((count: number) => setUnread(count), []);
  const toggle = (next: boolean) => {
    setChosen(next);
    rememberOpen(next);
  };
  return (
    <>
      {loaded ? (
        <Suspense
          fallback={
            <div
              className={cn(
                "fixed right-5 bottom-24 z-50 grid h-40",
                "w-[min(24rem,calc(100vw-2.5rem))] place-items-center rounded-2xl",
                "border bg-card shadow-2xl",
              )}
            >
              <Spinner />
            </div>
          }
        >
          <ChatPanel
            open={open}
            onClose={() => toggle(false)}
            onUnreadChange={onUnreadChange}
            focusOnOpen={chosen !== null}
          />
        </Suspense>
      ) : null}
      <button
        type="button"
        aria-label={open ? t("chat.close") : t("chat.open", { assistant: company.assistantName })}
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          toggle(!open);
        }}
        data-testid="chat-launcher"
        // Smaller and closer to the corner on a phone, where it sits over content; app.css moves it out
        // of the way there while the visitor types in a form field (the keyboard is up, the field is
        // what matters), before any script has loaded.
        data-chat-launcher=""
        className={cn(
          "fixed right-3 bottom-3 z-50 print:hidden grid size-12 sm:right-5 sm:bottom-5 sm:size-14",
          "place-items-center rounded-full bg-primary text-primary-foreground",
          "shadow-xl transition hover:scale-105 hover:bg-primary/90",
        )}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
        {!open && unread > 0 ? (
          <span
            data-testid="chat-unread"
            aria-label={t("chat.unread", { count: unread })}
            className={cn(
              "absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full",
              "bg-destructive px-1.5 text-xs font-bold text-destructive-foreground",
            )}
          >
            {unread}
          </span>
        ) : null}
      </button>
    </>
  );
}
