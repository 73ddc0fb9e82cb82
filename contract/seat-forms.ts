import * as z from 'zod/mini';
import { expiresInDays } from './expiry';

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

export const MAX_INVITE_USES = 100;
export const MAX_INVITE_DAYS = 90;

/** The lifetimes the Players page offers an invite; the API takes any number of days up to MAX_INVITE_DAYS. */
export const INVITE_LIFETIMES = [
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
] as const;

const USES_MESSAGE = 'uses must be a whole number';
const DAYS_MESSAGE = 'expires_in_days must be a number of days';

/** A GM's player invite: one schema for POST /api/campaigns/:id/invites and the Players page's form (ADR 0344 for "never"). */
export const inviteCreateSchema = z.object({
  uses: z._default(
    z.coerce
      .number({ error: USES_MESSAGE })
      .check(z.int({ error: USES_MESSAGE }), z.minimum(1, 'uses must be at least 1'), z.maximum(MAX_INVITE_USES, `uses must be at most ${MAX_INVITE_USES}`)),
    1,
  ),
  /** Days until the invite stops working; null (or "never") for never. */
  expires_in_days: z._default(
    expiresInDays(
      z.coerce
        .number({ error: DAYS_MESSAGE })
        .check(z.positive('expires_in_days must be more than 0'), z.maximum(MAX_INVITE_DAYS, `expires_in_days must be at most ${MAX_INVITE_DAYS}`)),
      DAYS_MESSAGE,
    ),
    7,
  ),
  note: z._default(z.string().check(z.trim(), z.maxLength(200, 'note must be at most 200 characters')), ''),
});

const CODE_MESSAGE = 'Enter the invite code your GM gave you.';

/** /join's form: the code a GM gave, to open its /join/CODE page. */
export const inviteCodeSchema = z.object({
  code: z.string({ error: CODE_MESSAGE }).check(z.trim(), z.minLength(1, CODE_MESSAGE), z.maxLength(100, CODE_MESSAGE)),
});
