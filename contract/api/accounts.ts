import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULE } from '../password-policy';
import { timestamp } from './shared';

/** Accounts' /api shapes (ADR 0328): registration, login, passwords, personal API tokens. */

export const registrationSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters long')
    .max(40, 'Username must be at most 40 characters long')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dots, dashes and underscores'),
  email: z.string().trim().max(254).email('Enter a valid email address'),
  password: z.string().max(1024).describe(`${PASSWORD_RULE} At most ${PASSWORD_MAX_LENGTH} characters.`),
  registration_code: z.string().trim().min(1, 'Invalid registration code').max(100),
});

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Invalid credentials').max(100),
  password: z.string().min(1, 'Invalid credentials').max(1024),
});

// The rule itself is checked by passwordProblem (contract/password-policy.ts) so one message
// answers both doors; the schema only bounds the input.
const newPassword = z.string().max(1024).describe(`The new password. ${PASSWORD_RULE} At most ${PASSWORD_MAX_LENGTH} characters.`);

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(1024),
  new_password: newPassword,
});

export const passwordResetSchema = z.object({
  code: z.string().trim().min(1, 'This reset link is invalid or has expired').max(200),
  new_password: newPassword,
});

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
