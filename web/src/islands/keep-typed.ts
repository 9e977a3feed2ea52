type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/**
 * The option a one-choice list shows with none marked `selected` in the page: its first that can be
 * chosen. Each option's `defaultSelected` is then false, the shown one's included.
 */
function shownByDefault(select: HTMLSelectElement): number {
  const options = [...select.options];
  const marked = options.findIndex((option) => option.defaultSelected);
  return marked >= 0 ? marked : options.findIndex((option) => !option.disabled);
}

/** Whether the visitor changed a field from what the prerendered page had in it. */
function changed(field: Field): boolean {
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    if (!field.multiple && field.size <= 1) return field.selectedIndex !== shownByDefault(field);
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

/** What a field says when the visitor types or chooses in it. */
const FIELD_EVENTS = ["input", "change"] as const;

const valueOf = (field: Field): string | boolean => (isCheckable(field) ? field.checked : field.value);

/**
 * Takes note of what the visitor typed or chose in an island's fields before its code arrived, and
 * of what they type while it hydrates, and returns what gives it to the island once hydrated: React
 * took the fields as they were, but a form library keeps its own state, set from its defaults when it
 * mounts. Each field's last value goes in again as the visitor's own input (an `input`, `change` or
 * click event), in the order the visitor left them.
 */
export function keepTyped(root: HTMLElement): () => void {
  const typed = new Map<Field, string | boolean>();
  const note = (field: Field) => {
    // Last changed, last played: of a group of radio buttons, the one chosen last stays chosen.
    typed.delete(field);
    typed.set(field, valueOf(field));
  };
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) if (changed(field)) note(field);
  // Hydration takes slices of its own: a field changed meanwhile must not go back to its first note.
  const onInput = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  for (const type of FIELD_EVENTS) root.addEventListener(type, onInput, true);
  return () => {
    for (const type of FIELD_EVENTS) root.removeEventListener(type, onInput, true);
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // React only reports a change from the value it last saw: set another through the element (which
      // React watches), then the visitor's through the prototype's setter (which it does not).
      if (typeof value === "boolean") {
        // A radio button is left by choosing another, which is played in its turn.
        if (!value && field.type === "radio") continue;
        (field as HTMLInputElement).checked = !value;
        field.click();
        continue;
      }
      field.value = value === "" ? " " : "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
  };
}
