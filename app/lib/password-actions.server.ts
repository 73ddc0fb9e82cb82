import { data, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { passwordChangeSchema, passwordResetSchema } from '../../contract/api/accounts';
import { failureMessage, statusOf } from './auth-actions.server';
import { formFields } from './form-data';
import { requireUser } from './session.server';

export interface PasswordFormResult {
  error: string;
}

function checkConfirmed(context: AppLoadContext, fields: Record<string, string>) {
  if (fields.confirm_password !== fields.new_password) throw new context.domain.DomainError(400, 'Passwords do not match');
}

function failed(context: AppLoadContext, error: unknown) {
  return data<PasswordFormResult>(
    { error: failureMessage(context, error) ?? 'The password could not be changed. Try again.' },
    { status: statusOf(context, error) },
  );
}

/** The Change password form: the same domain call as POST /api/auth/password (this session stays signed in). */
export async function changePasswordFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  const { accounts } = context.domain;
  const fields = formFields(form);
  try {
    checkConfirmed(context, fields);
    const input = passwordChangeSchema.parse(fields);
    await accounts.changePassword(context.services.db, user.id, input, context.sessionToken);
    return redirect('/account/password?changed=1');
  } catch (error) {
    return failed(context, error);
  }
}

/** The /reset/<code> form: the same domain call as POST /api/auth/reset. */
export async function resetPasswordFromForm(context: AppLoadContext, code: string, form: FormData) {
  const { accounts } = context.domain;
  const fields = formFields(form);
  try {
    checkConfirmed(context, fields);
    const input = passwordResetSchema.parse({ ...fields, code });
    await accounts.resetPassword(context.services.db, input);
    return redirect('/login?reset=1');
  } catch (error) {
    return failed(context, error);
  }
}
