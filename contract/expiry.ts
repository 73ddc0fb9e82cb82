import * as z from 'zod/mini';

/**
 * `expires_in_days` as an invite's and an API token's form and /api body both take it (ADR 0344):
 * a number of days, `null`, or `"never"`, the form's spelling of null (a <select> cannot send
 * null). Numbers come coerced, as a form sends them as text. One schema serves both doors.
 */
export const NEVER_EXPIRES = 'never';

/**
 * `days`: the number's own rule (its messages); `message`: what anything else answers. "never" is
 * turned into null by an overwrite, not a transform, so the document keeps the field's default.
 */
export const expiresInDays = (days: z.ZodMiniType<number, unknown>, message: string) =>
  z
    .union([days, z.null(), z.literal(NEVER_EXPIRES)], { error: message })
    .check(z.overwrite((value) => (value === NEVER_EXPIRES ? null : value))) as unknown as z.ZodMiniType<number | null, number | null | typeof NEVER_EXPIRES>;
