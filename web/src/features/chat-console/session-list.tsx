import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChatSessionSummary } from "#contracts/chat.ts";
import { cn } from "../../lib/cn.ts";
import { fetchHistory, historyKey } from "./console-api.ts";

/* The queue's lists and the transcript search. */

export function SessionList(props: {
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

export function HistorySearch({
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
