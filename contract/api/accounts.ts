import { z } from 'zod';
import { timestamp } from './shared';

/** Accounts' /api shapes (ADR 0328): registration, login, passwords, personal API tokens. */

export { loginSchema, passwordChangeSchema, passwordResetSchema, registrationSchema } from '../account-forms';

export const userSchema = z.object({ id: z.string(), username: z.string(), email: z.string() });
/** GET /api/auth/me. */
export const currentUserSchema = z.object({ user: userSchema });
/** POST /api/auth/logout. */
export const loggedOutSchema = z.object({ ok: z.literal(true) });
export const authAnswerSchema = z.object({ user: userSchema, token: z.string() });

/** The signed-in user, as every door knows them. */
export type SessionUser = z.infer<typeof userSchema>;
export type AuthResult = z.infer<typeof authAnswerSchema>;

export const apiTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: timestamp,
  expires_at: timestamp.nullable().describe('null: the token never expires'),
  last_used_at: timestamp.nullable().describe('Recorded to the minute; null until first used'),
});
export const createdApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string().describe('Send as `Authorization: Bearer <token>`. Shown only in this answer: only its hash is stored.'),
  created_at: timestamp,
  expires_at: timestamp.nullable(),
});

export type ApiTokenSummary = z.infer<typeof apiTokenSummarySchema>;
/** `token` is shown once: only its SHA-256 is stored. */
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
