import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { AddOrderNote, OrderEvent } from "#contracts/orders.ts";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Label, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { describedBy, Panel } from "./admin-ui.tsx";
import { sendJson, serverMessage } from "./api.ts";
import { formatDateTime, formatRelative } from "./format.ts";
import { useFieldErrorText } from "./validation.ts";

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
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddOrderNote>({
    resolver: zodResolver(AddOrderNote),
    reValidateMode: "onChange",
    defaultValues: { body: "" },
  });
  const body = useWatch({ control, name: "body" });
  const problem = useFieldErrorText("note")("body", errors.body);
  const fieldId = `${name}-note`;
  const add = useMutation({
    mutationFn: (note: AddOrderNote) => sendJson("POST", notesUrl, note, OrderEvent),
    onSuccess: () => {
      reset({ body: "" });
      void queryClient.invalidateQueries({ queryKey });
      toast({ title: t("order.noteAdded"), variant: "success" });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, setError, ["body"]) === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
  });
  return (
    <Panel title={t("order.history")}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit((note) => add.mutate(note))(event)}
        className="grid gap-2"
      >
        <Label htmlFor={fieldId} className="sr-only">
          {t("order.notes")}
        </Label>
        <Textarea
          id={fieldId}
          className="min-h-20"
          placeholder={t("order.notePlaceholder")}
          maxLength={5000}
          {...describedBy(fieldId, { error: problem })}
          {...register("body")}
        />
        <FieldError id={`${fieldId}-error`} message={problem} />
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
