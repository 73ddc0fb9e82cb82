import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { CopyField } from '~/components/copy-button';
import { DangerButtonForm } from '~/components/danger-button-form';
import { ExpiresField } from '~/components/expires-field';
import { PageHeader } from '~/components/page-header';
import { CampaignBudgetNotice } from '~/components/seats/campaign-budget-notice';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { inviteForm } from '~/lib/form-schemas';
import { FieldError, FormError } from '~/components/field-error';
import { type FormReply, getFormProps, getInputProps, getSelectProps, useFormAnswered } from '~/lib/forms';
import { INVITE_LIFETIMES, inviteCreateSchema } from '../../contract/seat-forms';
import { campaignReader } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import seatsStylesHref from '~/styles/seats.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Players${data && 'campaign' in data && data.campaign ? ` · ${data.campaign.name}` : ''} · Tomekeeper` },
];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: seatsStylesHref }];

/** The GM's table: who joined, the invites, and the campaign's AI budget. GM-only: a player gets 404. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { campaignId, user, access } = await campaignReader(context, request, params);
  const { db } = context.services;
  const { seats, campaignBudget } = context.domain;
  if (access.role !== 'gm') throw new Response('Not found', { status: 404 });
  const campaign = { id: access.campaign.id, name: access.campaign.name };
  // Viewing as a player: players have no such screen, so neither does the GM's player view.
  if (access.audience === 'player') return { viewingAsPlayer: true as const, campaign };
  const [members, invites, budget] = await Promise.all([
    seats.listMembers(db, user.id, campaignId),
    seats.listInvites(db, user.id, campaignId),
    campaignBudget.campaignBudgetStatus(db, campaignId),
  ]);
  const url = new URL(request.url);
  return { viewingAsPlayer: false as const, campaign, members, invites, budget, saved: url.searchParams.get('saved') };
}

/** An invite made (its code shown once), or another form's refusal; a refused invite form answers a `FormReply`. */
type ActionResult = { intent: string; error?: string; created?: { code: string; link: string } };

/** Every form of the screen posts here with an intent; the same domain calls as the /api routes. */
export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { seats, campaignBudget } = context.domain;
  const campaignId = params.id ?? '';
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  const field = (name: string) => String(form.get(name) ?? '');
  const done = (saved: string) => redirect(`/campaigns/${encodeURIComponent(campaignId)}/players?saved=${saved}`);
  const refused = (error: unknown) => {
    const status = statusOf(context, error);
    // A player, or anyone without the campaign, learns nothing beyond "not found".
    if (status === 404) throw new Response('Not found', { status: 404 });
    return { status, message: failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.' };
  };
  if (intent === 'create-invite') {
    // One schema for this form and POST /api/campaigns/:id/invites, "never" included (ADR 0344).
    const submission = parseForm(form, inviteCreateSchema);
    if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
    try {
      const created = await seats.createInvite(db, user.id, campaignId, submission.value);
      const link = new URL(created.link, request.url).toString();
      return data<ActionResult>({ intent, created: { code: created.code, link } }, { status: 201 });
    } catch (error) {
      const { status, message } = refused(error);
      return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status });
    }
  }
  try {
    if (intent === 'revoke-invite') {
      await seats.revokeInvite(db, user.id, campaignId, field('invite_id'));
      return done('revoked');
    }
    if (intent === 'remove-player') {
      await seats.removePlayer(db, user.id, campaignId, field('user_id'));
      return done('removed');
    }
    if (intent === 'set-budget') {
      const raw = field('monthly_budget_usd').trim();
      await campaignBudget.setCampaignBudget(db, user.id, campaignId, { monthly_budget_usd: raw === '' ? null : Number(raw) });
      return done('budget');
    }
    return data<ActionResult>({ intent, error: 'Unknown action' }, { status: 400 });
  } catch (error) {
    const { status, message } = refused(error);
    return data<ActionResult>({ intent, error: message }, { status });
  }
}

const SAVED: Record<string, string> = {
  revoked: 'Invite revoked: it no longer works.',
  removed: 'Player removed: their access to the campaign has ended.',
  budget: 'Campaign budget saved.',
};
const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  used_up: 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
  gm_disabled: 'Disabled',
};

export default function CampaignPlayers() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<ActionResult | FormReply>();
  const result = answer && !('result' in answer) ? answer : undefined;
  const [inviteFormMeta, inviteFields] = useFormAnswered(answer && 'result' in answer ? answer : undefined, 'create-invite', inviteForm, {
    id: result?.created ? 'create-another-invite' : 'create-invite',
    defaultValue: { uses: '1', expires_in_days: '7' },
  });
  if (loaded.viewingAsPlayer) {
    return (
      <main className="page narrow">
        <PageHeader title="Players" subtitle={loaded.campaign.name} />
        <p className="notice info">Players cannot open this screen: it is the GM’s. Switch back to the GM view to manage your players.</p>
      </main>
    );
  }
  const { campaign, members, invites, budget, saved } = loaded;
  const errorFor = (intent: string) => (result?.intent === intent ? result.error : undefined);
  return (
    <main className="page seats-page">
      <PageHeader title="Players" subtitle={`${campaign.name}: who plays at your table, and how they join.`}>
        <Link className="button secondary" to="/dashboard?tab=campaigns">
          Back to campaigns
        </Link>
      </PageHeader>
      {saved && SAVED[saved] && (
        <p className="notice success" role="status">
          {SAVED[saved]}
        </p>
      )}

      <section className="card stack" aria-labelledby="members-heading">
        <h2 id="members-heading">Who joined</h2>
        {members.length === 0 ? (
          <p className="muted">No players yet. Create an invite below and send its link to your players.</p>
        ) : (
          <ul className="seat-list">
            {members.map((member) => (
              <li key={member.user_id} data-testid="member-row">
                <span>
                  <strong>{member.username}</strong>
                  <span className="muted small"> joined {member.joined_at.slice(0, 10)}</span>
                </span>
                <DangerButtonForm intent="remove-player" name="user_id" value={member.user_id} label={`Remove ${member.username}`}>
                  Remove
                </DangerButtonForm>
              </li>
            ))}
          </ul>
        )}
        {errorFor('remove-player') && <p className="notice error">{errorFor('remove-player')}</p>}
      </section>

      <section className="card stack" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite players</h2>
        {result?.created && (
          <div className="notice success stack invite-created" role="status">
            <p>
              <strong>Invite created.</strong> Copy it now: for your players’ safety it is shown only once.
            </p>
            <CopyField label="Link" value={result.created.link} copyLabel="Copy link" testId="invite-link" />
            <CopyField label="Code" value={result.created.code} copyLabel="Copy code" testId="invite-code" />
          </div>
        )}
        <Form method="post" className="invite-form" key={result?.created?.code} {...getFormProps(inviteFormMeta)}>
          <input type="hidden" name="intent" value="create-invite" />
          <label>
            Uses
            <select {...getSelectProps(inviteFields.uses)}>
              <option value="1">Single use</option>
              {[2, 3, 4, 5, 6, 8, 10].map((n) => (
                <option key={n} value={n}>
                  {n} players
                </option>
              ))}
            </select>
            <FieldError field={inviteFields.uses} />
          </label>
          <ExpiresField field={inviteFields.expires_in_days} lifetimes={INVITE_LIFETIMES} />
          <label className="invite-note">
            Note (for you)
            <input {...getInputProps(inviteFields.note, { type: 'text' })} maxLength={200} placeholder="e.g. Thursday group" />
            <FieldError field={inviteFields.note} />
          </label>
          <button type="submit" className="button primary">
            Create invite
          </button>
        </Form>
        <FormError form={inviteFormMeta} />
        {invites.length > 0 && (
          <ul className="seat-list">
            {invites.map((invite) => (
              <li key={invite.id} data-testid="invite-row">
                <span>
                  <span className={`tag invite-${invite.status}`}>{STATUS_LABEL[invite.status]}</span> {invite.uses}/{invite.max_uses} used
                  <span className="muted small">
                    {' '}
                    · {invite.expires_at ? `expires ${invite.expires_at.slice(0, 10)}` : 'never expires'}
                    {invite.note && ` · ${invite.note}`}
                  </span>
                </span>
                {invite.status !== 'revoked' && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-invite" />
                    <input type="hidden" name="invite_id" value={invite.id} />
                    <button type="submit" className="button secondary">
                      Revoke
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {errorFor('revoke-invite') && <p className="notice error">{errorFor('revoke-invite')}</p>}
      </section>

      <section className="card stack" aria-labelledby="budget-heading">
        <h2 id="budget-heading">Players’ AI budget</h2>
        <p className="muted small">
          What your players spend on the assistant for this campaign each month. They are warned at 80% and stopped at 100%. Leave it empty for no campaign limit;
          your own use is counted on your own budget.
        </p>
        <CampaignBudgetNotice budget={budget} audience="gm" />
        <Form method="post" className="row">
          <input type="hidden" name="intent" value="set-budget" />
          <label>
            Monthly budget (USD)
            <input name="monthly_budget_usd" type="number" min="0" step="0.01" inputMode="decimal" defaultValue={budget.budget ?? ''} />
          </label>
          <button type="submit" className="button primary">
            Save budget
          </button>
        </Form>
        {errorFor('set-budget') && <p className="notice error">{errorFor('set-budget')}</p>}
      </section>
    </main>
  );
}
