import { Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ourNameservers } from "#content/domains.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { FieldError, Input, Label } from "../../components/ui/field.tsx";
import { OrderStep } from "../../components/ui/order-parts.tsx";
import { cn } from "../../lib/cn.ts";
import type { Choices, OrderErrors, OrderForm } from "./domain-order-request.ts";

/** The order's third step: our nameservers, or up to four of the visitor's own. */
export function DomainNameserversStep({
  form,
  message,
}: {
  form: UseFormReturn<OrderForm, Choices>;
  /** A refusal in the page's language. */
  message: (text: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation("domains");
  const { register, control, getValues, setValue, clearErrors } = form;
  const mode = useWatch({ control, name: "nameservers.mode" });
  const hostCount = useWatch({ control, name: "nameservers.hosts" }).length;
  const problems = form.formState.errors as OrderErrors;
  const nameservers = problems.nameservers;
  const nameserverProblem =
    // The resolver puts a refusal of the whole list at its root; the server's comes as the list's.
    (nameservers?.hosts?.root ?? nameservers?.hosts ?? nameservers?.mode ?? nameservers)?.message;

  return (
    <OrderStep n={3} title={t("order.steps.nameservers")}>
      <div className="grid gap-3" role="radiogroup" aria-label={t("order.steps.nameservers")}>
        {(["ours", "custom"] as const).map((m) => (
          <label
            key={m}
            className={cn(
              "flex cursor-pointer gap-3 rounded-xl border bg-card p-4 has-[:focus-visible]:outline-2 " +
                "has-[:focus-visible]:outline-ring",
              mode === m && "border-primary ring-2 ring-primary/30",
            )}
          >
            {/* Native radios of one name: arrow keys move the choice, one tab stop. */}
            <input
              type="radio"
              value={m}
              {...register("nameservers.mode", { onChange: () => clearErrors("nameservers") })}
              aria-labelledby={`ns-${m}-title`}
              aria-describedby={`ns-${m}-hint`}
              className="mt-1 size-4 accent-[var(--color-primary)]"
            />
            <span>
              <span id={`ns-${m}-title`} className="block font-semibold text-foreground">
                {m === "ours" ? t("order.nameserversOurs") : t("order.nameserversCustom")}
              </span>
              <span id={`ns-${m}-hint`} className="block text-sm text-muted-foreground">
                {m === "ours"
                  ? t("order.nameserversOursHint", { hosts: ourNameservers.join(", ") })
                  : t("order.nameserversCustomHint")}
              </span>
            </span>
          </label>
        ))}
      </div>
      {mode === "custom" ? (
        <Card className="mt-4 grid gap-4 p-5 sm:p-6">
          {Array.from({ length: hostCount }, (_, i) => {
            const problem = problems.nameservers?.hosts?.[i]?.message;
            return (
              <div key={i} className="grid gap-1.5">
                <Label htmlFor={`order-ns-${i}`}>{t("order.nameserverLabel", { n: i + 1 })}</Label>
                <div className="flex gap-2">
                  <Input
                    id={`order-ns-${i}`}
                    {...register(`nameservers.hosts.${i}`)}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `order-ns-${i}-error` : undefined}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder={`ns${i + 1}.example.com`}
                  />
                  {hostCount > 2 ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={t("order.removeNameserver", { n: i + 1 })}
                      onClick={() =>
                        setValue(
                          "nameservers.hosts",
                          getValues("nameservers.hosts").filter((_, j) => j !== i),
                        )
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
                <FieldError id={`order-ns-${i}-error`} message={message(problem)} />
              </div>
            );
          })}
          {hostCount < 4 ? (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setValue("nameservers.hosts", [...getValues("nameservers.hosts"), ""])}
              >
                <Plus aria-hidden="true" />
                {t("order.addNameserver")}
              </Button>
            </div>
          ) : null}
        </Card>
      ) : null}
      <FieldError id="order-nameservers-error" message={message(nameserverProblem)} />
    </OrderStep>
  );
}
