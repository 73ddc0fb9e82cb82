import { data, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { loginSchema, registrationSchema } from '../../contract/api/accounts';
import { loginErrorMessage, registerErrorMessage } from '../../contract/auth-messages';
import { describeZodError, isZodError } from '../../contract/zod-messages';
import { formFields } from './form-data';
import { safeRedirectTarget, sessionCookie } from './session.server';

export interface AuthFormResult {
  error: string;
  form: 'login' | 'register';
  values: { username?: string; email?: string; registration_code?: string };
}

/** The login form's action: the same domain call as POST /api/auth/login. */
export async function loginFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const { accounts } = context.domain;
  const fields = formFields(form);
  try {
    const input = loginSchema.parse(fields);
    const { token } = await accounts.login(context.services.db, input, {
      ip: context.clientIp,
      ttlDays: context.services.env.SESSION_TTL_DAYS,
    });
    return redirect(safeRedirectTarget(fields.redirectTo), {
      headers: { 'Set-Cookie': sessionCookie(token, context.services.env.SESSION_TTL_DAYS, request) },
    });
  } catch (error) {
    const message = loginErrorMessage(failureMessage(context, error));
    return data<AuthFormResult>({ error: message, form: 'login', values: { username: fields.username } }, { status: statusOf(context, error) });
  }
}

/** Both registration forms (Request Access on /login, and /register) end here. */
export async function registerFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const { accounts, DomainError } = context.domain;
  const fields = formFields(form);
  try {
    if (fields.confirmPassword !== undefined && fields.confirmPassword !== fields.password) {
      throw new DomainError(400, 'Passwords do not match');
    }
    const input = registrationSchema.parse(fields);
    const { token } = await accounts.registerAccount(context.services.db, input, { ip: context.clientIp, ttlDays: context.services.env.SESSION_TTL_DAYS });
    return redirect(safeRedirectTarget(fields.redirectTo), {
      headers: { 'Set-Cookie': sessionCookie(token, context.services.env.SESSION_TTL_DAYS, request) },
    });
  } catch (error) {
    const message = registerErrorMessage(failureMessage(context, error));
    return data<AuthFormResult>(
      {
        error: message,
        form: 'register',
        values: { username: fields.username, email: fields.email, registration_code: fields.registration_code },
      },
      { status: statusOf(context, error) },
    );
  }
}

/** The message of a domain or validation failure; anything else is a bug and stays in the log. */
export function failureMessage(context: AppLoadContext, error: unknown): string | undefined {
  if (context.domain.isDomainError(error)) return error.message;
  if (isZodError(error)) return describeZodError(error);
  context.log.error({ err: error }, 'an account action failed');
  return undefined;
}

export function statusOf(context: AppLoadContext, error: unknown): number {
  if (context.domain.isDomainError(error)) return error.status;
  return isZodError(error) ? 400 : 500;
}
