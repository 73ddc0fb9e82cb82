import * as z from 'zod/mini';

/**
 * A campaign session's fields (issue 35): one schema for the API body, the domain, and the
 * sessions page's New and Edit forms (read in the browser and in the action, so the field errors
 * match). Dates in the campaign's calendar are text here; the domain reads them in that calendar.
 */
export const SESSION_LIMITS = { title: 200, notes: 200_000, number: 100_000, date: 100 } as const;

const numberMessage = `number must be a whole number from 1 to ${SESSION_LIMITS.number.toLocaleString('en')}`;
const dateText = (what: string) =>
  z.optional(z.nullable(z.string({ error: `${what} must be text` }).check(z.trim(), z.maxLength(SESSION_LIMITS.date, `${what} is too long`))));

/** A checkbox posts "on"; JSON sends a boolean. */
const flag = z.optional(z.nullable(z.union([z.boolean(), z.enum(['on', 'true', 'false'])], { error: 'player_visible must be true or false' })));

const notesText = z
  .string({ error: 'notes must be text' })
  .check(z.maxLength(SESSION_LIMITS.notes, `Notes are too long (${SESSION_LIMITS.notes.toLocaleString('en')} characters at most)`));

export const sessionFieldsSchema = z.object({
  number: z.optional(
    z.nullable(
      z.coerce.number({ error: numberMessage }).check(z.int({ error: numberMessage }), z.minimum(1, numberMessage), z.maximum(SESSION_LIMITS.number, numberMessage)),
    ),
  ),
  title: z
    .string({ error: 'Session title is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Session title is required'),
      z.maxLength(SESSION_LIMITS.title, `Session title is too long (${SESSION_LIMITS.title} characters at most)`),
    ),
  played_on: z.optional(
    z.nullable(z.string({ error: 'played_on must be a date' }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'played_on must be a date written YYYY-MM-DD'))),
  ),
  world_start: dateText('world_start'),
  world_end: dateText('world_end'),
  notes: z.optional(notesText),
  player_visible: flag,
});
export type SessionFields = z.output<typeof sessionFieldsSchema>;
export type SessionInput = z.input<typeof sessionFieldsSchema>;

/** PATCH: any of the fields; those left out stay as they are. */
export const sessionUpdateSchema = z.partial(sessionFieldsSchema);
export type SessionUpdate = z.input<typeof sessionUpdateSchema>;

export const isShownFlag = (value: boolean | string | null | undefined): boolean | undefined =>
  value === undefined || value === null ? undefined : value === true || value === 'on' || value === 'true';
