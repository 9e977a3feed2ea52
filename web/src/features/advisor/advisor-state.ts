import { useCallback, useState } from "react";
import { AdvisorAnswers, type AdvisorAnswersInput } from "#contracts/advisor.ts";
import { ADVISOR_DRAFT_KEY } from "../../lib/tool-storage.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

export const STEPS = ["projectType", "audience", "budget", "timeline", "skills", "mustHaves", "hosting"] as const;
export type StepKey = (typeof STEPS)[number];

export type Draft = Partial<AdvisorAnswersInput>;

interface Stored {
  step: number;
  draft: Draft;
}

/** The answers each step asks for: the slice of the contract its form is checked against. */
const STEP_FIELDS: Record<StepKey, Partial<Record<keyof AdvisorAnswersInput, true>>> = {
  projectType: { projectType: true },
  audience: { audience: true, growth: true },
  budget: { budget: true, currency: true },
  timeline: { timeline: true },
  skills: { skills: true },
  mustHaves: { mustHaves: true },
  hosting: { hosting: true },
};

/** One step's answers as the API's AdvisorAnswers checks them. */
export function stepSchema(step: StepKey) {
  return AdvisorAnswers.pick(STEP_FIELDS[step] as { [K in keyof AdvisorAnswersInput]?: true });
}

/** Whether a step has the answers it needs before the visitor may go on. */
export function stepComplete(step: StepKey, draft: Draft): boolean {
  return stepSchema(step).safeParse(draft).success;
}

/**
 * The questionnaire's answers and step, kept in localStorage so a visitor who leaves and comes
 * back finds them where they were.
 */
export function useAdvisorDraft() {
  const [state, setState] = useState<Stored>({
    step: 0,
    draft: { currency: "RWF", growth: "steady", skills: [], mustHaves: [] },
  });
  const [resumed, setResumed] = useState(false);

  // Restored once the page has hydrated, so the prerendered questionnaire and the first render agree.
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const stored = readStoredDraft();
    if (stored) {
      setState(stored);
      setResumed(stored.step > 0 || Object.keys(stored.draft).length > 4);
    }
  }

  const save = useCallback((next: Stored) => {
    setState(next);
    try {
      localStorage.setItem(ADVISOR_DRAFT_KEY, JSON.stringify(next));
    } catch {
      // Private browsing without storage: answers last for this visit only.
    }
  }, []);

  return {
    step: state.step,
    draft: state.draft,
    resumed,
    update: (changes: Draft) => save({ ...state, draft: { ...state.draft, ...changes } }),
    goTo: (step: number) => save({ ...state, step }),
    reset: () => {
      setResumed(false);
      save({
        step: 0,
        draft: { currency: state.draft.currency ?? "RWF", growth: "steady", skills: [], mustHaves: [] },
      });
    },
  };
}

function readStoredDraft(): Stored | null {
  try {
    const raw = localStorage.getItem(ADVISOR_DRAFT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.step !== "number" || !stored.draft || typeof stored.draft !== "object") return null;
    return { step: Math.min(Math.max(0, stored.step), STEPS.length), draft: stored.draft };
  } catch {
    // A damaged draft is simply not restored.
    return null;
  }
}
