import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/components/page-header';
import { CampaignBudgetNotice } from '~/components/seats/campaign-budget-notice';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { formFields, readFormOrEmpty } from '~/lib/form-data';
import { orNotFound } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import seatsStylesHref from '~/styles/seats.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My notes${data ? ` · ${data.campaign.name}` : ''} · Tomekeeper` }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: seatsStylesHref }];

/** A seat holder's private notes in a campaign: only their author reads them, not even the GM. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { seats, campaignBudget, ownership } = context.domain;
  const campaignId = params.id ?? '';
  const access = await orNotFound(context, ownership.requireCampaignAccess(db, user.id, campaignId, { viewAsPlayer: viewAsPlayer(request) }));
  const [notes, budget] = await Promise.all([seats.listNotes(db, user.id, campaignId), campaignBudget.campaignBudgetStatus(db, campaignId)]);
  const url = new URL(request.url);
  return {
    campaign: { id: access.campaign.id, name: access.campaign.name },
    role: access.role,
    audience: access.audience,
    notes,
    budget,
    editing: url.searchParams.get('edit'),
    deleting: url.searchParams.get('delete'),
  };
}

type ActionResult = { intent: string; noteId?: string; error: string; values: { title?: string; body?: string } };

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { seats } = context.domain;
  const campaignId = params.id ?? '';
  const fields = formFields(await readFormOrEmpty(request));
  const intent = fields.intent ?? '';
  const back = redirect(`/campaigns/${encodeURIComponent(campaignId)}/notes`);
  try {
    if (intent === 'create-note') {
      await seats.createNote(db, user.id, campaignId, { title: fields.title ?? '', body: fields.body ?? '' });
      return back;
    }
    if (intent === 'update-note') {
      await seats.updateNote(db, user.id, campaignId, fields.note_id ?? '', { title: fields.title ?? '', body: fields.body ?? '' });
      return back;
    }
    if (intent === 'delete-note') {
      await seats.deleteNote(db, user.id, campaignId, fields.note_id ?? '');
      return back;
    }
    return data<ActionResult>({ intent, error: 'Unknown action', values: {} }, { status: 400 });
  } catch (error) {
    const status = statusOf(context, error);
    if (status === 404) throw new Response('Not found', { status: 404 });
    return data<ActionResult>(
      {
        intent,
        noteId: fields.note_id,
        error: failureMessage(context, error) ?? 'The note could not be saved. Please try again.',
        values: { title: fields.title, body: fields.body },
      },
      { status },
    );
  }
}

export default function CampaignNotes() {
  const { campaign, role, audience, notes, budget, editing, deleting } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const here = `/campaigns/${campaign.id}/notes`;
  const failed = (intent: string, noteId?: string) => result?.intent === intent && (noteId === undefined || result.noteId === noteId);
  return (
    <main className="page seats-page">
      <PageHeader title="My notes" subtitle={`${campaign.name}: private to you. Nobody else reads them, not even the GM.`}>
        <Link className="button secondary" to="/dashboard?tab=campaigns">
          Back to campaigns
        </Link>
      </PageHeader>
      {audience === 'player' && <CampaignBudgetNotice budget={budget} audience="player" />}
      {role === 'gm' && audience === 'player' && <p className="notice info small">These are your own notes as the GM; your players’ notes stay theirs.</p>}

      <section className="card stack" aria-labelledby="new-note-heading">
        <h2 id="new-note-heading">New note</h2>
        {/* Keyed on the count, so a saved note's text leaves the form with JavaScript on too. */}
        <div key={notes.length}>
          <NoteForm intent="create-note" values={failed('create-note') ? result?.values : undefined} submitLabel="Save note" />
        </div>
        {failed('create-note') && <p className="notice error">{result?.error}</p>}
      </section>

      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        notes.map((note) => (
          <article key={note.id} className="card note-card" data-testid="note" aria-label={note.title}>
            {editing === note.id || failed('update-note', note.id) ? (
              <>
                <NoteForm
                  intent="update-note"
                  noteId={note.id}
                  values={failed('update-note', note.id) ? result?.values : { title: note.title, body: note.body }}
                  submitLabel="Save changes"
                />
                {failed('update-note', note.id) && <p className="notice error">{result?.error}</p>}
                <Link to={here}>Cancel</Link>
              </>
            ) : (
              <>
                <h3>{note.title}</h3>
                {note.body && <p className="note-body">{note.body}</p>}
                <p className="muted small">Updated {note.updated_at.slice(0, 16).replace('T', ' ')} UTC</p>
                <div className="row">
                  <Link className="button secondary" to={`${here}?edit=${note.id}`} aria-label={`Edit ${note.title}`}>
                    Edit
                  </Link>
                  {deleting === note.id ? (
                    <Form method="post" className="row">
                      <input type="hidden" name="intent" value="delete-note" />
                      <input type="hidden" name="note_id" value={note.id} />
                      <button type="submit" className="button danger">
                        Delete for good
                      </button>
                      <Link to={here}>Keep it</Link>
                    </Form>
                  ) : (
                    <Link className="button danger" to={`${here}?delete=${note.id}`} aria-label={`Delete ${note.title}`}>
                      Delete
                    </Link>
                  )}
                </div>
              </>
            )}
          </article>
        ))
      )}
    </main>
  );
}

function NoteForm({ intent, noteId, values, submitLabel }: { intent: string; noteId?: string; values?: { title?: string; body?: string }; submitLabel: string }) {
  return (
    <Form method="post" className="stack note-form" key={`${intent}-${noteId ?? 'new'}-${values?.title ?? ''}`}>
      <input type="hidden" name="intent" value={intent} />
      {noteId && <input type="hidden" name="note_id" value={noteId} />}
      <label>
        Title
        <input name="title" required maxLength={200} defaultValue={values?.title ?? ''} />
      </label>
      <label>
        Note
        <textarea name="body" maxLength={50_000} defaultValue={values?.body ?? ''} />
      </label>
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}
