/** FormData as a plain object of strings, for zod (files and repeated keys are left out). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  }
  return fields;
}
