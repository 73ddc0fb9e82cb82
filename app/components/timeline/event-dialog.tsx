import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimelineDocument, TimelineEvent } from '../../../server/domain/timeline/timeline';
import { TIMELINE_MESSAGES } from '../../../contract/timeline';
import type { TimelineActionResult } from './action-result';
import { EventFields, formValuesOf, newEventValues } from './event-fields';

export type EventDialogState = { mode: 'create'; today: string; seq: number } | { mode: 'edit'; event: TimelineEvent; seq: number };

interface EventDialogProps {
  state: EventDialogState | null;
  campaignId: string;
  documents: TimelineDocument[];
  onClose(): void;
  onSaved(event: TimelineEvent): void;
  onDeleted(eventId: string): void;
}

/** The Create New Event / Edit Event modal: a native <dialog> posting to the route's action. */
export function EventDialog({ state, campaignId, documents, onClose, onSaved, onDeleted }: EventDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<TimelineActionResult>();
  const waiting = useRef(false);
  const [valid, setValid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ error: string; reason?: string } | null>(null);
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
    if (fetcher.state !== 'idle' || !waiting.current) return;
    waiting.current = false;
    const result = fetcher.data;
    if (!result) {
      setFailure({ error: confirming ? TIMELINE_MESSAGES.deleteFailed : TIMELINE_MESSAGES.saveFailed });
    } else if (!result.ok) {
      setFailure({ error: result.error, reason: result.reason });
    } else if (result.intent === 'save') {
      onSaved(result.event);
    } else {
      onDeleted(result.eventId);
    }
  }, [fetcher.state, fetcher.data, confirming, onSaved, onDeleted]);

  const onValidityChange = useCallback((next: boolean) => setValid(next), []);

  const remove = () => {
    if (state?.mode !== 'edit') return;
    waiting.current = true;
    setFailure(null);
    fetcher.submit(
      { intent: 'delete', _js: '1', campaign: campaignId, event_id: state.event.id },
      { method: 'post', action: '/timeline' },
    );
  };

  const editing = state?.mode === 'edit' ? state.event : null;
  return (
    <dialog
      ref={dialogRef}
      className="modal tl-modal"
      aria-labelledby="tl-modal-title"
      onClose={onClose}
      data-testid="event-modal"
    >
      {state && (
        <fetcher.Form
          key={state.seq}
          method="post"
          action="/timeline"
          onSubmit={() => {
            waiting.current = true;
            setFailure(null);
          }}
        >
          <div className="modal-header">
            <h2 id="tl-modal-title">{editing ? 'Edit Event' : 'Create New Event'}</h2>
            <button type="button" className="close-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="modal-body">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="_js" value="1" />
            <input type="hidden" name="campaign" value={campaignId} />
            {editing && <input type="hidden" name="event_id" value={editing.id} />}
            <EventFields
              idPrefix="tl-modal"
              initial={editing ? formValuesOf(editing) : newEventValues(state.mode === 'create' ? state.today : '')}
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
