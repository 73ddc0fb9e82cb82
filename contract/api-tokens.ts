import * as z from 'zod/mini';
import { expiresInDays } from './expiry';

/** Bearer tokens that start with this are personal API tokens; anything else is a session. */
export const API_TOKEN_PREFIX = 'tkp_';

/** The 403 of a `sessionOnly` route (and the account page) called with a personal API token. */
export const SESSION_ONLY_MESSAGE = 'An API token cannot do this: sign in with your password and try again';

/** The most days a token may live (ten years); without expires_in_days it never expires. */
export const API_TOKEN_MAX_DAYS = 3650;

/** How long a token may be named (the account page shows it in a table). */
export const API_TOKEN_NAME_MAX = 100;

/** The lifetimes the account page offers; the API takes any whole number of days. */
export const API_TOKEN_LIFETIMES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

const EXPIRY_MESSAGE = 'expires_in_days must be a whole number of days, or "never"';

/** POST /api/tokens and the account page's Create form: one schema for both; without expires_in_days (or with null or "never") the token never expires. */
export const apiTokenFieldsSchema = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .check(z.trim(), z.minLength(1, 'Token name is required'), z.maxLength(API_TOKEN_NAME_MAX, `Token name is too long (${API_TOKEN_NAME_MAX} characters at most)`)),
  expires_in_days: z.optional(
    expiresInDays(
      z.coerce
        .number({ error: EXPIRY_MESSAGE })
        .check(
          z.int({ error: EXPIRY_MESSAGE }),
          z.minimum(1, 'expires_in_days must be at least 1'),
          z.maximum(API_TOKEN_MAX_DAYS, `expires_in_days must be at most ${API_TOKEN_MAX_DAYS}`),
        ),
      EXPIRY_MESSAGE,
    ),
  ),
});

export type ApiTokenFields = z.infer<typeof apiTokenFieldsSchema>;
