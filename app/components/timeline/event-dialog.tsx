import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimelineDocument, TimelineEvent } from '../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../contract/calendar';
import { TIMELINE_MESSAGES } from '../../../contract/timeline';
import type { TimelineActionFailure } from './action-result';
import { EventFields, formValuesOf, newEventValues } from './event-fields';

export type EventDialogState = { mode: 'create'; today: string; seq: number } | { mode: 'edit'; event: TimelineEvent; seq: number };

interface EventDialogProps {
  state: EventDialogState | null;
  campaignId: string;
  /** The view to come back to after the action's redirect. */
  view: { zoom?: string; type?: string; page?: number };
  documents: TimelineDocument[];
  calendar: Calendar;
  onClose(): void;
}

/**
 * The Create New Event / Edit Event modal: a native <dialog> whose fetcher posts to the route's
 * one action. A success redirects (the page then closes the modal); a failure comes back as data
 * and the form keeps everything typed. Pending state is the fetcher's.
 */
export function EventDialog({ state, campaignId, view, documents, calendar, onClose }: EventDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<TimelineActionFailure>();
  const [valid, setValid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<TimelineActionFailure | null>(null);
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (state && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (the close button); the title is where typing starts.
      dialog.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    }
    if (!state && dialog.open) dialog.close();
    setConfirming(false);
    setFailure(null);
  }, [state]);

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && fetcher.data.ok === false) setFailure(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const onValidityChange = useCallback((next: boolean) => setValid(next), []);

  const hidden = (
    <>
      <input type="hidden" name="campaign" value={campaignId} />
      {view.zoom && <input type="hidden" name="zoom" value={view.zoom} />}
      {view.type && <input type="hidden" name="type" value={view.type} />}
      {view.page && view.page > 1 && <input type="hidden" name="page" value={view.page} />}
    </>
  );

  const remove = () => {
    if (state?.mode !== 'edit') return;
    setFailure(null);
    fetcher.submit(
      { intent: 'delete', campaign: campaignId, event_id: state.event.id, ...(view.zoom ? { zoom: view.zoom } : {}), ...(view.type ? { type: view.type } : {}) },
      { method: 'post', action: '/timeline' },
    );
  };

  const editing = state?.mode === 'edit' ? state.event : null;
  return (
    <dialog ref={dialogRef} className="modal tl-modal" aria-labelledby="tl-modal-title" onClose={onClose} data-testid="event-modal">
      {state && (
        <fetcher.Form key={state.seq} method="post" action="/timeline" onSubmit={() => setFailure(null)}>
          <div className="modal-header">
            <h2 id="tl-modal-title">{editing ? 'Edit Event' : 'Create New Event'}</h2>
            <button type="button" className="close-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="modal-body">
            <input type="hidden" name="intent" value="save" />
            {hidden}
            {editing && <input type="hidden" name="event_id" value={editing.id} />}
            <EventFields
              idPrefix="tl-modal"
              initial={editing ? formValuesOf(editing) : newEventValues(state.mode === 'create' ? state.today : '')}
              calendar={calendar}
              documents={documents}
              onValidityChange={onValidityChange}
              autoFocus
            />
            {failure && (
              <p className="notice error tl-failure" role="alert">
                <strong>{failure.error}</strong>
                {failure.reason ? `: ${failure.reason}` : ''}
              </p>
            )}
          </div>
          <div className="modal-footer">
            {confirming ? (
              <>
                <p className="tl-confirm" role="alert">
                  {TIMELINE_MESSAGES.confirmDelete}
                </p>
                <button type="button" className="button secondary" onClick={() => setConfirming(false)} disabled={busy}>
                  Cancel
                </button>
                <button type="button" className="button danger" onClick={remove} disabled={busy}>
                  {busy ? 'Deleting…' : 'Delete event'}
                </button>
              </>
            ) : (
              <>
                {editing && (
                  <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                    Delete
                  </button>
                )}
                <span className="spacer" />
                <button type="button" className="button secondary" onClick={onClose}>
                  Cancel
                </button>
                <button type="submit" className="button primary" disabled={!valid || busy}>
                  {busy ? 'Saving…' : editing ? 'Save Changes' : 'Create Event'}
                </button>
              </>
            )}
          </div>
        </fetcher.Form>
      )}
    </dialog>
  );
}
