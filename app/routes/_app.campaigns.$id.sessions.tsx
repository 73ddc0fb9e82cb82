import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { CampaignSession } from '../../server/domain/sessions/sessions';
import { splitGmSegments } from '../../contract/gm-blocks';
import { SESSION_NOTES_FILE_TYPES } from '../../contract/session-files';
import { sessionFieldsSchema } from '../../contract/sessions';
import { Markdown } from '~/components/markdown/markdown';
import { FormError } from '~/components/field-error';
import { PageHeader } from '~/components/page-header';
import { SubmitOrCancel } from '~/components/submit-or-cancel';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { sessionForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getInputProps, getTextareaProps, useFormAnswered, useIsPending, useSchemaForm } from '~/lib/forms';
import { campaignReader } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import sessionsStylesHref from '~/styles/sessions.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Sessions${data ? ` · ${data.campaign.name}` : ''} · Tomekeeper` }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: sessionsStylesHref }];

/** The campaign's sessions: the GM writes them; a player reads those the GM shows, without the `:::gm` blocks. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { access } = await campaignReader(context, request, params);
  const { db } = context.services;
  const { sessions, calendars } = context.domain;
  const [list, calendar] = await Promise.all([sessions.listSessions(db, access), calendars.getCalendar(db, access.ownerId, access.campaign.id)]);
  const url = new URL(request.url);
  const gm = access.audience === 'gm';
  return {
    campaign: { id: access.campaign.id, name: access.campaign.name },
    gm,
    calendarName: calendar.name,
    sessions: list,
    editing: gm ? url.searchParams.get('edit') : null,
    deleting: gm ? url.searchParams.get('delete') : null,
    adding: gm && (url.searchParams.get('new') !== null || list.length === 0),
  };
}

const INTENTS = ['create-session', 'update-session', 'delete-session', 'propose-session'] as const;
type Intent = (typeof INTENTS)[number];
type ActionReply = FormReply & { sessionId?: string };

/** New, Edit, Delete and Propose events: plain forms posted here, with JavaScript on or off. */
export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db, ai } = context.services;
  const { sessions } = context.domain;
  const campaignId = params.id ?? '';
  const form = await readFormOrEmpty(request);
  const asked = String(form.get('intent') ?? '');
  const intent = (INTENTS as readonly string[]).includes(asked) ? (asked as Intent) : null;
  const here = `/campaigns/${encodeURIComponent(campaignId)}/sessions`;
  const sessionId = String(form.get('session_id') ?? '');
  if (!intent) return data<ActionReply>({ intent: asked, result: { status: 'error', error: { '': ['Unknown action'] } } }, { status: 400 });

  if (intent === 'delete-session' || intent === 'propose-session') {
    try {
      if (intent === 'delete-session') {
        await sessions.deleteSession(db, user.id, campaignId, sessionId);
        return redirect(here);
      }
      const result = await sessions.proposeFromSession(db, ai, user.id, campaignId, sessionId);
      return redirect(`/timeline/proposals?campaign=${encodeURIComponent(campaignId)}&done=proposed-${result.created}`);
    } catch (error) {
      if (statusOf(context, error) === 404) throw new Response('Not found', { status: 404 });
      const message = failureMessage(context, error) ?? 'That did not work. Please try again.';
      return data<ActionReply>({ intent, sessionId, result: { status: 'error', error: { '': [message] } } }, { status: statusOf(context, error) });
    }
  }

  const submission = parseForm(form, sessionFieldsSchema);
  if (submission.status !== 'success') return data<ActionReply>({ intent, sessionId, result: submission.reply() }, { status: 400 });
  try {
    const upload = form.get('notes_file');
    const notes =
      upload instanceof File && upload.size > 0
        ? sessions.sessionNotesFromFile(upload.name, new Uint8Array(await upload.arrayBuffer()))
        : (submission.value.notes ?? '');
    // An unticked box posts nothing: on this form that means "not shown".
    const values = { ...submission.value, notes, player_visible: submission.value.player_visible ?? false };
    const saved =
      intent === 'create-session'
        ? await sessions.createSession(db, user.id, campaignId, values)
        : await sessions.updateSession(db, user.id, campaignId, sessionId, {
            ...values,
            world_start: values.world_start ?? null,
            world_end: values.world_end ?? null,
            played_on: values.played_on ?? null,
          });
    return redirect(`${here}#session-${saved.id}`);
  } catch (error) {
    if (statusOf(context, error) === 404) throw new Response('Not found', { status: 404 });
    const message = failureMessage(context, error) ?? 'The session could not be saved. Please try again.';
    return data<ActionReply>({ intent, sessionId, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
  }
}

export default function CampaignSessions() {
  const { campaign, gm, calendarName, sessions, editing, deleting, adding } = useLoaderData<typeof loader>();
  const here = `/campaigns/${campaign.id}/sessions`;
  return (
    <main className="page sessions-page">
      <PageHeader
        title="Sessions"
        subtitle={
          gm
            ? `${campaign.name}: what happened at the table, session by session. In-world dates read in ${calendarName}.`
            : `${campaign.name}: the sessions your GM shares.`
        }
      >
        {gm && !adding && (
          <Link className="button primary" to={`${here}?new`}>
            New session
          </Link>
        )}
        <Link className="button secondary" to={`/timeline?campaign=${campaign.id}`}>
          Timeline
        </Link>
      </PageHeader>

      {gm && adding && (
        <section className="card stack" aria-labelledby="new-session-heading">
          <h2 id="new-session-heading">New session</h2>
          <SessionForm here={here} calendarName={calendarName} nextNumber={(sessions.at(-1)?.number ?? 0) + 1} />
        </section>
      )}

      {sessions.length === 0 ? (
        <p className="muted">{gm ? 'No sessions yet.' : 'Your GM has not shared any sessions yet.'}</p>
      ) : (
        <ol className="session-list">
          {sessions.map((session) => (
            <li
              key={session.id}
              id={`session-${session.id}`}
              className="card session-card"
              data-testid="session"
              aria-label={`Session ${session.number}: ${session.title}`}
            >
              {editing === session.id ? (
                <SessionForm here={here} calendarName={calendarName} session={session} />
              ) : (
                <SessionView session={session} gm={gm} here={here} deleting={deleting === session.id} />
              )}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

function SessionView({ session, gm, here, deleting }: { session: CampaignSession; gm: boolean; here: string; deleting: boolean }) {
  const proposing = useIsPending('propose-session');
  return (
    <article className="stack">
      <header className="session-head">
        <h2>
          <span className="session-number">Session {session.number}</span> {session.title}
        </h2>
        <p className="muted small session-dates">
          {session.played_on && <span>Played {session.played_on}</span>}
          {session.world_label && <span>In the world: {session.world_label}</span>}
          {gm && <span className={`tag ${session.player_visible ? 'shown' : 'gm-only'}`}>{session.player_visible ? 'Shown to players' : 'GM only'}</span>}
        </p>
      </header>
      {session.notes.trim() ? <SessionNotes notes={session.notes} gm={gm} /> : <p className="muted small">No notes.</p>}
      <SessionFailure intent="propose-session" sessionId={session.id} />
      <SessionFailure intent="delete-session" sessionId={session.id} />
      {gm && (
        <div className="row session-actions">
          <Link className="button secondary" to={`${here}?edit=${session.id}#session-${session.id}`} aria-label={`Edit session ${session.number}`}>
            Edit
          </Link>
          {session.notes.trim() && (
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="propose-session" />
              <input type="hidden" name="session_id" value={session.id} />
              <button type="submit" className="button secondary" disabled={proposing} aria-label={`Propose timeline events from session ${session.number}`}>
                {proposing ? 'Reading the notes…' : 'Propose timeline events'}
              </button>
            </Form>
          )}
          {deleting ? (
            <Form method="post" action={here} className="row">
              <input type="hidden" name="intent" value="delete-session" />
              <input type="hidden" name="session_id" value={session.id} />
              <button type="submit" className="button danger">
                Delete session {session.number} for good
              </button>
              <Link className="button secondary" to={here}>
                Keep it
              </Link>
            </Form>
          ) : (
            <Link className="button danger" to={`${here}?delete=${session.id}#session-${session.id}`} aria-label={`Delete session ${session.number}`}>
              Delete
            </Link>
          )}
        </div>
      )}
    </article>
  );
}

/** The notes as Markdown; for the GM, each `:::gm` block drawn apart and marked as theirs alone. */
function SessionNotes({ notes, gm }: { notes: string; gm: boolean }) {
  const segments = gm ? splitGmSegments(notes) : [{ start: 0, text: notes, gm: false }];
  return (
    <div className="session-notes">
      {segments
        .filter((segment) => segment.text.trim())
        .map((segment) =>
          segment.gm ? (
            <aside key={segment.start} className="gm-block" aria-label="GM only">
              <p className="gm-block-label small">GM only</p>
              <Markdown text={segment.text} />
            </aside>
          ) : (
            <Markdown key={segment.start} text={segment.text} />
          ),
        )}
    </div>
  );
}

function SessionFailure({ intent, sessionId }: { intent: Intent; sessionId: string }) {
  // Every card has this form: the reply is shown on the card of the session it was about only.
  const reply = useActionData<ActionReply | undefined>();
  const [form] = useFormAnswered(reply?.sessionId === sessionId ? reply : undefined, intent, sessionForm, { id: `${intent}-${sessionId}` });
  if (!form.errors) return null;
  return (
    <p className="notice error" role="alert">
      {form.errors[0]}
    </p>
  );
}

function SessionForm({ here, calendarName, session, nextNumber }: { here: string; calendarName: string; session?: CampaignSession; nextNumber?: number }) {
  const intent: Intent = session ? 'update-session' : 'create-session';
  const submitting = useIsPending(intent);
  const [form, fields] = useSchemaForm(intent, sessionForm, {
    id: session ? `${intent}-${session.id}` : intent,
    defaultValue: session && {
      number: String(session.number),
      title: session.title,
      played_on: session.played_on ?? '',
      world_start: session.world_start ?? '',
      world_end: session.world_end ?? '',
      notes: session.notes,
      ...(session.player_visible ? { player_visible: 'on' } : {}),
    },
  });
  const error = (name: keyof typeof fields) =>
    fields[name].errors && (
      <span id={fields[name].errorId} className="field-error small" role="alert">
        {fields[name].errors[0]}
      </span>
    );
  return (
    <Form
      method="post"
      action={`${here}${session ? `#session-${session.id}` : ''}`}
      encType="multipart/form-data"
      className="stack session-form"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {session && <input type="hidden" name="session_id" value={session.id} />}
      <div className="session-form-row">
        <label className="session-number-field">
          Number
          <input {...getInputProps(fields.number, { type: 'text' })} inputMode="numeric" placeholder={nextNumber ? String(nextNumber) : undefined} />
          {error('number')}
        </label>
        <label className="session-title-field">
          Title
          <input {...getInputProps(fields.title, { type: 'text' })} autoComplete="off" />
          {error('title')}
        </label>
      </div>
      <div className="session-form-row">
        <label>
          Played on <span className="muted small">(real-world date)</span>
          <input {...getInputProps(fields.played_on, { type: 'text' })} type="date" />
          {error('played_on')}
        </label>
        <label>
          In-world date <span className="muted small">({calendarName})</span>
          <input {...getInputProps(fields.world_start, { type: 'text' })} autoComplete="off" />
          {error('world_start')}
        </label>
        <label>
          Until <span className="muted small">(optional, for a range)</span>
          <input {...getInputProps(fields.world_end, { type: 'text' })} autoComplete="off" />
          {error('world_end')}
        </label>
      </div>
      <label>
        Notes{' '}
        <span className="muted small">
          (Markdown; put what only you should read between a line <code>:::gm</code> and a line <code>:::</code>)
        </span>
        <textarea {...getTextareaProps(fields.notes)} rows={10} />
        {error('notes')}
      </label>
      <label>
        Or upload a session log <span className="muted small">({SESSION_NOTES_FILE_TYPES.map((type) => `.${type}`).join(', ')}; it replaces the notes above)</span>
        <input type="file" name="notes_file" accept={SESSION_NOTES_FILE_TYPES.map((type) => `.${type}`).join(',')} />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="player_visible" defaultChecked={fields.player_visible.initialValue === 'on'} /> Show this session to the players (never its GM
        blocks)
      </label>
      <FormError form={form} />
      <SubmitOrCancel label={session ? 'Save session' : 'Add session'} className="button primary" disabled={submitting} cancelTo={here} />
    </Form>
  );
}
