import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { PASSWORD_RULE, passwordProblem } from '../../contract/password-policy';
import { useHydrated } from '~/lib/use-hydrated';

/** The new password twice, with the rule stated and checked as it is typed once JavaScript runs. */
function NewPasswordFields() {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const problem = password ? passwordProblem(password) : null;
  const mismatch = confirm !== '' && password !== confirm;
  return (
    <>
      <label>
        New password
        <input
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          aria-describedby="new-password-rule"
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <p id="new-password-rule" className={hydrated && problem ? 'field-error' : 'muted small'} aria-live="polite">
        {(hydrated && problem) || PASSWORD_RULE}
      </p>
      <label>
        Confirm new password
        <input name="confirm_password" type="password" autoComplete="new-password" required onChange={(event) => setConfirm(event.target.value)} />
      </label>
      {hydrated && mismatch && (
        <p className="field-error" role="alert">
          Passwords do not match
        </p>
      )}
    </>
  );
}

function Outcome({ error, done }: { error?: string; done?: string }) {
  if (error)
    return (
      <p className="notice error" role="alert">
        {error}
      </p>
    );
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

export function ChangePasswordForm({ error, done }: { error?: string; done?: string }) {
  return (
    <Form method="post" className="stack" aria-label="Change password">
      <label>
        Current password
        <input name="current_password" type="password" autoComplete="current-password" required />
      </label>
      <NewPasswordFields />
      <Outcome error={error} done={done} />
      <Submit label="Change password" busyLabel="Changing…" />
    </Form>
  );
}

export function ResetPasswordForm({ error }: { error?: string }) {
  return (
    <Form method="post" className="stack" aria-label="Set a new password">
      <NewPasswordFields />
      <Outcome error={error} />
      <Submit label="Set new password" busyLabel="Setting…" />
    </Form>
  );
}
