import { contactServiceOptions } from "#content/contact-options.ts";

/** The label of a stored `service` value (the contact form's choices); unknown values show as stored. */
export const serviceLabel = (value: string) =>
  contactServiceOptions.find((option) => option.value === value)?.label ?? value;

export { contactServiceOptions };
