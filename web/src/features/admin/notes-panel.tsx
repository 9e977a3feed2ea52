import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Label, Textarea } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { Avatar, describedBy, Panel } from "./admin-ui.tsx";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { isNetworkError, isStatus, sendJson, serverMessage } from "./api.ts";
import { formatDateTime, formatRelative } from "./format.ts";
import { useFieldErrorText } from "./validation.ts";

/** A staff note as every record with notes shows it. */
export interface StaffNote {
  id: string;
  body: string;
  createdAt: string;
  author: { displayName: string } | null;
}

/** The records that carry staff notes; each names its words in the admin catalog under its own key. */
export type NotesScope = "enquiry" | "project";

/**
 * Internal notes on a record (an enquiry, a project): the list, oldest first, and a form that adds
 * one. The record's page decides what the server's answer changes in its cached detail.
 */
export function NotesPanel<R extends z.ZodType>({
  scope,
  notes,
  url,
  request,
  response,
  onSaved,
}: {
  scope: NotesScope;
  notes: StaffNote[];
  /** Where a note is POSTed. */
  url: string;
  /** The contract the note is checked against before it is sent. */
  request: z.ZodType<{ body: string }, { body: string }>;
  /** The contract the server's answer is parsed with. */
  response: R;
  onSaved: (saved: z.infer<R>) => void;
}) {
  const { t } = useTranslation("admin");
  const word = (key: string) => t(`${scope}.${key}` as "enquiry.notes");
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ body: string }>({
    resolver: zodResolver(request),
    reValidateMode: "onChange",
    defaultValues: { body: "" },
  });
  const problem = useFieldErrorText("note")("body", errors.body);
  const fieldId = `${scope}-note`;

  const addNote = useMutation({
    mutationFn: (note: { body: string }) => sendJson("POST", url, note, response),
    onSuccess: (saved) => {
      onSaved(saved);
      reset({ body: "" });
      toast({ title: word("noteAdded"), variant: "success" });
    },
    onError: (error) => {
      if (isStatus(error, 401)) return;
      if (applyServerFieldErrors(error, setError, ["body"]) > 0) return;
      setError("body", {
        type: "server",
        message: isNetworkError(error) ? t("common.connectionError") : (serverMessage(error) ?? word("noteFailed")),
      });
    },
  });

  const onSubmit = (note: { body: string }) => {
    if (!addNote.isPending) addNote.mutate(note);
  };

  return (
    <Panel title={word("notes")} description={word("notesLead")} bodyClassName="p-0">
      {notes.length === 0 ? (
        <p className="px-5 pt-4 text-sm text-muted-foreground">{word("noNotes")}</p>
      ) : (
        <ol className="divide-y" data-testid={`${scope}-notes`}>
          {notes.map((note) => (
            <li key={note.id} className="flex gap-3 px-5 py-4">
              <Avatar name={note.author?.displayName ?? "?"} className="size-7 text-[10px]" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                  <span className="font-medium text-foreground">{note.author?.displayName ?? word("formerStaff")}</span>
                  <time
                    dateTime={note.createdAt}
                    title={formatDateTime(note.createdAt)}
                    className="text-muted-foreground"
                  >
                    {formatRelative(note.createdAt)}
                  </time>
                </p>
                <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap break-words text-foreground">
                  {note.body}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-2 p-5">
        <Label htmlFor={fieldId} className="sr-only">
          {word("noteLabel")}
        </Label>
        <Textarea
          id={fieldId}
          placeholder={word("notePlaceholder")}
          className="min-h-24!"
          maxLength={5000}
          {...describedBy(fieldId, { error: problem })}
          {...register("body")}
        />
        <FieldError id={`${fieldId}-error`} message={problem} />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={addNote.isPending}>
            {addNote.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {addNote.isPending ? word("addingNote") : word("addNote")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
