import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { PASSWORD_RULE, passwordProblem } from '../../contract/password-policy';
import { useHydrated } from '~/lib/use-hydrated';

interface Shared {
  redirectTo: string;
  error?: string;
  values?: { username?: string; email?: string; registration_code?: string };
}

function ErrorNotice({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p className="notice error" role="alert">
      {error}
    </p>
  );
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

/** The fields both registration forms share: who the new account is. */
function AccountFields({ values }: { values?: Shared['values'] }) {
  return (
    <>
      <label>
        Username
        <input name="username" autoComplete="username" required defaultValue={values?.username} />
      </label>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required defaultValue={values?.email} />
      </label>
    </>
  );
}

function RegistrationCodeField({ values }: { values?: Shared['values'] }) {
  return (
    <label>
      Registration code
      <input name="registration_code" required autoComplete="off" defaultValue={values?.registration_code} />
    </label>
  );
}

export function LoginForm({ redirectTo, error, values }: Shared) {
  const requestHref = `/login?mode=request${redirectTo !== '/dashboard' ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''}`;
  return (
    <Form method="post" className="stack" aria-label="Login">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label>
        Username
        <input name="username" autoComplete="username" required defaultValue={values?.username} autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <ErrorNotice error={error} />
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
export function RequestAccessForm({ redirectTo, error, values }: Shared) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const problem = password ? passwordProblem(password) : null;
  const invalid = password === '' || problem !== null;
  return (
    <Form method="post" className="stack" aria-label="Request Access">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AccountFields values={values} />
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={hydrated ? password : undefined}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="password-rule"
        />
      </label>
      <p id="password-rule" className={problem ? 'field-error' : 'muted small'} aria-live="polite">
        {problem ?? PASSWORD_RULE}
      </p>
      <RegistrationCodeField values={values} />
      <ErrorNotice error={error} />
      <SubmitButton label="Request Access" busyLabel="Inscribing your name…" disabled={hydrated && invalid} />
      <p className="muted">
        <Link to={`/login${redirectTo !== '/dashboard' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}>Back to login</Link>
      </p>
    </Form>
  );
}

export function RegisterForm({ redirectTo, error, values }: Shared) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const mismatch = confirm !== '' && password !== confirm;
  return (
    <Form method="post" className="stack" aria-label="Register">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AccountFields values={values} />
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="register-password-rule"
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <p id="register-password-rule" className="muted small">
        {PASSWORD_RULE}
      </p>
      <label>
        Confirm passphrase
        <input name="confirmPassword" type="password" autoComplete="new-password" required onChange={(event) => setConfirm(event.target.value)} />
      </label>
      {hydrated && mismatch && (
        <p className="field-error" role="alert">
          Passwords do not match
        </p>
      )}
      <RegistrationCodeField values={values} />
      <ErrorNotice error={error} />
      <SubmitButton label="Register" busyLabel="Inscribing your name…" disabled={hydrated && mismatch} />
      <p className="muted">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </Form>
  );
}
