/** FormData as a plain object of strings, for zod (files and repeated keys are left out). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/**
 * The request's form, or an empty one when the body is not a readable form (JSON, broken
 * multipart): the action then answers its usual "field missing" error, a 4xx, never a 500.
 */
export async function readFormOrEmpty(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
