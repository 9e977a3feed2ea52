import { z } from "zod";
import { multiline } from "./text.ts";
import { ContactEnquiry } from "./contact.ts";

export const ProjectType = z.enum(["website", "online-shop", "mobile-app", "saas", "internal-system", "data-ai"]);
export const AudienceSize = z.enum(["small", "medium", "large"]);
export const Growth = z.enum(["steady", "fast"]);
export const BudgetBand = z.enum(["low", "medium", "high"]);
export const Currency = z.enum(["RWF", "UGX", "KES", "USD"]);
export const Timeline = z.enum(["urgent", "normal", "flexible"]);
export const Skill = z.enum(["javascript", "typescript", "python", "php", "java", "dart", "none"]);
export const MustHave = z.enum(["mobile-money", "offline", "multilingual", "regulated-data", "real-time"]);
export const HostingPreference = z.enum(["local-dc", "cloud", "company-vps", "no-preference"]);

/** The questionnaire's answers: what the engine scores. */
export const AdvisorAnswers = z.object({
  projectType: ProjectType,
  audience: AudienceSize,
  growth: Growth,
  budget: BudgetBand,
  currency: Currency,
  timeline: Timeline,
  skills: z.array(Skill).max(7).default([]),
  mustHaves: z.array(MustHave).max(5).default([]),
  hosting: HostingPreference,
});
export type AdvisorAnswers = z.infer<typeof AdvisorAnswers>;
export type AdvisorAnswersInput = z.input<typeof AdvisorAnswers>;

/** A reason or trade-off: a message code the screen translates, with its values. */
export const Explanation = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type Explanation = z.infer<typeof Explanation>;

export const StackLayer = z.enum(["frontend", "backend", "database", "hosting", "extras"]);
export type StackLayer = z.infer<typeof StackLayer>;

export const StackChoice = z.object({
  layer: StackLayer,
  technologies: z.array(z.string()),
  reason: Explanation,
});

export const Recommendation = z.object({
  stackId: z.string(),
  name: z.string(),
  summary: z.string(),
  fitScore: z.number().int().min(0).max(100),
  choices: z.array(StackChoice),
  reasons: z.array(Explanation),
  tradeOffs: z.array(Explanation),
  delivery: z.object({ minWeeks: z.number().int(), maxWeeks: z.number().int() }),
  cost: z.object({ currency: Currency, min: z.number(), max: z.number() }),
  services: z.array(z.object({ name: z.string(), category: z.string() })),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const AdvisorResult = z.object({ recommendations: z.array(Recommendation).min(1).max(3) });
export type AdvisorResult = z.infer<typeof AdvisorResult>;

/* ---------------------------------------------------------------- Saved projects */

export const PROJECT_STATUSES = ["new", "contacted", "proposal-sent", "won", "lost"] as const;
export const ProjectStatus = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

export const SaveProject = z.object({ answers: AdvisorAnswers });
export const SavedProject = z.object({
  id: z.string(),
  answers: AdvisorAnswers,
  recommendations: z.array(Recommendation),
  consultationRequested: z.boolean(),
  createdAt: z.string(),
});
export type SavedProject = z.infer<typeof SavedProject>;

export const CONSULTATION_NOTES_MAX = 600;
export const advisorMessages = {
  notesMax: "Notes must be 600 characters or less",
} as const;

/** "Request a consultation" on a saved plan: name and email under the contact form's rules. */
export const ConsultationRequest = ContactEnquiry.pick({ firstName: true, lastName: true, email: true }).extend({
  notes: multiline(z.string().trim().max(CONSULTATION_NOTES_MAX, advisorMessages.notesMax)).optional(),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequest>;
export type ConsultationRequestInput = z.input<typeof ConsultationRequest>;

export const ConsultationCreated = z.object({ enquiryId: z.string() });
