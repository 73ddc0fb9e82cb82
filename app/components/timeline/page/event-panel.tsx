import { Form, Link, useLocation } from '@remix-run/react';
import { useCallback, useState } from 'react';
import type { Calendar } from '../../../../contract/calendar';
import { TIMELINE_MESSAGES } from '../../../../contract/timeline';
import type { TimelineEvent } from '../../../../server/domain/timeline/timeline';
import type { TimelineActionFailure } from '../action-result';
import { EventFields, formValuesOf, newEventValues, type EventFormValues } from '../event-fields';
import { timelineHref, type ViewQuery } from './timeline-href';

export interface EventPanelProps {
  mode: 'create' | 'edit';
  event: TimelineEvent | null;
  confirmDelete: boolean;
  campaignId: string;
  view: ViewQuery;
  documents: Parameters<typeof EventFields>[0]['documents'];
  today: string;
  calendar: Calendar;
  failure?: TimelineActionFailure;
  hydrated: boolean;
}

/** The event modal as a page section, for browsers without JavaScript (?new=1, ?edit=<id>). */
export function EventPanel({ mode, event, confirmDelete, campaignId, view, documents, today, calendar, failure, hydrated }: EventPanelProps) {
  const location = useLocation();
  const [valid, setValid] = useState(true);
  const onValidityChange = useCallback((next: boolean) => setValid(next), []);
  const formAction = `${location.pathname}${location.search}`;
  const initial: EventFormValues = failure?.intent === 'save' ? valuesFromFailure(failure.values) : event ? formValuesOf(event) : newEventValues(today);
  const hidden = (
    <>
      <input type="hidden" name="campaign" value={campaignId} />
      {view.zoom && <input type="hidden" name="zoom" value={view.zoom} />}
      {view.type && <input type="hidden" name="type" value={view.type} />}
      {view.page && view.page > 1 && <input type="hidden" name="page" value={view.page} />}
      {event && <input type="hidden" name="event_id" value={event.id} />}
    </>
  );
  const failureNotice = failure && (
    <p className="notice error" role="alert">
      <strong>{failure.error}</strong>
      {failure.reason ? `: ${failure.reason}` : ''}
    </p>
  );

  return (
    <section className="card tl-panel" aria-labelledby="tl-panel-title" data-testid="event-panel">
      <h2 id="tl-panel-title">{mode === 'edit' ? 'Edit Event' : 'Create New Event'}</h2>
      {confirmDelete && event ? (
        <Form method="post" action={formAction} className="stack">
          <input type="hidden" name="intent" value="delete" />
          {hidden}
          <p className="notice info" role="alert">
            {TIMELINE_MESSAGES.confirmDelete} <strong>{event.title}</strong>
          </p>
          {failureNotice}
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
        <Form method="post" action={formAction} className="stack">
          <input type="hidden" name="intent" value="save" />
          {hidden}
          <EventFields idPrefix="tl-panel" initial={initial} calendar={calendar} documents={documents} onValidityChange={onValidityChange} autoFocus />
          {failureNotice}
          <div className="row">
            <button type="submit" className="button primary" disabled={hydrated && !valid}>
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

function valuesFromFailure(values: Record<string, string | string[]>): EventFormValues {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const linked = values.linked_documents;
  return {
    title: text('title'),
    event_type: text('event_type'),
    date: text('date'),
    location: text('location'),
    description: text('description'),
    participants: text('participants'),
    tags: text('tags'),
    linked_documents: Array.isArray(linked) ? linked : [],
    player_visible: text('player_visible') === 'on',
  };
}
