type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** Whether the visitor changed a field from what the prerendered page had in it. */
function changed(field: Field): boolean {
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/**
 * Takes note of what the visitor typed or chose in an island's fields before its code arrived, and
 * returns what gives it to the island once hydrated: React took the fields as they were, but a form
 * library keeps its own state, set from its defaults when it mounts. Each value goes in again as the
 * visitor's own input (an `input`, `change` or click event).
 */
export function keepTyped(root: HTMLElement): () => void {
  const typed = [...root.querySelectorAll<Field>("input, textarea, select")]
    .filter(changed)
    .map((field) => ({ field, value: isCheckable(field) ? field.checked : field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected) continue;
      // React only reports a change from the value it last saw: set another through the element (which
      // React watches), then the visitor's through the prototype's setter (which it does not).
      if (typeof value === "boolean") {
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
