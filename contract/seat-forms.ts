import * as z from 'zod/mini';

/**
 * A player's private note: one schema for the API body, the domain and the notes page's form
 * (read in the browser and in the action, so the field errors match). zod/mini, as every form
 * schema (ADR 0247).
 */
export const NOTE_BODY_MAX = 50_000;
export const NOTE_TITLE_MAX = 200;

export const noteFieldsSchema = z.object({
  title: z
    .string({ error: 'Give the note a title' })
    .check(z.trim(), z.minLength(1, 'Give the note a title'), z.maxLength(NOTE_TITLE_MAX, `The title must be at most ${NOTE_TITLE_MAX} characters`)),
  body: z._default(z.optional(z.string().check(z.maxLength(NOTE_BODY_MAX, `The note must be at most ${NOTE_BODY_MAX.toLocaleString('en')} characters`))), ''),
});
export const noteUpdateSchema = z.partial(noteFieldsSchema);
