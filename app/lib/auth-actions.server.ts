import { data, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { loginSchema, registrationFormSchema, registrationSchema } from '../../contract/account-forms';
import { loginErrorMessage, registerErrorMessage } from '../../contract/auth-messages';
import { describeZodError, isZodError } from '../../contract/zod-messages';
import { parseForm } from './form-parse';
import type { FormReply } from './forms';
import { safeRedirectTarget, sessionCookie } from './session.server';

/** Passwords are never sent back to the page (they are not drawn again). */
const PASSWORD_FIELDS = ['password', 'confirmPassword'];

const signedIn = (context: AppLoadContext, request: Request, form: FormData, token: string) =>
  redirect(safeRedirectTarget(String(form.get('redirectTo') ?? '')), {
    headers: { 'Set-Cookie': sessionCookie(token, context.services.env.SESSION_TTL_DAYS, request) },
  });

/** The login form's action: the same schema and domain call as POST /api/auth/login. */
export async function loginFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const intent = 'login';
  const submission = parseForm(form, loginSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  try {
    const { token } = await context.domain.accounts.login(context.services.db, submission.value, {
      ip: context.clientIp,
      ttlDays: context.services.env.SESSION_TTL_DAYS,
    });
    return signedIn(context, request, form, token);
  } catch (error) {
    const message = loginErrorMessage(failureMessage(context, error));
    return data<FormReply>({ intent, result: submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }) }, { status: statusOf(context, error) });
  }
}

/** Both registration forms (Request Access on /login, and /register with its confirmation) end here. */
export async function registerFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const intent = 'register';
  const submission = parseForm(form, form.has('confirmPassword') ? registrationFormSchema : registrationSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  try {
    const { token } = await context.domain.accounts.registerAccount(context.services.db, submission.value, {
      ip: context.clientIp,
      ttlDays: context.services.env.SESSION_TTL_DAYS,
    });
    return signedIn(context, request, form, token);
  } catch (error) {
    const message = registerErrorMessage(failureMessage(context, error));
    return data<FormReply>({ intent, result: submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }) }, { status: statusOf(context, error) });
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
