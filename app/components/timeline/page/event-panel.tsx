import { Form, Link, useLocation } from '@remix-run/react';
import type { Calendar } from '../../../../contract/calendar';
import { TIMELINE_MESSAGES } from '../../../../contract/timeline';
import type { TimelineDocument, TimelineEvent } from '../../../../server/domain/timeline/timeline';
import { ErrorNotice, FormError } from '~/components/field-error';
import { type FormReply, getFormProps } from '~/lib/forms';
import { DELETE_EVENT, replyError, SAVE_EVENT } from '../action-reply';
import { EventFields, eventValuesValid, useEventForm } from '../event-fields';
import { timelineHref, type ViewQuery } from './timeline-href';
import { ViewFields } from './view-fields';

export interface EventPanelProps {
  mode: 'create' | 'edit';
  event: TimelineEvent | null;
  confirmDelete: boolean;
  campaignId: string;
  view: ViewQuery;
  documents: TimelineDocument[];
  today: string;
  calendar: Calendar;
  /** The page's action data: a refused save or delete. */
  reply: FormReply | undefined;
  hydrated: boolean;
}

/** The event modal as a page section, for browsers without JavaScript (?new=1, ?edit=<id>). */
export function EventPanel({ mode, event, confirmDelete, campaignId, view, documents, today, calendar, reply, hydrated }: EventPanelProps) {
  const location = useLocation();
  const editor = useEventForm({ id: 'tl-panel-form', reply, event, today });
  const formAction = `${location.pathname}${location.search}`;
  const hidden = (
    <>
      <ViewFields campaignId={campaignId} view={view} />
      {event && <input type="hidden" name="event_id" value={event.id} />}
    </>
  );

  return (
    <section className="card tl-panel" aria-labelledby="tl-panel-title" data-testid="event-panel">
      <h2 id="tl-panel-title">{mode === 'edit' ? 'Edit Event' : 'Create New Event'}</h2>
      {confirmDelete && event ? (
        <Form method="post" action={formAction} className="stack">
          <input type="hidden" name="intent" value={DELETE_EVENT} />
          {hidden}
          <p className="notice info" role="alert">
            {TIMELINE_MESSAGES.confirmDelete} <strong>{event.title}</strong>
          </p>
          <ErrorNotice error={replyError(reply, DELETE_EVENT)} />
          <div className="row">
            <button type="submit" className="button danger">
              Delete event
            </button>
            <Link to={timelineHref(view, { edit: event.id })} className="button secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" action={formAction} className="stack" {...getFormProps(editor.form)}>
          <input type="hidden" name="intent" value={SAVE_EVENT} />
          {hidden}
          <EventFields editor={editor} calendar={calendar} documents={documents} autoFocus />
          <FormError form={editor.form} />
          <div className="row">
            <button type="submit" className="button primary" disabled={hydrated && !eventValuesValid(editor, calendar)}>
              {mode === 'edit' ? 'Save Changes' : 'Create Event'}
            </button>
            <Link to={timelineHref(view)} className="button secondary">
              Cancel
            </Link>
            <span className="spacer" />
            {event && (
              <Link to={timelineHref(view, { edit: event.id, delete: '1' })} className="button danger">
                Delete
              </Link>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
