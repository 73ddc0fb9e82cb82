/**
 * What the user has put into a part of the page that is about to be drawn again (a tome modal's
 * section becoming a <dialog>, a late part's server HTML replaced by its live code, ADR 0242):
 * every field's value or checked state and which one had the focus, read from the old nodes and
 * given back to the same fields in the new ones. A field is known by its name (and value, for a
 * radio or checkbox) and its place among the fields of that name, not by its id (ids may differ
 * between the two drawings).
 */
export interface TypedFields {
  values: Map<string, string>;
  focused: { key: string; start: number | null; end: number | null } | null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const CARET = ['text', 'textarea', 'search', 'url', 'tel', 'password'];
const checkable = (field: Field): field is HTMLInputElement => field.type === 'radio' || field.type === 'checkbox';

function fieldsByKey(root: ParentNode): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const field of root.querySelectorAll<Field>('input[name], textarea[name], select[name]')) {
    if (['hidden', 'file', 'submit', 'button', 'image', 'reset'].includes(field.type)) continue;
    const name = checkable(field) ? `${field.name}=${field.value}` : field.name;
    let nth = 0;
    while (fields.has(`${name}#${nth}`)) nth++;
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
    const { selectionStart = null, selectionEnd = null } = field as HTMLInputElement;
    if (field === document.activeElement) focused = { key, start: selectionStart, end: selectionEnd };
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
    const [property, set] = checkable(field) ? ['checked', value === 'true'] : ['value', value];
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, set);
    for (const type of ['input', 'change']) field.dispatchEvent(new Event(type, { bubbles: true }));
  }
  const target = typed.focused && fields.get(typed.focused.key);
  if (!target || !typed.focused) return;
  target.focus();
  // A field without a caret (a select, a radio, an email field) keeps the focus only.
  if (typed.focused.start !== null && CARET.includes(target.type)) (target as HTMLInputElement).setSelectionRange(typed.focused.start, typed.focused.end);
}
