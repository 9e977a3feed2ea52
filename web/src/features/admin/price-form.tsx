import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { cn } from "../../lib/cn.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { adminRetry, getJson, sendJson, serverMessage } from "./api.ts";

/*
 * The price tables of the Domains and VPS sections: a row of prices staff type and save at once.
 * What is typed is text; the form's schema (the contract's numbers, through `typedNumber`) checks
 * it before anything is sent, and the answer is the whole price sheet again.
 */

/**
 * One row's form: checked by `schema`, PUT to `url`; the answer replaces the cached sheet
 * (`sheet`) and a toast says `saved`. A refusal by the server goes under its field (`fields`), else in a toast.
 */
export function usePriceForm<I extends FieldValues, O extends object, R extends z.ZodType>({
  schema,
  defaultValues,
  url,
  response,
  sheet,
  saved,
  fields,
}: {
  schema: z.ZodType<O, I>;
  defaultValues: DefaultValues<I>;
  url: string;
  response: R;
  /** The address of the price sheet the answer replaces (`usePriceSheet`). */
  sheet: string;
  saved: string;
  fields: readonly Path<I>[];
}) {
  const queryClient = useQueryClient();
  const form = useForm<I, unknown, O>({
    resolver: zodResolver(schema as z.ZodType<O, FieldValues>) as unknown as Resolver<I, unknown, O>,
    reValidateMode: "onChange",
    defaultValues,
  });
  const save = useMutation({
    mutationFn: (body: O) => sendJson("PUT", url, body, response),
    onSuccess: (data) => {
      queryClient.setQueryData([sheet], data);
      toast({ title: saved, variant: "success" });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, fields) === 0)
        toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });
    },
  });
  const submit = () => void form.handleSubmit((body) => save.mutate(body))();
  return { register: form.register, errors: form.formState.errors, save, submit };
}

/** A section's price sheet, cached under its own address (the rows' `sheet`). */
export function usePriceSheet<R extends z.ZodType>(url: string, response: R) {
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, response), retry: adminRetry });
}

/** A row's Save button. */
export function SaveButton({
  label,
  name,
  busy,
  onSave,
}: {
  label: string;
  /** Its accessible name, when the row's Save buttons need telling apart. */
  name?: string;
  busy: boolean;
  onSave: () => void;
}) {
  return (
    <Button size="sm" variant="outline" disabled={busy} onClick={onSave} aria-label={name}>
      {label}
    </Button>
  );
}

/** One price's cell: its box, named by `label`, and the refusal under it. */
export function PriceCell({
  label,
  errorId,
  problem,
  className,
  field,
}: {
  label: string;
  errorId: string;
  problem: string | undefined;
  /** The box's width (`w-*`). */
  className: string;
  /** The form's `register(...)` for the price. */
  field: ReturnType<ReturnType<typeof useForm>["register"]>;
}) {
  return (
    <td className="px-2 py-3 align-top">
      <Input
        aria-label={label}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? errorId : undefined}
        inputMode="decimal"
        className={cn("h-9 tabular-nums", className)}
        {...field}
      />
      <FieldError id={errorId} message={problem} />
    </td>
  );
}

/**
 * A section's price table: the item column, a column for each price, one `extra` heading cell, and
 * the save buttons' column; `children` are its rows.
 */
export function PriceTable({
  item,
  prices,
  extra,
  save,
  children,
}: {
  item: string;
  prices: readonly string[];
  extra: ReactNode;
  save: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left font-medium">
              {item}
            </th>
            {prices.map((price) => (
              <th key={price} scope="col" className="px-2 py-2.5 text-left font-medium">
                {price}
              </th>
            ))}
            {extra}
            <th scope="col" className="px-4 py-2.5">
              <span className="sr-only">{save}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
