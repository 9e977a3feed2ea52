import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, Check, CheckCheck, Headset, LogOut, MessageSquareText, Search, Send } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { company } from "#content/company.ts";
import {
  AgentMessageRequest,
  AgentPollRequest,
  CHAT_MESSAGE_MAX,
  CHAT_POLL_PROMPT_MAX,
  type ChatSessionSummary,
  type ChatTranscriptMessage,
} from "#contracts/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { registerMessages } from "../../i18n/index.ts";
import messages from "../../i18n/locales/en/chat-console.json";
import { ApiError } from "../../lib/api-client.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import type { StaffUser } from "#contracts/admin.ts";
import {
  acceptChat,
  detailKey,
  endChat,
  fetchDetail,
  fetchHistory,
  fetchQueue,
  historyKey,
  markRead,
  openConsoleStream,
  queueKey,
  sendAgentMessage,
  sendAgentTyping,
  sendPoll,
  setPresence,
} from "./console-api.ts";
import { useLatest } from "../../lib/use-latest.ts";
import { SegmentedChoice, Tabs } from "../../components/ui/tabs.tsx";

registerMessages("chatConsole", "en", messages);

const VISITOR_TYPING_MS = 5_000;
const TYPING_THROTTLE_MS = 3_000;

function chime(): void {
  try {
    const context = new AudioContext();
    const osc = context.createOscillator();
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.1, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
    osc.frequency.value = 660;
    osc.connect(gain).connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 0.5);
    setTimeout(() => void context.close(), 800);
  } catch {
    // no audio allowed yet
  }
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage() ?? error.message) : String(error);

/** The agent console: presence, the queue, live conversations, and transcripts, for the signed-in `user`. */
export function ChatConsole({ user }: { user: StaffUser }) {
  const { t } = useTranslation("chatConsole");
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<"live" | "history">("live");
  const [visitorTyping, setVisitorTyping] = useState<Record<string, number>>({});
  const selectedRef = useLatest(selected);

  const queue = useQuery({ queryKey: queueKey, queryFn: fetchQueue, refetchInterval: 30_000 });
  const presence = queue.data?.presence ?? "away";
  const presenceRef = useLatest(presence);

  useEffect(
    () =>
      openConsoleStream(
        (event) => {
          if (event.event === "visitor_typing") {
            const typing = (event.data as { typing?: boolean }).typing;
            setVisitorTyping((current) => ({
              ...current,
              [event.sessionId]: typing ? Date.now() + VISITOR_TYPING_MS : 0,
            }));
            return;
          }
          if (event.event === "session" || event.event === "message")
            void queryClient.invalidateQueries({ queryKey: queueKey });
          if (event.sessionId === selectedRef.current)
            void queryClient.invalidateQueries({ queryKey: detailKey(event.sessionId) });
          if (event.event === "message" && (event.data as { type?: string }).type === "user_message") {
            setVisitorTyping((current) => ({ ...current, [event.sessionId]: 0 }));
          }
          const data = event.data as { waitingForAgent?: boolean };
          if (event.event === "session" && data.waitingForAgent && presenceRef.current === "online") {
            chime();
            if (typeof Notification !== "undefined" && Notification.permission === "granted") {
              new Notification(t("newVisitorTitle"), { body: company.name, tag: event.sessionId });
            }
          }
        },
        () => void queryClient.invalidateQueries({ queryKey: queueKey }),
      ),
    [queryClient, t, presenceRef, selectedRef],
  );

  // Typing expires on its own.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const changePresence = async (status: "online" | "away") => {
    try {
      await setPresence(status);
      if (status === "online" && typeof Notification !== "undefined" && Notification.permission === "default")
        void Notification.requestPermission();
      await queryClient.invalidateQueries({ queryKey: queueKey });
    } catch (error) {
      toast({ title: t("error", { message: errorText(error) }), variant: "destructive" });
    }
  };

  const accept = async (id: string) => {
    try {
      await acceptChat(id);
      toast({ title: t("accepted"), variant: "success" });
      setSelected(id);
    } catch (error) {
      toast({
        title:
          error instanceof ApiError && error.status === 409
            ? t("alreadyTaken")
            : t("error", { message: errorText(error) }),
        variant: "destructive",
      });
    }
    await queryClient.invalidateQueries({ queryKey: queueKey });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-xs text-muted-foreground">
            {t("onlineAgents", { count: queue.data?.onlineAgents ?? 0 })}
          </span>
          <SegmentedChoice
            items={(["online", "away"] as const).map((status) => ({
              value: status,
              label: (
                <>
                  <span
                    className={cn("size-2 rounded-full", status === "online" ? "bg-green-500" : "bg-slate-400")}
                    aria-hidden="true"
                  />
                  {t(status)}
                </>
              ),
            }))}
            value={presence}
            onValueChange={(status) => void changePresence(status)}
            label={t("presence")}
          />
        </div>
      </div>
      {presence === "away" ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed bg-card px-3 py-2 text-sm text-muted-foreground">
          <Bell aria-hidden="true" className="size-4" />
          {t("awayHint")}
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <aside className="space-y-3">
          <Tabs
            items={[
              { value: "live" as const, label: `${t("waiting")} / ${t("mine")}` },
              { value: "history" as const, label: t("history") },
            ]}
            value={tab}
            onValueChange={setTab}
            label={t("title")}
            panelClassName="mt-3 space-y-3"
          >
            {tab === "live" ? (
              <>
                <SessionList
                  title={t("waiting")}
                  empty={t("noWaiting")}
                  items={queue.data?.waiting ?? []}
                  selected={selected}
                  onSelect={setSelected}
                  now={now}
                  typing={visitorTyping}
                  action={(item) => (
                    <Button
                      size="sm"
                      onClick={() => void accept(item.id)}
                      aria-label={t("acceptChat", { summary: item.summary || item.id })}
                    >
                      {t("accept")}
                    </Button>
                  )}
                />
                <SessionList
                  title={t("mine")}
                  empty={t("noMine")}
                  items={queue.data?.mine ?? []}
                  selected={selected}
                  onSelect={setSelected}
                  now={now}
                  typing={visitorTyping}
                />
              </>
            ) : (
              <HistorySearch selected={selected} onSelect={setSelected} now={now} />
            )}
          </Tabs>
        </aside>
        <section aria-label={t("replyLabel")} className="min-h-[28rem] rounded-xl border bg-card">
          {selected ? (
            <Conversation
              key={selected}
              id={selected}
              mineId={user.id}
              visitorTyping={(visitorTyping[selected] ?? 0) > now}
              onEnded={() => setSelected(null)}
            />
          ) : (
            <p className="grid h-full min-h-[28rem] place-items-center p-6 text-sm text-muted-foreground">
              {t("select")}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function SessionList(props: {
  title: string;
  empty: string;
  items: ChatSessionSummary[];
  selected: string | null;
  onSelect: (id: string) => void;
  now: number;
  typing: Record<string, number>;
  action?: (item: ChatSessionSummary) => React.ReactNode;
}) {
  const { t } = useTranslation("chatConsole");
  return (
    <div className="rounded-xl border bg-card">
      <h2 className="border-b px-3 py-2 text-sm font-semibold">
        {props.title} <span className="text-muted-foreground">({props.items.length})</span>
      </h2>
      {props.items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted-foreground">{props.empty}</p>
      ) : (
        <ul className="divide-y">
          {props.items.map((item) => {
            const left = item.waitDeadline
              ? Math.max(0, Math.ceil((Date.parse(item.waitDeadline) - props.now) / 1000))
              : null;
            return (
              <li
                key={item.id}
                className={cn("flex items-start gap-2 px-3 py-2", props.selected === item.id && "bg-muted")}
              >
                <button type="button" onClick={() => props.onSelect(item.id)} className="min-w-0 flex-1 text-left">
                  <span className="block truncate text-sm font-medium">{item.summary || t("emptySummary")}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t("messages", { count: item.messageCount })}
                    {left !== null
                      ? ` · ${t("waitedLeft", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` })}`
                      : ""}
                    {(props.typing[item.id] ?? 0) > props.now ? ` · ${t("visitorTyping")}` : ""}
                  </span>
                </button>
                {props.action?.(item)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function HistorySearch({
  selected,
  onSelect,
  now,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
  now: number;
}) {
  const { t } = useTranslation("chatConsole");
  const [q, setQ] = useState("");
  const [applied, setApplied] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setApplied(q.trim()), 300);
    return () => clearTimeout(timer);
  }, [q]);
  const history = useQuery({ queryKey: historyKey(applied), queryFn: () => fetchHistory(applied) });
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 rounded-lg border bg-card px-3">
        <Search aria-hidden="true" className="size-4 text-muted-foreground" />
        <span className="sr-only">{t("search")}</span>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          className="h-9 flex-1 bg-transparent text-sm outline-none"
        />
      </label>
      <SessionList
        title={t("history")}
        empty={t("noHistory")}
        items={history.data?.items ?? []}
        selected={selected}
        onSelect={onSelect}
        now={now}
        typing={{}}
      />
    </div>
  );
}

function Conversation({
  id,
  mineId,
  visitorTyping,
  onEnded,
}: {
  id: string;
  mineId: string;
  visitorTyping: boolean;
  onEnded: () => void;
}) {
  const { t } = useTranslation("chatConsole");
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: detailKey(id), queryFn: () => fetchDetail(id) });
  const replyForm = useForm<AgentMessageRequest>({
    resolver: zodResolver(AgentMessageRequest),
    reValidateMode: "onChange",
    defaultValues: { content: "" },
  });
  const pollForm = useForm<AgentPollRequest>({
    resolver: zodResolver(AgentPollRequest),
    reValidateMode: "onChange",
    defaultValues: { prompt: "" },
  });
  const replyContent = replyForm.register("content");
  const reply = useWatch({ control: replyForm.control, name: "content" });
  const poll = useWatch({ control: pollForm.control, name: "prompt" });
  /** The catalog's words for the contract's refusal, or the server's own message. */
  const refusal = (field: "content" | "prompt", error: HookFieldError | undefined) => {
    if (!error) return undefined;
    if (error.type === "server") return error.message;
    const max = field === "content" ? CHAT_MESSAGE_MAX : CHAT_POLL_PROMPT_MAX;
    return t(
      [`validation.${field}.${error.type}`, `validation.${field}.default`] as unknown as "validation.content.default",
      { max },
    );
  };
  const replyError = refusal("content", replyForm.formState.errors.content);
  const pollError = refusal("prompt", pollForm.formState.errors.prompt);
  const lastTyping = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);
  const session = detail.data;
  const mine = session?.state === "agent" && session.assignedAgentId === mineId;
  const unread = session?.messages.some((m) => m.role === "user" && !m.read) ?? false;

  // Reading the conversation marks the visitor's messages read, which sends them the receipt.
  useEffect(() => {
    if (mine && unread && document.visibilityState === "visible") {
      markRead(id).then(
        () => queryClient.invalidateQueries({ queryKey: detailKey(id) }),
        () => undefined,
      );
    }
  }, [mine, unread, id, queryClient, session?.messages.length]);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [session?.messages.length, visitorTyping]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: detailKey(id) }), [queryClient, id]);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      toast({ title: t("error", { message: errorText(error) }), variant: "destructive" });
    }
    await refresh();
  };

  /** Sends one of the agent's forms; a refusal the server names goes under its field. */
  const sendFrom = async <V extends AgentMessageRequest | AgentPollRequest>(
    setError: Parameters<typeof applyServerFieldErrors<V>>[1],
    names: Parameters<typeof applyServerFieldErrors<V>>[2],
    work: () => Promise<unknown>,
  ) => {
    try {
      await work();
    } catch (error) {
      if (applyServerFieldErrors(error, setError, names) === 0)
        toast({ title: t("error", { message: errorText(error) }), variant: "destructive" });
    }
    await refresh();
  };
  const submit = replyForm.handleSubmit(({ content }) => {
    replyForm.reset({ content: "" });
    void sendAgentTyping(id, false);
    void sendFrom(replyForm.setError, ["content"], () => sendAgentMessage(id, content));
  });
  const submitPoll = pollForm.handleSubmit(({ prompt }) => {
    pollForm.reset({ prompt: "" });
    void sendFrom(pollForm.setError, ["prompt"], () => sendPoll(id, prompt));
  });

  if (!session) return <p className="p-6 text-sm text-muted-foreground">…</p>;
  return (
    <div className="flex h-full max-h-[40rem] flex-col">
      <header className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{session.summary || session.id}</h2>
          <p className="text-xs text-muted-foreground">
            {t(`state.${session.state}`)}
            {session.assignedAgent ? ` · ${session.assignedAgent}` : ""} · {session.id}
          </p>
        </div>
        {mine ? (
          <Button size="sm" variant="outline" onClick={() => void act(() => endChat(id)).then(onEnded)}>
            <LogOut aria-hidden="true" />
            {t("end")}
          </Button>
        ) : null}
      </header>
      <ol ref={listRef} className="flex-1 space-y-2 overflow-y-auto px-4 py-3">
        {session.messages.map((message) => (
          <TranscriptLine key={message.id} message={message} />
        ))}
        {visitorTyping ? <li className="text-sm text-muted-foreground italic">{t("visitorTyping")}</li> : null}
      </ol>
      {mine ? (
        <div className="space-y-2 border-t p-3">
          <form noValidate onSubmit={(event) => void submit(event)} className="flex gap-2">
            <textarea
              rows={2}
              aria-label={t("replyLabel")}
              placeholder={t("replyPlaceholder")}
              aria-invalid={Boolean(replyError)}
              aria-describedby={replyError ? `reply-${id}-error` : undefined}
              {...replyContent}
              onChange={(event) => {
                void replyContent.onChange(event);
                const at = Date.now();
                if (at - lastTyping.current > TYPING_THROTTLE_MS) {
                  lastTyping.current = at;
                  void sendAgentTyping(id, true);
                }
              }}
              onKeyDown={(event) => {
                // Enter sends, Shift+Enter starts a new line; a blank reply is not sent at all.
                if (event.key !== "Enter" || event.shiftKey) return;
                event.preventDefault();
                if (reply.trim()) void submit();
              }}
              className="flex-1 resize-none rounded-lg border bg-background px-3 py-2 text-sm"
            />
            <Button type="submit" disabled={!reply.trim()}>
              <Send aria-hidden="true" />
              {t("send")}
            </Button>
          </form>
          <FieldError id={`reply-${id}-error`} message={replyError} />
          <form noValidate className="flex gap-2" onSubmit={(event) => void submitPoll(event)}>
            <input
              type="text"
              aria-label={t("pollLabel")}
              placeholder={t("pollPlaceholder")}
              aria-invalid={Boolean(pollError)}
              aria-describedby={pollError ? `poll-${id}-error` : undefined}
              className="h-9 flex-1 rounded-lg border bg-background px-3 text-sm"
              {...pollForm.register("prompt")}
            />
            <Button type="submit" size="sm" variant="outline" disabled={!poll.trim()}>
              <MessageSquareText aria-hidden="true" />
              {t("sendPoll")}
            </Button>
          </form>
          <FieldError id={`poll-${id}-error`} message={pollError} />
        </div>
      ) : (
        <p className="border-t px-4 py-3 text-xs text-muted-foreground">{t("readOnly")}</p>
      )}
    </div>
  );
}

function TranscriptLine({ message }: { message: ChatTranscriptMessage }) {
  const { t } = useTranslation("chatConsole");
  if (message.role === "system")
    return <li className="text-center text-xs text-muted-foreground">{message.content}</li>;
  const visitor = message.role === "user";
  const who = visitor ? t("visitor") : message.role === "agent" ? (message.agentName ?? "") : t("assistant");
  return (
    <li className={cn("flex flex-col", visitor ? "items-start" : "items-end")} data-role={message.role}>
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {message.role === "agent" ? <Headset aria-hidden="true" className="size-3" /> : null}
        {who}
      </span>
      <span
        className={cn(
          "max-w-[80%] rounded-xl px-3 py-2 text-sm whitespace-pre-wrap",
          visitor ? "bg-muted" : "bg-primary text-primary-foreground",
        )}
      >
        {message.content}
        {visitor ? (
          <span className="ml-2 inline-flex align-middle">
            {message.read ? (
              <CheckCheck aria-label={t("read")} className="size-3.5 text-green-600" />
            ) : (
              <Check aria-label={t("sent")} className="size-3.5 opacity-60" />
            )}
          </span>
        ) : null}
      </span>
    </li>
  );
}
