import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FieldError, FormError } from '~/components/field-error';
import { PageHeader } from '~/components/page-header';
import { CampaignBudgetNotice } from '~/components/seats/campaign-budget-notice';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { noteForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getInputProps, getTextareaProps, useFormAnswered } from '~/lib/forms';
import { noteFieldsSchema } from '../../contract/seat-forms';
import { campaignReader } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import seatsStylesHref from '~/styles/seats.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My notes${data ? ` · ${data.campaign.name}` : ''} · Tomekeeper` }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: seatsStylesHref }];

/** A seat holder's private notes in a campaign: only their author reads them, not even the GM. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { campaignId, user, access } = await campaignReader(context, request, params);
  const { db } = context.services;
  const { seats, campaignBudget } = context.domain;
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

/** A note form's reply names its note (`note_id`, a hidden field), so the reply reaches that note's form. */
const noteIdOf = (reply: FormReply | undefined) => {
  const noteId = reply?.result.initialValue?.note_id;
  return typeof noteId === 'string' ? noteId : undefined;
};

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { seats } = context.domain;
  const campaignId = params.id ?? '';
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  const noteId = String(form.get('note_id') ?? '');
  const back = redirect(`/campaigns/${encodeURIComponent(campaignId)}/notes`);
  if (intent === 'delete-note') {
    try {
      await seats.deleteNote(db, user.id, campaignId, noteId);
      return back;
    } catch (error) {
      if (statusOf(context, error) === 404) throw new Response('Not found', { status: 404 });
      throw error;
    }
  }
  if (intent !== 'create-note' && intent !== 'update-note')
    return data({ intent, result: { status: 'error', error: { '': ['Unknown action'] } } } satisfies FormReply, { status: 400 });
  const submission = parseForm(form, noteFieldsSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
  try {
    if (intent === 'create-note') await seats.createNote(db, user.id, campaignId, submission.value);
    else await seats.updateNote(db, user.id, campaignId, noteId, submission.value);
    return back;
  } catch (error) {
    const status = statusOf(context, error);
    if (status === 404) throw new Response('Not found', { status: 404 });
    const message = failureMessage(context, error) ?? 'The note could not be saved. Please try again.';
    return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status });
  }
}

export default function CampaignNotes() {
  const { campaign, role, audience, notes, budget, editing, deleting } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  const here = `/campaigns/${campaign.id}/notes`;
  const failed = (intent: string, noteId?: string) => reply?.intent === intent && (noteId === undefined || noteIdOf(reply) === noteId);
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
          <NoteForm intent="create-note" reply={failed('create-note') ? reply : undefined} submitLabel="Save note" />
        </div>
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
                  reply={failed('update-note', note.id) ? reply : undefined}
                  values={{ title: note.title, body: note.body }}
                  submitLabel="Save changes"
                />
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

/** Create (no note) or edit a note: one schema, checked in the browser and by the action; the action's reply, when it is this form's. */
function NoteForm({
  intent,
  noteId,
  reply,
  values,
  submitLabel,
}: {
  intent: string;
  noteId?: string;
  reply: FormReply | undefined;
  values?: { title: string; body: string };
  submitLabel: string;
}) {
  const [form, fields] = useFormAnswered(reply, intent, noteForm, { id: noteId ? `${intent}-${noteId}` : intent, defaultValue: values });
  return (
    <Form method="post" className="stack note-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {noteId && <input type="hidden" name="note_id" value={noteId} />}
      <label>
        Title
        <input {...getInputProps(fields.title, { type: 'text' })} />
        <FieldError field={fields.title} />
      </label>
      <label>
        Note
        <textarea {...getTextareaProps(fields.body)} />
        <FieldError field={fields.body} />
      </label>
      <FormError form={form} />
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}
