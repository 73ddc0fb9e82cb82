import { data, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { passwordChangeFormSchema, passwordResetFormSchema } from '../../contract/account-forms';
import { failureMessage, statusOf } from './auth-actions.server';
import { parseForm } from './form-parse';
import { PASSWORD_INTENT } from './form-schemas';
import type { FormReply } from './forms';
import { requireUser } from './session.server';

/** Passwords are never sent back to the page. */
const hideFields = ['current_password', 'new_password', 'confirm_password'];

type Submission = ReturnType<typeof parseForm>;

function refused(context: AppLoadContext, submission: Submission, error: unknown) {
  const message = failureMessage(context, error) ?? 'The password could not be changed. Try again.';
  return data<FormReply>({ intent: PASSWORD_INTENT, result: submission.reply({ formErrors: [message], hideFields }) }, { status: statusOf(context, error) });
}

const invalid = (submission: Submission) => data<FormReply>({ intent: PASSWORD_INTENT, result: submission.reply({ hideFields }) }, { status: 400 });

/** The Change password form: the same schema and domain call as POST /api/auth/password (this session stays signed in). */
export async function changePasswordFromForm(context: AppLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  const submission = parseForm(form, passwordChangeFormSchema);
  if (submission.status !== 'success') return invalid(submission);
  try {
    await context.domain.accounts.changePassword(context.services.db, user.id, submission.value, context.sessionToken);
    return redirect('/account/password?changed=1');
  } catch (error) {
    return refused(context, submission, error);
  }
}

/** The /reset/<code> form: the same schema and domain call as POST /api/auth/reset. */
export async function resetPasswordFromForm(context: AppLoadContext, code: string, form: FormData) {
  const submission = parseForm(form, passwordResetFormSchema);
  if (submission.status !== 'success') return invalid(submission);
  try {
    await context.domain.accounts.resetPassword(context.services.db, { ...submission.value, code });
    return redirect('/login?reset=1');
  } catch (error) {
    return refused(context, submission, error);
  }
}
