import { Form, Link, useNavigation } from '@remix-run/react';
import type { InputHTMLAttributes } from 'react';
import { PASSWORD_RULE, passwordProblem } from '../../contract/password-policy';
import { FieldError, FormError } from '~/components/field-error';
import { loginForm, registerForm, requestAccessForm } from '~/lib/form-schemas';
import { type FieldMetadata, getFormProps, getInputProps, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/use-hydrated';

/** The login and registration forms (ADR 0050's one path): their schemas are the API's (contract/account-forms.ts). */
interface Shared {
  redirectTo: string;
  /** The registration code to fill in (an invite link's code). */
  code?: string;
}

function SubmitButton({ label, busyLabel, disabled }: { label: string; busyLabel: string; disabled?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <button type="submit" className="button primary" disabled={disabled || busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A text field of these forms: its label, its control and its error. */
function TextField({ label, field, ...props }: { label: string; field: FieldMetadata } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input {...getInputProps(field, { type: 'text' })} {...props} />
      <FieldError field={field} />
    </label>
  );
}

/** A password field: never drawn with a value; `rule` is the id of the line that states its rule. */
export function PasswordField({ label, field, rule, ...props }: { label: string; field: FieldMetadata; rule?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [rule, field.errors ? field.errorId : undefined].filter(Boolean).join(' ');
  return (
    <label>
      {label}
      <input {...getInputProps(field, { type: 'text' })} type="password" {...props} aria-describedby={described || undefined} />
      <FieldError field={field} />
    </label>
  );
}

/** The fields both registration forms share: who the new account is. */
function AccountFields({ fields }: { fields: Record<'username' | 'email', FieldMetadata> }) {
  return (
    <>
      <TextField label="Username" field={fields.username} autoComplete="username" />
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
    </>
  );
}

export function LoginForm({ redirectTo }: Shared) {
  const [form, fields] = useSchemaForm('login', loginForm, { shouldValidate: 'onSubmit' });
  const requestHref = `/login?mode=request${redirectTo !== '/dashboard' ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''}`;
  return (
    <Form method="post" className="stack" aria-label="Login" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField label="Username" field={fields.username} autoComplete="username" autoFocus />
      <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
      <FormError form={form} />
      <SubmitButton label="Login" busyLabel="Opening the archive…" />
      <p className="muted">
        No account yet?{' '}
        <Link to={requestHref} className="toggle-link">
          Request Access
        </Link>
      </p>
    </Form>
  );
}

/** The Request Access toggle form of the login screen: the password rule is checked as you type. */
export function RequestAccessForm({ redirectTo }: Shared) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm('register', requestAccessForm, { id: 'request-access', shouldValidate: 'onSubmit' });
  const password = fields.password.value ?? '';
  const problem = password ? passwordProblem(password) : null;
  return (
    <Form method="post" className="stack" aria-label="Request Access" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AccountFields fields={fields} />
      <PasswordField label="Password" field={fields.password} rule="password-rule" autoComplete="new-password" minLength={8} />
      <p id="password-rule" className={problem ? 'field-error' : 'muted small'} aria-live="polite">
        {problem ?? PASSWORD_RULE}
      </p>
      <TextField label="Registration code" field={fields.registration_code} autoComplete="off" />
      <FormError form={form} />
      <SubmitButton label="Request Access" busyLabel="Inscribing your name…" disabled={hydrated && (password === '' || problem !== null)} />
      <p className="muted">
        <Link to={`/login${redirectTo !== '/dashboard' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}>Back to login</Link>
      </p>
    </Form>
  );
}

/** "Passwords do not match" as the second password is typed, once JavaScript runs (the schema's own check says it on submit). */
export function MismatchNotice({ password, confirmation }: { password: FieldMetadata; confirmation: FieldMetadata }) {
  const hydrated = useHydrated();
  const mismatch = hydrated && Boolean(confirmation.value) && password.value !== confirmation.value && !confirmation.errors;
  if (!mismatch) return null;
  return (
    <p className="field-error" role="alert">
      Passwords do not match
    </p>
  );
}

export function RegisterForm({ redirectTo, code }: Shared) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm('register', registerForm, { shouldValidate: 'onSubmit', defaultValue: code ? { registration_code: code } : undefined });
  const mismatch = Boolean(fields.confirmPassword.value) && fields.password.value !== fields.confirmPassword.value;
  return (
    <Form method="post" className="stack" aria-label="Register" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AccountFields fields={fields} />
      <PasswordField label="Password" field={fields.password} rule="register-password-rule" autoComplete="new-password" />
      <p id="register-password-rule" className="muted small">
        {PASSWORD_RULE}
      </p>
      <PasswordField label="Confirm passphrase" field={fields.confirmPassword} autoComplete="new-password" />
      <MismatchNotice password={fields.password} confirmation={fields.confirmPassword} />
      <TextField label="Registration code" field={fields.registration_code} autoComplete="off" />
      <FormError form={form} />
      <SubmitButton label="Register" busyLabel="Inscribing your name…" disabled={hydrated && mismatch} />
      <p className="muted">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </Form>
  );
}
