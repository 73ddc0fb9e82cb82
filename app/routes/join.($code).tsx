import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { RegisterForm } from '~/components/auth-forms';
import { inviteCodeSchema } from '../../contract/seat-forms';
import { FieldError } from '~/components/field-error';
import { failureMessage, registerFromForm, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { inviteCodeForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getInputProps, useSchemaForm } from '~/lib/forms';
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

export async function action({ context, request, params }: ActionFunctionArgs) {
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  if (intent === 'find') {
    const submission = parseForm(form, inviteCodeSchema);
    if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
    return redirect(`/join/${encodeURIComponent(submission.value.code)}`);
  }
  if (intent === 'join') {
    const user = requireUser(context, request);
    try {
      const seat = await context.domain.seats.redeemInvite(context.services.db, user.id, params.code ?? '');
      return redirect(joinedUrl(seat.campaign_id));
    } catch (error) {
      const message = failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.';
      return data<FormReply>({ intent, result: { status: 'error', error: { '': [message] } } }, { status: statusOf(context, error) });
    }
  }
  // The registration form: the same path as /register, with the invite as the code.
  return registerFromForm(context, request, form);
}

export default function JoinPage() {
  const { code, signedIn, invite, error } = useLoaderData<typeof loader>();
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
            <FindForm />
          </>
        ) : (
          invite && (
            <>
              <p>
                <strong>{invite.gm_username}</strong> invites you to play in <strong data-testid="join-campaign-name">{invite.campaign_name}</strong>.
              </p>
              {signedIn ? (
                <JoinForm campaignName={invite.campaign_name} />
              ) : (
                <>
                  <p className="muted">
                    Already have an account? <Link to={`/login?redirectTo=${encodeURIComponent(here)}`}>Log in to join</Link>. New here? Create your account: the
                    invite is your registration code.
                  </p>
                  <RegisterForm redirectTo={joinedUrl(invite.campaign_id)} code={code} />
                </>
              )}
            </>
          )
        )}
      </section>
    </main>
  );
}

/** /join alone: the invite code, checked by the same schema in the browser and the action. */
function FindForm() {
  const [form, fields] = useSchemaForm('find', inviteCodeForm);
  return (
    <Form method="post" action="/join" className="stack" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="find" />
      <label>
        Invite code
        <input {...getInputProps(fields.code, { type: 'text' })} maxLength={100} autoComplete="off" placeholder="SEAT-XXXXX-XXXXX-XXXXX" />
        <FieldError field={fields.code} />
      </label>
      <button type="submit" className="button primary">
        Continue
      </button>
    </Form>
  );
}

/** Signed in: one button takes the seat; a refusal (a used or revoked invite) says why. */
function JoinForm({ campaignName }: { campaignName: string }) {
  const answer = useActionData<FormReply>();
  const refusal = answer?.intent === 'join' ? answer.result.error?.['']?.[0] : undefined;
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="intent" value="join" />
      {refusal && (
        <p className="notice error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="button primary">
        Join {campaignName}
      </button>
    </Form>
  );
}
