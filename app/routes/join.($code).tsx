import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { RegisterForm } from '~/components/auth-forms';
import { failureMessage, registerFromForm, statusOf, type AuthFormResult } from '~/lib/auth-actions.server';
import { formFields, readFormOrEmpty } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';
import seatsStylesHref from '~/styles/seats.css?url';

export const meta: MetaFunction = () => [{ title: 'Join a campaign · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: seatsStylesHref }];

const joinedUrl = (campaignId: string) => `/dashboard?joined=${encodeURIComponent(campaignId)}`;

/**
 * An invite link, /join/CODE: signed in, one button joins the campaign; signed out, the page
 * registers a new account with the code filled in (a player invite counts as an approved
 * registration code) or leads to login and back. /join alone asks for a code.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const signedIn = context.user !== null;
  const code = params.code ?? null;
  if (code === null) return { code, signedIn, invite: null, error: null };
  try {
    const invite = await context.domain.seats.previewInvite(context.services.db, code);
    return { code, signedIn, invite, error: null };
  } catch (error) {
    const message = failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.';
    return data({ code, signedIn, invite: null, error: message }, { status: statusOf(context, error) });
  }
}

type JoinResult = { intent: 'join' | 'find'; error: string } | (AuthFormResult & { intent?: undefined });

export async function action({ context, request, params }: ActionFunctionArgs) {
  const form = await readFormOrEmpty(request);
  const fields = formFields(form);
  if (fields.intent === 'find') {
    const code = (fields.code ?? '').trim();
    if (!code || code.length > 100) return data<JoinResult>({ intent: 'find', error: 'Enter the invite code your GM gave you.' }, { status: 400 });
    return redirect(`/join/${encodeURIComponent(code)}`);
  }
  if (fields.intent === 'join') {
    const user = requireUser(context, request);
    try {
      const seat = await context.domain.seats.redeemInvite(context.services.db, user.id, params.code ?? '');
      return redirect(joinedUrl(seat.campaign_id));
    } catch (error) {
      return data<JoinResult>(
        { intent: 'join', error: failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.' },
        { status: statusOf(context, error) },
      );
    }
  }
  // The registration form: the same path as /register, with the invite as the code.
  return registerFromForm(context, request, form);
}

export default function JoinPage() {
  const { code, signedIn, invite, error } = useLoaderData<typeof loader>();
  const result = useActionData<JoinResult>();
  const here = code ? `/join/${encodeURIComponent(code)}` : '/join';
  return (
    <main className="page auth-page">
      <section className="card auth-card join-card stack">
        <h1>Join a campaign</h1>
        {code === null || error ? (
          <>
            {error && (
              <p className="notice error" role="alert">
                {error}
              </p>
            )}
            <Form method="post" action="/join" className="stack">
              <input type="hidden" name="intent" value="find" />
              <label>
                Invite code
                <input name="code" required maxLength={100} autoComplete="off" placeholder="SEAT-XXXXX-XXXXX-XXXXX" />
              </label>
              {result?.intent === 'find' && <p className="notice error">{result.error}</p>}
              <button type="submit" className="button primary">
                Continue
              </button>
            </Form>
          </>
        ) : (
          invite && (
            <>
              <p>
                <strong>{invite.gm_username}</strong> invites you to play in <strong data-testid="join-campaign-name">{invite.campaign_name}</strong>.
              </p>
              {signedIn ? (
                <Form method="post" className="stack">
                  <input type="hidden" name="intent" value="join" />
                  {result?.intent === 'join' && (
                    <p className="notice error" role="alert">
                      {result.error}
                    </p>
                  )}
                  <button type="submit" className="button primary">
                    Join {invite.campaign_name}
                  </button>
                </Form>
              ) : (
                <>
                  <p className="muted">
                    Already have an account? <Link to={`/login?redirectTo=${encodeURIComponent(here)}`}>Log in to join</Link>. New here? Create your account: the
                    invite is your registration code.
                  </p>
                  <RegisterForm
                    redirectTo={joinedUrl(invite.campaign_id)}
                    error={result && result.intent === undefined ? result.error : undefined}
                    values={{ ...(result && result.intent === undefined ? result.values : {}), registration_code: code }}
                  />
                </>
              )}
            </>
          )
        )}
      </section>
    </main>
  );
}
