import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULE } from './password-policy';

/**
 * Accounts' request bodies: one schema for POST /api/auth/* (contract/api/accounts.ts), the
 * domain, and the login, registration and password forms (read in the browser and in the action,
 * so the errors match). zod/mini, as every form schema (ADR 0247). The password rule itself is
 * checked by passwordProblem (password-policy.ts), so one message answers both doors; these
 * schemas only bound the input.
 */
const described = (schema: z.ZodMiniString<string>, description: string) => schema.register(z.globalRegistry, { description });

export const PASSWORDS_DIFFER = 'Passwords do not match';

export const registrationSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Username must be at least 3 characters long'),
      z.maxLength(40, 'Username must be at most 40 characters long'),
      z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dots, dashes and underscores'),
    ),
  email: z.string().check(z.trim(), z.maxLength(254), z.regex(z.regexes.email, 'Enter a valid email address')).register(z.globalRegistry, { format: 'email' }),
  password: described(z.string().check(z.maxLength(1024)), `${PASSWORD_RULE} At most ${PASSWORD_MAX_LENGTH} characters.`),
  registration_code: z.string().check(z.trim(), z.minLength(1, 'Invalid registration code'), z.maxLength(100)),
});

export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Invalid credentials'), z.maxLength(100)),
  password: z.string().check(z.minLength(1, 'Invalid credentials'), z.maxLength(1024)),
});

const newPassword = described(z.string().check(z.maxLength(1024)), `The new password. ${PASSWORD_RULE} At most ${PASSWORD_MAX_LENGTH} characters.`);

export const passwordChangeSchema = z.object({
  current_password: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(1024)),
  new_password: newPassword,
});

export const passwordResetSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'This reset link is invalid or has expired'), z.maxLength(200)),
  new_password: newPassword,
});

/** The password typed again: a form's own field, never sent to the API. */
const confirmation = z.string({ error: 'Type the password again' });
const matches = (password: string, confirmed: string) =>
  z.refine<Record<string, unknown>>((fields) => fields[confirmed] === fields[password], { message: PASSWORDS_DIFFER, path: [confirmed] });

/** /register's form (with "Confirm passphrase"); the Request Access form sends no confirmation. */
export const registrationFormSchema = z.extend(registrationSchema, { confirmPassword: confirmation }).check(matches('password', 'confirmPassword'));
export const passwordChangeFormSchema = z.extend(passwordChangeSchema, { confirm_password: confirmation }).check(matches('new_password', 'confirm_password'));
/** The /reset/<code> form: the code is the page's address. */
export const passwordResetFormSchema = z
  .extend(z.omit(passwordResetSchema, { code: true }), { confirm_password: confirmation })
  .check(matches('new_password', 'confirm_password'));
