/**
 * What the user has put into a part of the page that is about to be drawn again (a tome modal's
 * section becoming a <dialog>, a late part's server HTML replaced by its live code): every field's
 * value or checked state and which one had the focus, read from the old nodes and given back to
 * the same fields in the new ones. A field is known by its name and its place among the fields of
 * that name, not by its id (ids may differ between the two drawings).
 */
export interface TypedFields {
  values: Map<string, string>;
  focused: { key: string; start: number | null; end: number | null } | null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const NOT_TYPED = ['hidden', 'file', 'submit', 'button', 'image', 'reset'];
const checkable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

function fieldsByKey(root: ParentNode): Map<string, Field> {
  const fields = new Map<string, Field>();
  const seen = new Map<string, number>();
  for (const field of root.querySelectorAll<Field>('input[name], textarea[name], select[name]')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.includes(field.type)) continue;
    const name = checkable(field) ? `${field.name}=${field.value}` : field.name;
    const nth = seen.get(name) ?? 0;
    seen.set(name, nth + 1);
    fields.set(`${name}#${nth}`, field);
  }
  return fields;
}

const entered = (field: Field) => (checkable(field) ? String(field.checked) : field.value);

export function readTypedFields(root: ParentNode): TypedFields {
  const values = new Map<string, string>();
  let focused: TypedFields['focused'] = null;
  // Every value, not only those that differ from the default: React keeps a controlled field's defaultValue equal to its value.
  for (const [key, field] of fieldsByKey(root)) {
    values.set(key, entered(field));
    if (field === document.activeElement) {
      const caret = field instanceof HTMLSelectElement || checkable(field) ? null : field.selectionStart;
      focused = { key, start: caret, end: caret === null ? null : (field as HTMLInputElement).selectionEnd };
    }
  }
  return { values, focused };
}

/**
 * Puts the values back as if entered again: the native setter (past React's own record of the
 * value) and the events a user's entry fires, so the form's state (React, useSchemaForm) sees them.
 */
export function restoreTypedFields(root: ParentNode, typed: TypedFields): void {
  const fields = fieldsByKey(root);
  for (const [key, field] of fields) {
    const value = typed.values.get(key);
    if (value === undefined || entered(field) === value) continue;
    const property = checkable(field) ? 'checked' : 'value';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, checkable(field) ? value === 'true' : value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (!(field instanceof HTMLTextAreaElement) && !(field instanceof HTMLInputElement && !checkable(field)))
      field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const target = typed.focused ? fields.get(typed.focused.key) : undefined;
  if (!target || !typed.focused) return;
  target.focus();
  if (typed.focused.start === null || target instanceof HTMLSelectElement) return;
  try {
    target.setSelectionRange(typed.focused.start, typed.focused.end);
  } catch {
    // A field without a caret (email, number): the focus is enough.
  }
}
