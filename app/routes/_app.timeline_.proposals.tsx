import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import type { TimelineProposal } from '../../server/domain/timeline/proposals/proposals';
import { calendarOf } from '../../contract/calendar';
import { EVENT_LIMITS } from '../../contract/timeline';
import { acceptProposalFormSchema } from '../../contract/timeline-forms';
import { ErrorNotice, FieldError, FormError } from '~/components/field-error';
import { PageHeader } from '~/components/page-header';
import { EventTypeOptions, listInputProps } from '~/components/timeline/event-fields';
import { TimelineSubpage } from '~/components/timeline/page/timeline-subpage';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { acceptProposalForm } from '~/lib/form-schemas';
import { type FormReply, type FormResult, getFormProps, getInputProps, getSelectProps, useFormAnswered, usePendingIntent } from '~/lib/forms';
import { ownCampaignPicked } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import timelineStylesHref from '~/styles/timeline.css?url';

export const meta: MetaFunction = () => [{ title: 'Proposed Events · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: timelineStylesHref }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { user, url, campaigns, selected } = await ownCampaignPicked(context, request);
  const { db } = context.services;
  const done = url.searchParams.get('done');
  if (!selected)
    return {
      campaigns,
      campaignId: null,
      documents: [],
      proposals: [],
      calendar: null,
      done,
      engine: context.services.ai.engine,
      engineLabel: context.services.ai.roles?.answers ?? null,
    };
  const [documents, proposals, calendar] = await Promise.all([
    context.domain.timeline.timelineDocuments(db, user.id, selected.id),
    context.domain.proposals.listProposals(db, user.id, selected.id),
    context.domain.calendars.getCalendar(db, user.id, selected.id),
  ]);
  return {
    campaigns,
    campaignId: selected.id,
    documents: documents.filter((document) => document.linkable && document.status === 'ready'),
    proposals,
    calendar: calendar.definition,
    done,
    engine: context.services.ai.engine,
    engineLabel: context.services.ai.roles?.answers ?? null,
  };
}

/** What a proposal's card answers (its Accept, Merge and Reject), with the proposal's id; the page's other forms answer with their own intent. */
const PROPOSAL_FORM = 'proposal';
type ProposalsReply = FormReply & { proposalId: string | null };

/** Propose from a document, or accept (with the GM's edits) or reject one proposal. Plain forms, so JavaScript is optional. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db, ai } = context.services;
  const { proposals } = context.domain;
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  const campaignId = String(form.get('campaign') ?? '');
  const proposalId = String(form.get('proposal_id') ?? '') || null;
  const back = (done: string) => redirect(`/timeline/proposals?campaign=${encodeURIComponent(campaignId)}&done=${done}`);
  // The GM's edits, read by the card's schema, derived from the body of POST .../timeline/proposals/:proposalId/accept.
  const submission = parseForm(form, acceptProposalFormSchema);
  const reply = (result: FormResult, status: number) => data<ProposalsReply>({ intent: proposalId ? PROPOSAL_FORM : intent, proposalId, result }, { status });
  try {
    if (intent === 'propose') {
      const result = await proposals.proposeEvents(db, ai, user.id, campaignId, String(form.get('document_id') ?? ''));
      return back(`proposed-${result.created}`);
    }
    if (intent === 'accept-all') {
      const result = await proposals.acceptAllProposals(db, user.id, campaignId, { player_visible: form.get('player_visible') === 'on' });
      return back(`accepted-all-${result.accepted}-${result.merged}`);
    }
    if (intent === 'reject') {
      await proposals.rejectProposal(db, user.id, campaignId, proposalId ?? '');
      return back('rejected');
    }
    if (submission.status !== 'success') return reply(submission.reply(), 400);
    const edits = submission.value;
    await proposals.acceptProposal(db, user.id, campaignId, proposalId ?? '', {
      ...edits,
      // An unticked box posts nothing: on this form that means "not shown".
      player_visible: edits.player_visible ?? false,
      merge_into: intent === 'merge' ? (edits.merge_into ?? '') : null,
    });
    return back(intent === 'merge' ? 'merged' : 'accepted');
  } catch (error) {
    return reply(submission.reply({ formErrors: [failureMessage(context, error) ?? 'That did not work. Please try again.'] }), statusOf(context, error));
  }
}

function doneMessage(done: string | null): string | null {
  if (!done) return null;
  if (done === 'accepted') return 'Accepted: the event is on the timeline, linked to its document.';
  if (done === 'rejected') return 'Proposal rejected.';
  if (done === 'merged') return 'Merged: the existing event now links this document.';
  const all = /^accepted-all-(\d+)-(\d+)$/.exec(done);
  if (all) {
    const [accepted, merged] = [Number(all[1]), Number(all[2])];
    return `Accepted ${accepted} ${accepted === 1 ? 'event' : 'events'}${merged > 0 ? `; ${merged} merged into events already on the timeline` : ''}.`;
  }
  const created = /^proposed-(\d+)$/.exec(done);
  if (!created) return null;
  const count = Number(created[1]);
  return count === 0 ? 'Nothing new: every passage was proposed before.' : `${count} ${count === 1 ? 'event' : 'events'} proposed. Review them below.`;
}

export default function ProposalsPage() {
  const { campaignId, documents, proposals, calendar, done, engine, engineLabel } = useLoaderData<typeof loader>();
  const answer = useActionData<ProposalsReply>();
  const navigation = useNavigation();
  const pendingIntent = usePendingIntent();
  // Which card's form is on its way (usePendingIntent says which of its buttons).
  const submitting = navigation.formData;
  const calendarInUse = useMemo(() => calendarOf(calendar), [calendar]);
  const pending = proposals.filter((proposal) => proposal.status === 'pending');
  const reviewed = proposals.filter((proposal) => proposal.status !== 'pending');
  const message = doneMessage(done);

  if (!campaignId) {
    return (
      <main className="page timeline-page">
        <PageHeader title="Proposed Events" />
        <section className="card empty-state">
          <p>Proposals belong to a campaign. Create one in the Campaign Command Center first.</p>
        </section>
      </main>
    );
  }
  return (
    <TimelineSubpage title="Proposed Events" subtitle="Events read from your session logs and notes, waiting for your review." campaignId={campaignId}>
      {message && (
        <p className="notice success tl-notice" role="status">
          {message}
        </p>
      )}
      {!answer?.proposalId && <ErrorNotice error={answer?.result.error?.['']?.[0]} />}

      <section className="card" aria-labelledby="tl-propose">
        <h2 id="tl-propose">Propose events from session notes</h2>
        <Form method="post" className="tl-controls" style={{ padding: 0 }}>
          <input type="hidden" name="campaign" value={campaignId} />
          <div className="tl-control">
            <label htmlFor="tl-propose-campaign-doc">Session log or notes</label>
            <select id="tl-propose-campaign-doc" name="document_id" required>
              {documents.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.filename} ({document.dataset_name})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="propose" className="button primary" disabled={documents.length === 0 || pendingIntent === 'propose'}>
            {pendingIntent === 'propose' ? 'Reading…' : 'Propose events'}
          </button>
        </Form>
        <p className="muted small">
          {engine === 'claude'
            ? 'Claude reads the document (the call shows in your usage).'
            : engine === 'openai'
              ? `${engineLabel} reads the document (the call shows in your usage).`
              : 'The built-in offline engine reads the document: no AI service is configured.'}{' '}
          {documents.length === 0 && 'Link a Knowledge Tome with your session notes to this campaign first.'}
        </p>
      </section>

      <section aria-labelledby="tl-pending">
        <h2 id="tl-pending">
          Waiting for review <span className="badge">{pending.length}</span>
        </h2>
        {pending.length === 0 && <p className="card muted">No proposals waiting.</p>}
        {pending.length > 1 && (
          <Form method="post" className="card row" data-testid="accept-all">
            <input type="hidden" name="campaign" value={campaignId} />
            <label className="tl-check">
              <input type="checkbox" name="player_visible" />
              <span>Show them to the players</span>
            </label>
            <button type="submit" name="intent" value="accept-all" className="button primary" disabled={pendingIntent === 'accept-all'}>
              {pendingIntent === 'accept-all' ? 'Accepting…' : `Accept all ${pending.length}`}
            </button>
            <span className="muted small">Proposals that match an event already on the timeline are merged into it.</span>
          </Form>
        )}
        <ol className="stack" style={{ listStyle: 'none', padding: 0 }} data-testid="proposal-list">
          {pending.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              campaignId={campaignId}
              hint={calendarInUse.kind === 'gregorian' ? 'YYYY-MM-DD' : 'YEAR-MM-DD'}
              reply={answer?.proposalId === proposal.id ? answer : undefined}
              busy={pendingIntent && submitting?.get('proposal_id') === proposal.id ? pendingIntent : null}
            />
          ))}
        </ol>
      </section>

      {reviewed.length > 0 && (
        <details className="card">
          <summary>Reviewed ({reviewed.length})</summary>
          <ul data-testid="reviewed-list">
            {reviewed.map((proposal) => (
              <li key={proposal.id}>
                {proposal.title} — {proposal.status === 'accepted' ? 'accepted' : 'rejected'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </TimelineSubpage>
  );
}

function ProposalCard({
  proposal,
  campaignId,
  hint,
  reply,
  busy,
}: {
  proposal: TimelineProposal;
  campaignId: string;
  hint: string;
  /** The action's answer to this card's form. */
  reply?: ProposalsReply;
  busy: string | null;
}) {
  const [form, fields] = useFormAnswered(reply, PROPOSAL_FORM, acceptProposalForm, {
    id: `accept-${proposal.id}`,
    defaultValue: {
      title: proposal.title,
      date: proposal.date,
      event_type: proposal.event_type,
      location: proposal.location,
      participants: proposal.participants.join(', '),
    },
  });
  const id = `tl-proposal-${proposal.id}`;
  return (
    <li className="card tl-proposal" style={{ '--type-color': proposal.color } as React.CSSProperties} data-testid="proposal">
      <Form method="post" className="stack" {...getFormProps(form)} aria-labelledby={`${id}-title`}>
        <input type="hidden" name="campaign" value={campaignId} />
        <input type="hidden" name="proposal_id" value={proposal.id} />
        <h3 id={`${id}-title`} className="sr-only">
          {proposal.title}
        </h3>
        <label>
          Title
          <input {...getInputProps(fields.title, { type: 'text' })} maxLength={EVENT_LIMITS.title} />
          <FieldError field={fields.title} />
        </label>
        <div className="tl-field-pair">
          <label>
            Date{proposal.estimated ? ' (estimated: the text gives none)' : ''}
            <input
              {...getInputProps(fields.date, { type: 'text' })}
              placeholder={hint}
              aria-describedby={[fields.date.errors && fields.date.errorId, `${id}-reads`].filter(Boolean).join(' ')}
            />
            <span id={`${id}-reads`} className="muted small">
              Reads as {proposal.date_label}
            </span>
            <FieldError field={fields.date} />
          </label>
          <label>
            Type
            <select {...getSelectProps(fields.event_type)}>
              <EventTypeOptions />
            </select>
            <FieldError field={fields.event_type} />
          </label>
        </div>
        <div className="tl-field-pair">
          <label>
            Location
            <input {...getInputProps(fields.location, { type: 'text' })} maxLength={EVENT_LIMITS.location} />
            <FieldError field={fields.location} />
          </label>
          <label>
            Participants
            <input {...listInputProps(fields.participants)} />
            <FieldError field={fields.participants} />
          </label>
        </div>
        <input type="hidden" name="description" value={proposal.description} />
        <blockquote>
          “{proposal.quote}” <cite className="muted small">— {proposal.filename}</cite>
        </blockquote>
        {proposal.matches_event && (
          <p className="notice tl-notice" data-testid="proposal-match">
            This looks like “{proposal.matches_event.title}” ({proposal.matches_event.date_label}), already on the timeline.
            <input type="hidden" name="merge_into" value={proposal.matches_event.id} />
          </p>
        )}
        <label className="tl-check">
          <input type="checkbox" name="player_visible" defaultChecked={fields.player_visible.initialValue === 'on'} />
          <span>Show to the players</span>
        </label>
        <FormError form={form} />
        <div className="row">
          {proposal.matches_event && (
            <button type="submit" name="intent" value="merge" className="button primary" disabled={Boolean(busy)}>
              {busy === 'merge' ? 'Merging…' : 'Merge into it'}
            </button>
          )}
          <button type="submit" name="intent" value="accept" className={proposal.matches_event ? 'button secondary' : 'button primary'} disabled={Boolean(busy)}>
            {busy === 'accept' ? 'Accepting…' : proposal.matches_event ? 'Accept as a new event' : 'Accept'}
          </button>
          <button type="submit" name="intent" value="reject" className="button secondary" disabled={Boolean(busy)} formNoValidate>
            {busy === 'reject' ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      </Form>
    </li>
  );
}
