import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, RotateCcw, Share2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocalizedNavigate } from "../../i18n/link.tsx";
import { AdvisorAnswers, AdvisorResult, SavedProject } from "#contracts/advisor.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/use-toast.ts";
import { STEPS, stepComplete, stepSchema, useAdvisorDraft, type Draft, type StepKey } from "./advisor-state.ts";
import { usePlanLocalizer } from "./localize-plan.ts";
import { PlanCard } from "./plan-card.tsx";
import { Question } from "./questionnaire.tsx";
import { apiRequest } from "../../lib/api-client.ts";
import { paths } from "../../lib/route-table.ts";
import { cn } from "../../lib/cn.ts";

/** The current step's answers checked by its slice of AdvisorAnswers; the step comes as the context. */
const stepResolver: Resolver<Draft, StepKey> = (draft, step, options) =>
  zodResolver(stepSchema(step!))(draft as never, undefined, options as never) as never;

export function TechStackAdvisorTool() {
  const { t } = useTranslation("advisor");
  const navigate = useLocalizedNavigate();
  const localizePlan = usePlanLocalizer();
  const { step, draft, resumed, update, goTo, reset } = useAdvisorDraft();
  const headingRef = useRef<HTMLDivElement>(null);
  const onResults = step >= STEPS.length;
  const current = STEPS[Math.min(step, STEPS.length - 1)]!;

  const recommendations = useMutation({
    mutationFn: async () => {
      const answers = AdvisorAnswers.parse(draft);
      const response = await apiRequest("POST", "/api/advisor/recommendations", { answers });
      return AdvisorResult.parse(await response.json());
    },
  });
  const save = useMutation({
    mutationFn: async () => {
      const response = await apiRequest("POST", "/api/projects", { answers: AdvisorAnswers.parse(draft) });
      return SavedProject.parse(await response.json());
    },
    onSuccess: (project) => navigate(paths.projectDetails({ id: project.id })),
    onError: () => toast({ title: t("results.saveError"), variant: "destructive" }),
  });

  const { mutate: fetchPlans } = recommendations;
  useEffect(() => {
    if (onResults && AdvisorAnswers.safeParse(draft).success) fetchPlans();
    // Only when the visitor arrives on the results (or comes back to them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onResults]);

  // The draft (kept across visits) is the form's value; each step is checked against its part of the
  // contract, AdvisorAnswers, before the visitor moves on.
  const form = useForm<Draft, StepKey>({ values: draft, context: current, resolver: stepResolver });

  const move = (to: number) => {
    goTo(to);
    headingRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <Container className="py-12 sm:py-16">
      <div ref={headingRef} className="scroll-mt-24">
        <SectionHeading as="h1" eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      </div>

      {!onResults ? (
        <Card className="mx-auto mt-10 max-w-3xl p-6 sm:p-10">
          {resumed && step > 0 ? (
            <p className="mb-6 rounded-lg bg-accent px-4 py-3 text-sm text-accent-foreground">{t("resumed")}</p>
          ) : null}
          <div className="mb-8">
            <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
              <span>{t("progress", { step: step + 1, total: STEPS.length })}</span>
              <button type="button" onClick={reset} className="inline-flex items-center gap-1 hover:text-foreground">
                <RotateCcw aria-hidden="true" className="size-3.5" />
                {t("startOver")}
              </button>
            </div>
            <progress
              className={cn(
                "mt-2 h-2 w-full appearance-none overflow-hidden rounded-full",
                "[&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted",
                "[&::-webkit-progress-value]:bg-primary",
              )}
              max={STEPS.length}
              value={step + 1}
              aria-label={t("progressLabel")}
            />
          </div>
          <form onSubmit={(event) => void form.handleSubmit(() => move(step + 1))(event)}>
            <Question step={current} draft={draft} update={update} />
            {/* On a narrow phone the two may not fit on one line: the next step's button goes below, on the right. */}
            <div className="mt-10 flex flex-wrap items-center justify-between gap-3">
              <Button type="button" variant="ghost" disabled={step === 0} onClick={() => move(step - 1)}>
                <ArrowLeft aria-hidden="true" />
                {t("back")}
              </Button>
              <Button type="submit" className="ml-auto" disabled={!stepComplete(current, draft)}>
                {step === STEPS.length - 1 ? t("seeResults") : t("next")}
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <section aria-labelledby="advisor-results-title" className="mt-12">
          <SectionHeading
            id="advisor-results-title"
            eyebrow={t("results.eyebrow")}
            title={t("results.title")}
            lead={t("results.lead")}
          />
          {recommendations.isPending || recommendations.isIdle ? (
            <div role="status" className="mt-12 flex flex-col items-center gap-3 text-muted-foreground">
              <Spinner />
              {t("results.loading")}
            </div>
          ) : recommendations.isError ? (
            <div className="mt-12 text-center">
              <p className="text-destructive">{t("results.error")}</p>
              <Button className="mt-4" onClick={() => recommendations.mutate()}>
                {t("results.retry")}
              </Button>
            </div>
          ) : (
            <>
              <div className="mt-10 grid gap-6 xl:grid-cols-2">
                {recommendations.data.recommendations.map((plan, index) => (
                  <PlanCard key={plan.stackId} plan={localizePlan(plan)} best={index === 0} />
                ))}
              </div>
              <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
                <Button size="lg" disabled={save.isPending} onClick={() => save.mutate()}>
                  <Share2 aria-hidden="true" />
                  {save.isPending ? t("results.saving") : t("results.save")}
                </Button>
                <Button size="lg" variant="outline" onClick={() => move(STEPS.length - 1)}>
                  <ArrowLeft aria-hidden="true" />
                  {t("results.edit")}
                </Button>
              </div>
            </>
          )}
        </section>
      )}
    </Container>
  );
}
