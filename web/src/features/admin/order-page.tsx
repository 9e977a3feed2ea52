import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import type { OrderEvent, OrderFulfilment } from "#contracts/orders.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/field.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { i18n } from "../../i18n/index.ts";
import { applyServerFieldErrors } from "../../lib/form.ts";
import { describedBy, FormField, PageHeader, Panel } from "./admin-ui.tsx";
import { adminRetry, getJson, sendJson, serverMessage } from "./api.ts";
import { OrderFulfilmentPanel } from "./order-fulfilment.tsx";
import { OrderHistory } from "./order-history.tsx";

/*
 * The pieces the staff pages of a domain order and of a VPS order share: the order's query and the
 * POSTs on it, the page's frame, the label and value rows, the "next step" forms and the fulfilment
 * panel. Each page keeps what is its own (its facts, its fields) and names its words in its catalog
 * under `order.*`.
 */

/** The head of an order section's page (`orders`, the list; `order`, one order), never indexed. */
export function orderSectionMeta(ns: "domainsAdmin" | "vpsAdmin", page: "order" | "orders", path: string) {
  return pageMeta({
    title: i18n.t(`meta.${page}`, { ns }),
    description: i18n.t("lead", { ns }),
    path,
    noindex: true,
  });
}

/** Where an order kind lives in the admin API; its list is `api` with filters, one order `api/id`. */
export type OrdersApi = "/api/admin/domains/orders" | "/api/admin/vps/orders";

const orderKey = (api: OrdersApi, id: string) => [`${api}/${id}`];

/** One order for staff. */
export function useAdminOrder<R extends z.ZodType>(api: OrdersApi, id: string, response: R) {
  return useQuery({
    queryKey: orderKey(api, id),
    queryFn: () => getJson(`${api}/${encodeURIComponent(id)}`, response),
    retry: adminRetry,
  });
}

const failed = (error: unknown) => toast({ title: serverMessage(error) ?? String(error), variant: "destructive" });

/**
 * A POST on an order (`transition`, `retry`, `refund`, `renewal`): its answer replaces the cached
 * order, the lists refresh, and a toast says what was done; a failure is toasted unless `onError` says otherwise.
 */
export function useOrderAction<B, R extends z.ZodType>({
  api,
  id,
  action,
  response,
  done,
  onError = failed,
}: {
  api: OrdersApi;
  id: string;
  action: "transition" | "retry" | "refund" | "renewal";
  response: R;
  done: (saved: z.infer<R>) => string;
  onError?: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => sendJson("POST", `${api}/${id}/${action}`, body, response),
    onSuccess: (data: z.infer<R>) => {
      queryClient.setQueryData(orderKey(api, id), data);
      void queryClient.invalidateQueries({ queryKey: [api] });
      toast({ title: done(data), variant: "success" });
    },
    onError,
  });
}

/**
 * An order's page: the way back, its reference and state, a line about it, the link to the
 * customer's own page; under them the main column, and the side column with the order's history
 * and notes at its foot.
 */
export function OrderPageFrame<S extends string>({
  api,
  order,
  back,
  badge,
  description,
  t,
  statusLabel,
  history,
  main,
  side,
}: {
  api: OrdersApi;
  order: { id: string; reference: string; orderUrl: string; events: readonly OrderEvent[] };
  back: ReactNode;
  badge: ReactNode;
  description: string;
  t: Parameters<typeof OrderHistory>[0]["t"] & ((key: "order.customerLink") => string);
  statusLabel: (status: S) => string;
  /** The note field's id prefix and the history's test id. */
  history: { name: string; testId: string };
  main: ReactNode;
  side: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        eyebrow={back}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {order.reference}
            {badge}
          </span>
        }
        description={description}
        actions={
          <a className={buttonClasses("outline", "sm")} href={order.orderUrl} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t("order.customerLink")}
          </a>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">{main}</div>
        <div className="grid content-start gap-6">
          {side}
          <OrderHistory
            events={order.events}
            notesUrl={`${api}/${order.id}/notes`}
            queryKey={orderKey(api, order.id)}
            name={history.name}
            testId={history.testId}
            t={t}
            statusLabel={(status) => (status ? statusLabel(status as S) : "")}
          />
        </div>
      </div>
    </div>
  );
}

/** A panel of label and value rows (`Fact`). */
export function OrderFacts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <dl className="grid gap-2 text-sm">{children}</dl>
    </Panel>
  );
}

/** One label and its value in `OrderFacts`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}

/** An email address as a mailto link, for a facts row. */
export function MailLink({ email }: { email: string }) {
  return (
    <a className="text-primary hover:underline" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/** The words the shared panels need; each order kind's staff catalog has them under `order.*`. */
type OrderKey =
  | "order.actions"
  | "order.noActions"
  | "order.confirm"
  | "order.reason"
  | "order.moved"
  | "order.fulfilment.retried"
  | "order.fulfilment.refunded";
type OrderWords = (key: OrderKey, options?: { status: string }) => string;

/** The form of a "next step": the note for the customer is always in it; the page adds its own fields. */
type MoveValues = FieldValues & { reason: string };

/**
 * An order's next steps: a button for each state it may move to; choosing one opens its form (the
 * page's fields for that state and, where `withReason` says so, a note for the customer), checked
 * by the page's schema (built from the transition contract) before it is sent.
 */
export function OrderMovePanel<S extends string, V extends MoveValues>({
  api,
  order,
  response,
  t,
  statusLabel,
  label,
  quiet,
  name,
  withReason,
  reasonError,
  defaultValues,
  schema,
  fields,
  serverFields,
}: {
  api: OrdersApi;
  order: { id: string; nextStatuses: readonly S[] };
  response: z.ZodType<{ status: S }>;
  t: OrderWords;
  statusLabel: (status: S) => string;
  /** The button's words for a state. */
  label: (to: S) => string;
  /** The states whose buttons are outlined (a step back or aside). */
  quiet: readonly S[];
  /** Prefix of the field ids (`domain`, `vps`). */
  name: string;
  withReason: (to: S) => boolean;
  /** The words under the note when it is refused. */
  reasonError: (error: FieldError | undefined) => string | undefined;
  defaultValues: DefaultValues<V>;
  /** What the form sends for a state (besides `to`), from what was typed. */
  schema: (to: S) => z.ZodType<object, FieldValues>;
  /** The page's fields for a state, given the form. */
  fields: (to: S, form: UseFormReturn<V, unknown, object>) => ReactNode;
  /** The fields the server may refuse by name. */
  serverFields: readonly Path<V>[];
}) {
  const [target, setTarget] = useState<S | null>(null);
  const form = useForm<V, unknown, object>({
    resolver: target ? (zodResolver(schema(target)) as unknown as Resolver<V, unknown, object>) : undefined,
    reValidateMode: "onChange",
    defaultValues,
  });
  const move = useOrderAction<object, typeof response>({
    api,
    id: order.id,
    action: "transition",
    response,
    done: (data) => t("order.moved", { status: statusLabel(data.status) }),
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, serverFields) === 0) failed(error);
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!target) return;
    move.mutate(
      { to: target, ...body },
      {
        onSuccess: () => {
          setTarget(null);
          form.reset();
        },
      },
    );
  });
  const reasonId = `${name}-reason`;
  const reasonProblem = reasonError(form.formState.errors.reason as FieldError | undefined);
  return (
    <Panel title={t("order.actions")}>
      {order.nextStatuses.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("order.noActions")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {order.nextStatuses.map((to) => (
            <Button
              key={to}
              size="sm"
              variant={quiet.includes(to) ? "outline" : "primary"}
              aria-pressed={target === to}
              onClick={() => {
                setTarget(to);
                form.clearErrors();
              }}
            >
              {label(to)}
            </Button>
          ))}
        </div>
      )}
      {target ? (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-5 grid gap-4 border-t pt-5"
          aria-label={label(target)}
        >
          {fields(target, form)}
          {withReason(target) ? (
            <FormField id={reasonId} label={t("order.reason")} error={reasonProblem}>
              <Input
                id={reasonId}
                maxLength={500}
                {...describedBy(reasonId, { error: reasonProblem })}
                {...form.register("reason" as Path<V>)}
              />
            </FormField>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={move.isPending}>
              {t("order.confirm")}: {label(target)}
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

/**
 * Who fulfils the order and every step, with Retry for a failed step and Approve refund for an
 * order that waits for its money back.
 */
export function OrderFulfilmentSection<S extends string>({
  api,
  order,
  response,
  t,
  statusLabel,
  notice,
  testId,
}: {
  api: OrdersApi;
  order: { id: string; fulfilment: OrderFulfilment };
  response: z.ZodType<{ status: S }>;
  t: OrderWords & Parameters<typeof OrderFulfilmentPanel>[0]["t"];
  statusLabel: (status: S) => string;
  notice?: string | null;
  testId: string;
}) {
  const done = (key: "order.fulfilment.retried" | "order.fulfilment.refunded") => (data: { status: S }) =>
    t(key, { status: statusLabel(data.status) });
  const retry = useOrderAction({
    api,
    id: order.id,
    action: "retry",
    response,
    done: done("order.fulfilment.retried"),
  });
  const refund = useOrderAction({
    api,
    id: order.id,
    action: "refund",
    response,
    done: done("order.fulfilment.refunded"),
  });
  return (
    <OrderFulfilmentPanel
      fulfilment={order.fulfilment}
      t={t}
      onRetry={() => retry.mutate({})}
      retrying={retry.isPending}
      onRefund={() => refund.mutate({})}
      refunding={refund.isPending}
      notice={notice}
      testId={testId}
    />
  );
}
