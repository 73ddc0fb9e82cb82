import type { $ZodError } from 'zod/v4/core';

/** A zod failure as one sentence: the first problem, naming its field. */
export function describeZodError(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}

/** A failed parse by a classic schema (ZodError) or a zod/mini one ($ZodError, the forms' schemas in contract/). */
export function isZodError(error: unknown): error is $ZodError {
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError') && Array.isArray((error as $ZodError).issues);
}
