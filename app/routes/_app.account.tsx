import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { API_TOKEN_LIFETIMES, API_TOKEN_NAME_MAX, apiTokenFieldsSchema, SESSION_ONLY_MESSAGE } from '../../contract/api-tokens';
import { CopyField } from '~/components/copy-button';
import { DangerButtonForm } from '~/components/danger-button-form';
import { ExpiresField } from '~/components/expires-field';
import { FieldError, FormError } from '~/components/field-error';
import { PageHeader } from '~/components/page-header';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { apiTokenForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getInputProps, useFormAnswered } from '~/lib/forms';
import { requireUser } from '~/lib/session.server';
import seatsStylesHref from '~/styles/seats.css?url';

export const meta: MetaFunction = () => [{ title: 'Account · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: seatsStylesHref }];

/** The signed-in user's account: personal API tokens for scripts (create, list, revoke). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const tokens = await context.domain.accounts.listApiTokens(context.services.db, user.id);
  return { user, tokens, revoked: new URL(request.url).searchParams.get('revoked') === '1' };
}

/** A created token, shown once; a refused form answers a `FormReply` instead. */
type Created = { intent: 'create-token'; created: { name: string; token: string } };

/** Managing tokens takes a login session, as on /api/tokens (`sessionOnly`). */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  if (context.authMethod !== 'session') throw data({ error: SESSION_ONLY_MESSAGE }, { status: 403 });
  const { db } = context.services;
  const { accounts } = context.domain;
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  if (intent === 'revoke-token') {
    try {
      await accounts.revokeApiToken(db, user.id, String(form.get('token_id') ?? ''));
      return redirect('/account?revoked=1');
    } catch (error) {
      if (statusOf(context, error) === 404) throw new Response('Not found', { status: 404 });
      throw error;
    }
  }
  if (intent !== 'create-token') return data({ intent, result: { status: 'error', error: { '': ['Unknown action'] } } } satisfies FormReply, { status: 400 });
  // The form's "never" is the schema's own spelling of a token that does not expire (ADR 0344).
  const submission = parseForm(form, apiTokenFieldsSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
  try {
    const created = await accounts.createApiToken(db, user.id, submission.value);
    return data<Created>({ intent, created: { name: created.name, token: created.token } }, { status: 201 });
  } catch (error) {
    const message = failureMessage(context, error) ?? 'The token could not be created. Please try again.';
    return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
  }
}

const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 10) : none);

export default function Account() {
  const { user, tokens, revoked } = useLoaderData<typeof loader>();
  const answer = useActionData<Created | FormReply>();
  const result = answer && 'created' in answer ? answer : undefined;
  // After a token is made the form starts afresh (another id, drawn anew: its key).
  const [form, fields] = useFormAnswered(answer && 'result' in answer ? answer : undefined, 'create-token', apiTokenForm, {
    id: result ? 'create-another-token' : 'create-token',
    defaultValue: { expires_in_days: '90' },
  });
  return (
    <main className="page seats-page">
      <PageHeader title="Account" subtitle={`Signed in as ${user.username} (${user.email})`} />
      {revoked && (
        <p className="notice success" role="status">
          Token revoked: scripts using it are refused from now on.
        </p>
      )}
      <section className="card stack" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>
          <Link to="/account/password">Change password</Link>: your other sessions are signed out when you do.
        </p>
      </section>
      <section className="card stack" aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">API tokens</h2>
        <p className="muted">
          A script sends a token as <code>Authorization: Bearer …</code> on every <code>/api</code> call (see <a href="/api/docs">the API documentation</a>). A token
          acts as you, but cannot create tokens or change your password.
        </p>
        {result?.created && (
          <div className="notice success stack invite-created" role="status">
            <p>
              <strong>Token “{result.created.name}” created.</strong> Copy it now: it is shown only once.
            </p>
            <CopyField label="Token" value={result.created.token} copyLabel="Copy token" testId="new-token" />
          </div>
        )}
        <Form method="post" className="invite-form" key={result?.created.token} {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create-token" />
          <label className="invite-note">
            Name
            <input {...getInputProps(fields.name, { type: 'text' })} maxLength={API_TOKEN_NAME_MAX} placeholder="e.g. Backup script" />
            <FieldError field={fields.name} />
          </label>
          <ExpiresField field={fields.expires_in_days} lifetimes={API_TOKEN_LIFETIMES} />
          <button type="submit" className="button primary">
            Create token
          </button>
        </Form>
        <FormError form={form} />
        {tokens.length === 0 ? (
          <p className="muted">No API tokens yet.</p>
        ) : (
          <ul className="seat-list">
            {tokens.map((token) => (
              <li key={token.id} data-testid="token-row">
                <span>
                  <strong>{token.name}</strong>
                  <span className="muted small">
                    {' '}
                    created {day(token.created_at, '')} · expires {day(token.expires_at, 'never')} · last used {day(token.last_used_at, 'never')}
                  </span>
                </span>
                <DangerButtonForm intent="revoke-token" name="token_id" value={token.id} label={`Revoke ${token.name}`}>
                  Revoke
                </DangerButtonForm>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
