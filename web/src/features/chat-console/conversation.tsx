import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, CheckCheck, Headset, LogOut, MessageSquareText, Send } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { useForm, useWatch, type FieldError as HookFieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AgentMessageRequest,
  AgentPollRequest,
  CHAT_MESSAGE_MAX,
  CHAT_POLL_PROMPT_MAX,
  type ChatTranscriptMessage,
} from "#contracts/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { cn } from "../../lib/cn.ts";
import { readAgain } from "../../lib/query-client.ts";
import {
  detailKey,
  endChat,
  errorText,
  fetchDetail,
  markRead,
  sendAgentMessage,
  sendAgentTyping,
  sendPoll,
} from "./console-api.ts";

/* The conversation open in the console: its transcript, and the agent's reply, question and end. */

const TYPING_THROTTLE_MS = 3_000;

export function Conversation({
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
        () => readAgain(queryClient, detailKey(id)),
        () => undefined,
      );
    }
  }, [mine, unread, id, queryClient, session?.messages.length]);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [session?.messages.length, visitorTyping]);

  const refresh = useCallback(() => readAgain(queryClient, detailKey(id)), [queryClient, id]);
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
              <CheckCheck role="img" aria-label={t("read")} className="size-3.5 text-green-600" />
            ) : (
              <Check role="img" aria-label={t("sent")} className="size-3.5 opacity-60" />
            )}
          </span>
        ) : null}
      </span>
    </li>
  );
}
