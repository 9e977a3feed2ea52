import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { company } from "#content/company.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { registerMessages } from "../../i18n/index.ts";
import messages from "../../i18n/locales/en/chat-console.json";
import { ApiError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { readAgain } from "../../lib/query-client.ts";
import type { StaffUser } from "#contracts/admin.ts";
import {
  acceptChat,
  detailKey,
  errorText,
  fetchQueue,
  openConsoleStream,
  queueKey,
  setPresence,
} from "./console-api.ts";
import { useLatest } from "../../lib/use-latest.ts";
import { SegmentedChoice, Tabs } from "../../components/ui/tabs.tsx";
import { HistorySearch, SessionList } from "./session-list.tsx";
import { Conversation } from "./conversation.tsx";

registerMessages("chatConsole", "en", messages);

const VISITOR_TYPING_MS = 5_000;

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
            const typing = event.data.typing;
            setVisitorTyping((current) => ({
              ...current,
              [event.sessionId]: typing ? Date.now() + VISITOR_TYPING_MS : 0,
            }));
            return;
          }
          if (event.event === "session" || event.event === "message") void readAgain(queryClient, queueKey);
          if (event.sessionId === selectedRef.current) void readAgain(queryClient, detailKey(event.sessionId));
          if (event.event === "message" && event.data.type === "user_message") {
            setVisitorTyping((current) => ({ ...current, [event.sessionId]: 0 }));
          }
          if (event.event === "session" && event.data.waitingForAgent && presenceRef.current === "online") {
            chime();
            if (typeof Notification !== "undefined" && Notification.permission === "granted") {
              new Notification(t("newVisitorTitle"), { body: company.name, tag: event.sessionId });
            }
          }
        },
        () => void readAgain(queryClient, queueKey),
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
      await readAgain(queryClient, queueKey);
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
    await readAgain(queryClient, queueKey);
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
        <aside aria-label={t("queueLabel")} className="space-y-3">
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
