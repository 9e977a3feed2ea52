import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { OrderEvent } from "#contracts/orders.ts";
import { Button } from "../../components/ui/button.tsx";
import { Label, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { Panel } from "./admin-ui.tsx";
import { sendJson, serverMessage } from "./api.ts";
import { formatDateTime, formatRelative } from "./format.ts";

/** The words the panel needs; each order kind's staff catalog has them under `order.*`. */
type HistoryKey =
  | "order.history"
  | "order.notes"
  | "order.notePlaceholder"
  | "order.addNote"
  | "order.noteAdded"
  | "order.created"
  | "order.system";

interface OrderHistoryProps {
  events: readonly OrderEvent[];
  /** Where a staff note is posted (`POST`, `{ body }`). */
  notesUrl: string;
  /** The order's query, refreshed after a note. */
  queryKey: readonly unknown[];
  /** Prefix for the note field's id and the list's test id (`vps`, `domain-order`). */
  name: string;
  testId: string;
  t: (key: HistoryKey) => string;
  statusLabel: (status: string | null) => string;
}

/** An order's history, newest first, with a box for staff notes (VPS and domain orders). */
export function OrderHistory({ events, notesUrl, queryKey, name, testId, t, statusLabel }: OrderHistoryProps) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const add = useMutation({
    mutationFn: () => sendJson("POST", notesUrl, { body }, OrderEvent),
    onSuccess: () => {
      setBody("");
      void queryClient.invalidateQueries({ queryKey });
      toast({ title: t("order.noteAdded"), variant: "success" });
    },
    onError: (error) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" }),
  });
  return (
    <Panel title={t("order.history")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) add.mutate();
        }}
        className="grid gap-2"
      >
        <Label htmlFor={`${name}-note`} className="sr-only">
          {t("order.notes")}
        </Label>
        <Textarea
          id={`${name}-note`}
          className="min-h-20"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={t("order.notePlaceholder")}
          maxLength={5000}
        />
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={add.isPending || !body.trim()}>
            {t("order.addNote")}
          </Button>
        </div>
      </form>
      <ol className="mt-5 grid gap-3 text-sm" data-testid={testId}>
        {[...events].reverse().map((e) => (
          <li key={e.id} className="border-l-2 pl-3">
            <p className="font-medium text-foreground">
              {e.kind === "note"
                ? e.body
                : e.fromStatus
                  ? `${statusLabel(e.fromStatus)} → ${statusLabel(e.toStatus)}`
                  : t("order.created")}
            </p>
            {e.kind === "status" && e.body ? <p className="text-muted-foreground">{e.body}</p> : null}
            <p className="text-xs text-muted-foreground" title={formatDateTime(e.createdAt)}>
              {e.actor ?? t("order.system")} · {formatRelative(e.createdAt)}
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
