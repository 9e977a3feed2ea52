import { zodResolver } from "@hookform/resolvers/zod";
import { Bot, Check, CheckCheck, Headset, RotateCcw, Send, SquarePen, Volume2, VolumeX } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { company as englishCompany } from "#content/company.ts";
import { CHAT_MESSAGE_MAX, CHAT_SCROLL_TOLERANCE_PX, ChatRequest } from "#contracts/chat.ts";
import { toast } from "../../components/ui/use-toast.ts";
import { useContent } from "../../i18n/content.ts";
import { cn } from "../../lib/cn.ts";
import {
  countdownLabel,
  groupMessages,
  isAtBottom,
  readMuted,
  shouldPlaySound,
  showThinking,
  tickState,
  writeMuted,
  type ChatMessage,
} from "./chat-state.ts";
import { useChat } from "./use-chat.ts";
import { useLatest } from "../../lib/use-latest.ts";
import { PrivacyLink } from "../../components/layout/privacy-notice.tsx";

const chipClass = cn(
  "inline-block rounded-full border border-primary/30 bg-card px-2.5",
  "py-0.5 text-xs font-medium text-primary hover:underline",
);

/** What the visitor types: the message as the API's ChatRequest checks it. */
const ChatDraft = ChatRequest.pick({ message: true });
type ChatDraft = { message: string };

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/** A short two-note chime made on the spot: no audio file to download. */
function chime(): void {
  try {
    const AudioContextClass =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.4);
    [880, 1320].forEach((frequency, i) => {
      const osc = context.createOscillator();
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(context.currentTime + i * 0.12);
      osc.stop(context.currentTime + 0.4);
    });
    setTimeout(() => void context.close(), 600);
  } catch {
    // Autoplay rules or no audio device: the unread counter still shows.
  }
}

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
  onUnreadChange?: (count: number) => void;
  /** Put the cursor in the message box on opening: not when the panel reopens by itself on a new page. */
  focusOnOpen?: boolean;
}

export default function ChatPanel({ open, onClose, onUnreadChange, focusOnOpen = true }: ChatPanelProps) {
  const { t } = useTranslation("chat");
  const { company } = useContent("company", { company: englishCompany });
  const assistant = company.assistantName;
  const [muted, setMuted] = useState(() => readMuted(storage()));
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  // The message box, checked by the API's own rule for a message (ChatRequest's `message`).
  const { register, handleSubmit, control, reset } = useForm<ChatDraft>({
    resolver: zodResolver(ChatDraft),
    defaultValues: { message: "" },
  });
  const draft = useWatch({ control, name: "message" });
  const { ref: registerInput, ...messageField } = register("message", { onChange: () => chat.typed() });
  const visible = useLatest(open && atBottom);
  const mutedRef = useLatest(muted);

  const chat = useChat({
    greeting: t("greeting", { assistant }),
    isVisible: () => visible.current && document.visibilityState === "visible",
    onIncomingAgentMessage: () => {
      const el = listRef.current;
      const scrolledUp = !open || (el ? !isAtBottom(el, CHAT_SCROLL_TOLERANCE_PX) : false);
      if (shouldPlaySound({ muted: mutedRef.current, focused: document.hasFocus(), scrolledUp })) chime();
    },
    onResponseError: (message) =>
      toast({ title: t("aiErrorTitle"), description: message || t("aiErrorFallback"), variant: "destructive" }),
    onConnectionError: (message) => {
      toast({
        title: t("connectionErrorTitle"),
        description: t("connectionErrorBody", { message }),
        variant: "destructive",
      });
      return t("technicalDifficulties");
    },
  });
  const { state } = chat;

  useEffect(() => onUnreadChange?.(state.unread), [state.unread, onUnreadChange]);
  useEffect(() => {
    if (open && atBottom && state.unread > 0) chat.seen();
  }, [open, atBottom, state.unread, chat]);

  // Follow new messages while at the bottom; leave the visitor where they are when scrolled up.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && atBottom) el.scrollTop = el.scrollHeight;
  }, [state.messages.length, state.typing, state.pending, state.poll, atBottom]);

  const focusNow = useLatest(focusOnOpen);
  useEffect(() => {
    if (open && focusNow.current) inputRef.current?.focus();
  }, [open, focusNow]);

  // The API's limit, counted as the API counts it (after trimming).
  const length = draft.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX;

  const submit = handleSubmit(async ({ message }) => {
    if (state.pending) return;
    // As typed: the API trims it, and the visitor sees their own words.
    const text = message;
    reset({ message: "" });
    setAtBottom(true);
    await chat.send(text);
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const toggleMute = () => {
    writeMuted(storage(), !muted);
    setMuted(!muted);
  };

  const waiting = state.waitingForAgent;
  const agentMode = state.mode === "agent" && state.agentConnected;
  const title = waiting
    ? t("connectingTitle")
    : agentMode
      ? (state.assignedAgent ?? t("agent"))
      : t("title", { assistant });
  const subtitle = waiting ? t("connectingSubtitle") : agentMode ? t("humanAgent") : t("subtitleAi");
  const countdown = countdownLabel(state, chat.now);
  const groups = groupMessages(state.messages);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog (WAI-ARIA APG)
    <section
      role="dialog"
      data-chat-panel
      aria-labelledby="chat-panel-title"
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      className={cn(
        "fixed right-5 bottom-24 z-50 flex h-[min(36rem,calc(100dvh-8rem))]",
        "w-[min(24rem,calc(100vw-2.5rem))] flex-col overflow-hidden rounded-2xl",
        "border bg-card shadow-2xl [&[hidden]]:hidden",
      )}
    >
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span className="relative grid size-10 shrink-0 place-items-center rounded-full bg-white/15">
          {agentMode ? (
            <Headset aria-hidden="true" className="size-5" />
          ) : (
            <Bot aria-hidden="true" className="size-5" />
          )}
          {agentMode ? (
            <span
              data-testid="agent-online"
              aria-label={t("online")}
              className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-primary bg-green-500"
            />
          ) : null}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="chat-panel-title" className="truncate font-semibold">
            {title}
          </h2>
          <p className="truncate text-sm opacity-85">{subtitle}</p>
        </div>
        <button
          type="button"
          onClick={toggleMute}
          aria-pressed={muted}
          aria-label={muted ? t("unmute") : t("mute")}
          title={muted ? t("unmute") : t("mute")}
          className="grid size-9 place-items-center rounded-full hover:bg-white/15"
        >
          {muted ? (
            <VolumeX aria-hidden="true" className="size-4" />
          ) : (
            <Volume2 aria-hidden="true" className="size-4" />
          )}
        </button>
        <button
          type="button"
          onClick={() => {
            reset({ message: "" });
            chat.newChat();
          }}
          aria-label={t("newChat")}
          title={t("newChat")}
          className="grid size-9 place-items-center rounded-full hover:bg-white/15"
        >
          <SquarePen aria-hidden="true" className="size-4" />
        </button>
      </header>

      {waiting && countdown ? (
        <div className="flex items-center justify-between gap-3 border-b bg-muted px-4 py-2 text-sm" role="status">
          <span>
            {t("waiting")}{" "}
            <span
              className="font-mono font-semibold tabular-nums"
              aria-label={t("countdownLabel", { time: countdown })}
            >
              {countdown}
            </span>
          </span>
          <button
            type="button"
            onClick={chat.cancel}
            className="rounded-md px-2 py-1 font-medium text-primary hover:bg-card"
          >
            {t("cancel")}
          </button>
        </div>
      ) : null}

      <div
        ref={listRef}
        role="log"
        aria-label={t("messagesLabel")}
        aria-live="polite"
        onScroll={(event) => setAtBottom(isAtBottom(event.currentTarget, CHAT_SCROLL_TOLERANCE_PX))}
        className="relative flex-1 space-y-3 overflow-y-auto px-4 py-4"
      >
        {groups.map((group) => (
          <MessageGroupView
            key={group.messages[0]!.key}
            role={group.role}
            agentName={group.agentName}
            messages={group.messages}
          />
        ))}
        {showThinking(state) ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <span className="flex gap-1" aria-hidden="true">
              <span className="size-1.5 animate-bounce rounded-full bg-current" />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:150ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:300ms]" />
            </span>
            {t("thinking", { assistant })}
          </p>
        ) : null}
        {state.typing ? (
          <p className="text-sm text-muted-foreground italic" role="status">
            {t("typing")}
          </p>
        ) : null}
        {state.poll ? (
          <div className="rounded-xl border bg-muted/60 p-3" role="group" aria-label={t("pollLabel")}>
            <p className="mb-2 text-sm font-medium">{state.poll.prompt}</p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => chat.answerPoll("yes")}
                className="rounded-md bg-primary px-4 py-1.5 text-sm font-medium text-primary-foreground"
              >
                {t("yes")}
              </button>
              <button
                type="button"
                onClick={() => chat.answerPoll("no")}
                className="rounded-md border bg-card px-4 py-1.5 text-sm font-medium"
              >
                {t("no")}
              </button>
            </div>
          </div>
        ) : null}
      </div>

      {!atBottom && state.unread > 0 ? (
        <button
          type="button"
          onClick={() => {
            const el = listRef.current;
            if (el) el.scrollTop = el.scrollHeight;
            setAtBottom(true);
          }}
          className="mx-auto -mt-10 mb-2 rounded-full bg-primary px-3 py-1 text-xs font-medium text-primary-foreground shadow"
        >
          {t("unread", { count: state.unread })}
        </button>
      ) : null}

      <p className="border-t px-4 pt-2 text-xs text-muted-foreground" data-testid="chat-whatsapp">
        {t("whatsappPrompt")}{" "}
        <a
          href={company.whatsapp.href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("whatsappLink")}
        </a>
      </p>
      <form className="p-3" onSubmit={(event) => void submit(event)}>
        <div className="flex items-end gap-2">
          {state.lastSent && !state.pending ? (
            <button
              type="button"
              onClick={() => void chat.retryLast()}
              aria-label={t("retry")}
              title={t("retry")}
              className="grid size-10 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
            </button>
          ) : null}
          <textarea
            {...messageField}
            ref={(el) => {
              registerInput(el);
              inputRef.current = el;
            }}
            rows={1}
            aria-label={t("inputLabel")}
            aria-describedby="chat-input-counter"
            aria-invalid={tooLong || undefined}
            placeholder={t("placeholder")}
            onKeyDown={onKeyDown}
            // Grows with its content up to 180 px, then scrolls (CSS field-sizing, where the browser has it;
            // elsewhere it stays one line high and scrolls).
            className={cn(
              "field-sizing-content max-h-45 min-h-10 flex-1 resize-none rounded-lg border bg-background px-3 py-2",
              "text-sm focus-visible:ring-2 focus-visible:ring-ring",
              "focus-visible:outline-none",
            )}
          />
          <button
            type="submit"
            disabled={!draft.trim() || state.pending || tooLong}
            aria-label={t("send")}
            title={t("send")}
            className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground disabled:opacity-50"
          >
            <Send aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div className="mt-1 flex items-start justify-between gap-3 px-1 text-xs">
          {tooLong ? (
            <p role="alert" className="text-destructive">
              {t("tooLong", { max: CHAT_MESSAGE_MAX.toLocaleString(), count: length })}
            </p>
          ) : (
            <PrivacyLink />
          )}
          <p
            id="chat-input-counter"
            data-testid="chat-counter"
            data-over-limit={tooLong ? "true" : "false"}
            className={cn("shrink-0 tabular-nums", tooLong ? "font-medium text-destructive" : "text-muted-foreground")}
          >
            <span className="sr-only">{t("counterLabel")} </span>
            {t("counter", { count: length, max: CHAT_MESSAGE_MAX })}
          </p>
        </div>
      </form>
      {!chat.connected && state.lastEventId > 0 ? (
        <p className="sr-only" role="status">
          {t("reconnecting")}
        </p>
      ) : null}
    </section>
  );
}

function MessageGroupView({
  role,
  agentName,
  messages,
}: {
  role: ChatMessage["role"];
  agentName?: string;
  messages: ChatMessage[];
}) {
  const { t } = useTranslation("chat");
  const { company } = useContent("company", { company: englishCompany });
  const mine = role === "user";
  if (role === "system") {
    return (
      <div className="space-y-1">
        {messages.map((message) => (
          <p
            key={message.key}
            data-role="system"
            className="mx-auto max-w-[90%] rounded-lg bg-muted px-3 py-2 text-center text-xs text-muted-foreground"
          >
            {message.content}
          </p>
        ))}
      </div>
    );
  }
  const label = mine ? t("you") : role === "agent" ? (agentName ?? t("agent")) : company.assistantName;
  return (
    <div className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")} data-role={role}>
      <span className="px-1 text-xs text-muted-foreground">{label}</span>
      {messages.map((message) => {
        const ticks = tickState(message);
        return (
          <div
            key={message.key}
            className={cn(
              "max-w-[85%] rounded-2xl px-3 py-2 text-sm",
              mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
            )}
          >
            <p className="break-words whitespace-pre-wrap">{message.content}</p>
            {message.links?.length ? (
              <>
                <p className="sr-only">{t("sources")}</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {message.links.map((link) => (
                    <li key={link.href}>
                      {/^https:\/\//.test(link.href) ? (
                        // Off the site (the WhatsApp click-to-chat link): a new tab, the chat stays open here.
                        <a href={link.href} target="_blank" rel="noopener noreferrer" className={chipClass}>
                          {link.label}
                        </a>
                      ) : (
                        <Link to={link.href} className={chipClass}>
                          {link.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {ticks !== "none" ? (
              <span className="mt-0.5 flex justify-end" data-ticks={ticks}>
                {ticks === "double" ? (
                  <CheckCheck role="img" aria-label={t("read")} className="size-3.5 text-green-300" />
                ) : (
                  <Check role="img" aria-label={t("sent")} className="size-3.5 opacity-70" />
                )}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
