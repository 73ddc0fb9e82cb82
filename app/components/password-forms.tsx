import { Form, useNavigation } from '@remix-run/react';
import { PASSWORD_RULE, passwordProblem } from '../../contract/password-policy';
import { MismatchNotice, PasswordField } from '~/components/auth-forms';
import { FormError } from '~/components/field-error';
import { PASSWORD_INTENT, passwordChangeForm, passwordResetForm } from '~/lib/form-schemas';
import { type FieldMetadata, type FormMetadata, getFormProps, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/use-hydrated';

/** The new password twice, with the rule stated and checked as it is typed once JavaScript runs. */
function NewPasswordFields({ fields }: { fields: Record<'new_password' | 'confirm_password', FieldMetadata> }) {
  const hydrated = useHydrated();
  const password = fields.new_password.value ?? '';
  const problem = hydrated && password ? passwordProblem(password) : null;
  return (
    <>
      <PasswordField label="New password" field={fields.new_password} rule="new-password-rule" autoComplete="new-password" minLength={8} />
      <p id="new-password-rule" className={problem ? 'field-error' : 'muted small'} aria-live="polite">
        {problem || PASSWORD_RULE}
      </p>
      <PasswordField label="Confirm new password" field={fields.confirm_password} autoComplete="new-password" />
      <MismatchNotice password={fields.new_password} confirmation={fields.confirm_password} />
    </>
  );
}

function Outcome({ form, done }: { form: FormMetadata; done?: string }) {
  if (form.errors) return <FormError form={form} />;
  if (done)
    return (
      <p className="notice success" role="status">
        {done}
      </p>
    );
  return null;
}

function Submit({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button type="submit" className="button primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

export function ChangePasswordForm({ done }: { done?: string }) {
  const [form, fields] = useSchemaForm(PASSWORD_INTENT, passwordChangeForm, { shouldValidate: 'onSubmit' });
  return (
    <Form method="post" className="stack" aria-label="Change password" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={PASSWORD_INTENT} />
      <PasswordField label="Current password" field={fields.current_password} autoComplete="current-password" />
      <NewPasswordFields fields={fields} />
      <Outcome form={form} done={done} />
      <Submit label="Change password" busyLabel="Changing…" />
    </Form>
  );
}

export function ResetPasswordForm() {
  const [form, fields] = useSchemaForm(PASSWORD_INTENT, passwordResetForm, { shouldValidate: 'onSubmit' });
  return (
    <Form method="post" className="stack" aria-label="Set a new password" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={PASSWORD_INTENT} />
      <NewPasswordFields fields={fields} />
      <Outcome form={form} />
      <Submit label="Set new password" busyLabel="Setting…" />
    </Form>
  );
}
