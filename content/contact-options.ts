import { serviceCategories } from "./services.ts";
import type { SelectOption } from "./types.ts";

/**
 * Choices for the contact form's "service" select: one per service category
 * (value is the category id) followed by "Other".
 */
export const contactServiceOptions: readonly SelectOption[] = [
  ...serviceCategories.map((category) => ({
    value: category.id,
    label: category.title,
  })),
  { value: "other", label: "Other" },
];
