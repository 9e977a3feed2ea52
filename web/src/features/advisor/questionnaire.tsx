import { AppWindow, BrainCircuit, Building, Globe, ShoppingCart, Smartphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AudienceSize,
  BudgetBand,
  Currency,
  Growth,
  HostingPreference,
  MustHave,
  ProjectType,
  Skill,
} from "#contracts/advisor.ts";
import { Label, NativeSelect } from "../../components/ui/field.tsx";
import type { Draft, StepKey } from "./advisor-state.ts";
import { ChoiceCard } from "./choice-card.tsx";
import { budgetLimits } from "./money.ts";

const projectIcons = {
  website: Globe,
  "online-shop": ShoppingCart,
  "mobile-app": Smartphone,
  saas: AppWindow,
  "internal-system": Building,
  "data-ai": BrainCircuit,
} as const;

const grid = "grid gap-3 sm:grid-cols-2";

/** The question for one step; every answer is a real radio button or checkbox. */
export function Question({ step, draft, update }: { step: StepKey; draft: Draft; update: (changes: Draft) => void }) {
  const { t } = useTranslation("advisor");
  const heading = (
    <legend className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
      {t(`steps.${step}.title`)}
    </legend>
  );

  switch (step) {
    case "projectType":
      return (
        <fieldset>
          {heading}
          <div className={`mt-6 ${grid}`}>
            {ProjectType.options.map((value) => {
              const Icon = projectIcons[value];
              return (
                <ChoiceCard
                  key={value}
                  type="radio"
                  name="projectType"
                  value={value}
                  checked={draft.projectType === value}
                  onChange={() => update({ projectType: value })}
                  label={t(`steps.projectType.options.${value}.label`)}
                  hint={t(`steps.projectType.options.${value}.hint`)}
                  icon={<Icon aria-hidden="true" className="size-5" />}
                />
              );
            })}
          </div>
        </fieldset>
      );
    case "audience":
      return (
        <fieldset>
          {heading}
          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-muted-foreground">{t("steps.audience.sizeLabel")}</legend>
            <div className="mt-3 grid gap-3">
              {AudienceSize.options.map((value) => (
                <ChoiceCard
                  key={value}
                  type="radio"
                  name="audience"
                  value={value}
                  checked={draft.audience === value}
                  onChange={() => update({ audience: value })}
                  label={t(`steps.audience.options.${value}.label`)}
                  hint={t(`steps.audience.options.${value}.hint`)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-muted-foreground">{t("steps.audience.growthLabel")}</legend>
            <div className={`mt-3 ${grid}`}>
              {Growth.options.map((value) => (
                <ChoiceCard
                  key={value}
                  type="radio"
                  name="growth"
                  value={value}
                  checked={draft.growth === value}
                  onChange={() => update({ growth: value })}
                  label={t(`steps.audience.growth.${value}.label`)}
                  hint={t(`steps.audience.growth.${value}.hint`)}
                />
              ))}
            </div>
          </fieldset>
        </fieldset>
      );
    case "budget": {
      const currency = draft.currency ?? "RWF";
      const limits = budgetLimits(currency);
      return (
        <fieldset>
          {heading}
          <div className="mt-6 grid max-w-xs gap-2">
            <Label htmlFor="advisor-currency">{t("steps.budget.currencyLabel")}</Label>
            <NativeSelect
              id="advisor-currency"
              value={currency}
              onChange={(e) => update({ currency: e.target.value as Draft["currency"] })}
            >
              {Currency.options.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          </div>
          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-muted-foreground">{t("steps.budget.bandLabel")}</legend>
            <div className="mt-3 grid gap-3">
              {BudgetBand.options.map((value) => (
                <ChoiceCard
                  key={value}
                  type="radio"
                  name="budget"
                  value={value}
                  checked={draft.budget === value}
                  onChange={() => update({ budget: value })}
                  label={(t as (key: string, values: object) => string)(
                    `steps.budget.options.${value}.label`,
                    limits[value],
                  )}
                  hint={t(`steps.budget.options.${value}.hint`)}
                />
              ))}
            </div>
          </fieldset>
        </fieldset>
      );
    }
    case "timeline":
      return (
        <fieldset>
          {heading}
          <div className="mt-6 grid gap-3">
            {(["urgent", "normal", "flexible"] as const).map((value) => (
              <ChoiceCard
                key={value}
                type="radio"
                name="timeline"
                value={value}
                checked={draft.timeline === value}
                onChange={() => update({ timeline: value })}
                label={t(`steps.timeline.options.${value}.label`)}
                hint={t(`steps.timeline.options.${value}.hint`)}
              />
            ))}
          </div>
        </fieldset>
      );
    case "skills": {
      const skills = draft.skills ?? [];
      const toggle = (value: (typeof Skill.options)[number]) => {
        if (value === "none") return update({ skills: skills.includes("none") ? [] : ["none"] });
        const without = skills.filter((s) => s !== "none" && s !== value);
        update({ skills: skills.includes(value) ? without : [...without, value] });
      };
      return (
        <fieldset>
          {heading}
          <p className="mt-2 text-sm text-muted-foreground">{t("multiHint")}</p>
          <div className={`mt-6 ${grid}`}>
            {Skill.options.map((value) => (
              <ChoiceCard
                key={value}
                type="checkbox"
                name="skills"
                value={value}
                checked={skills.includes(value)}
                onChange={() => toggle(value)}
                label={t(`steps.skills.options.${value}`)}
              />
            ))}
          </div>
        </fieldset>
      );
    }
    case "mustHaves": {
      const needs = draft.mustHaves ?? [];
      return (
        <fieldset>
          {heading}
          <p className="mt-2 text-sm text-muted-foreground">{t("multiHint")}</p>
          <div className="mt-6 grid gap-3">
            {MustHave.options.map((value) => (
              <ChoiceCard
                key={value}
                type="checkbox"
                name="mustHaves"
                value={value}
                checked={needs.includes(value)}
                onChange={() =>
                  update({ mustHaves: needs.includes(value) ? needs.filter((n) => n !== value) : [...needs, value] })
                }
                label={t(`steps.mustHaves.options.${value}.label`)}
                hint={t(`steps.mustHaves.options.${value}.hint`)}
              />
            ))}
          </div>
        </fieldset>
      );
    }
    case "hosting":
      return (
        <fieldset>
          {heading}
          <div className={`mt-6 ${grid}`}>
            {HostingPreference.options.map((value) => (
              <ChoiceCard
                key={value}
                type="radio"
                name="hosting"
                value={value}
                checked={draft.hosting === value}
                onChange={() => update({ hosting: value })}
                label={t(`steps.hosting.options.${value}.label`)}
                hint={t(`steps.hosting.options.${value}.hint`)}
              />
            ))}
          </div>
        </fieldset>
      );
  }
}
