import { formatPaths, parse } from '@conform-to/dom';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';

/**
 * A form's fields checked against its schema: the one parse of the page actions and of the browser
 * (forms.ts loads it with the form's schema), so an error reads the same with JavaScript on or off.
 * Conform reads the FormData (its field names, the reply an action returns); zod's core checks it,
 * which a zod/mini schema needs without zod's classic API (ADR 0247). As Conform's zod reader did,
 * an empty field counts as not given, so a schema's optional() and default('') apply to it.
 */
export function parseForm<Schema extends $ZodType>(form: FormData, schema: Schema) {
  return parse<output<Schema>, string[]>(form, {
    resolve(payload) {
      const result = safeParse(schema, emptyAsMissing(payload));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((part): part is string | number => typeof part !== 'symbol'));
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  });
}

/** The payload with every empty text field (and empty file input) left out, however deep. */
function emptyAsMissing(value: unknown): unknown {
  if (value === '') return undefined;
  if (typeof File !== 'undefined' && value instanceof File) return value.name === '' && value.size === 0 ? undefined : value;
  if (Array.isArray(value)) return value.map(emptyAsMissing);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, emptyAsMissing(entry)]));
  return value;
}
