import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { TimelineDocument, TimelineEvent } from '../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../contract/calendar';
import { TIMELINE_MESSAGES } from '../../../contract/timeline';
import { ErrorNotice, FormError } from '~/components/field-error';
import { type FormReply, getFormProps } from '~/lib/forms';
import { DELETE_EVENT, replyError, SAVE_EVENT } from './action-reply';
import { EventFields, eventValuesValid, useEventForm } from './event-fields';
import type { ViewQuery } from './page/timeline-href';
import { ViewFields } from './page/view-fields';

export type EventDialogState = { mode: 'create'; today: string; seq: number } | { mode: 'edit'; event: TimelineEvent; seq: number };

interface EventDialogProps {
  state: EventDialogState | null;
  campaignId: string;
  /** The view to come back to after the action's redirect. */
  view: ViewQuery;
  documents: TimelineDocument[];
  calendar: Calendar;
  onClose(): void;
}

/**
 * The Create New Event / Edit Event modal: a native <dialog> whose form (one per opening) posts
 * through its fetcher to the route's one action. A success redirects (the page then closes the
 * modal); a refusal comes back as the form's reply and the form keeps everything typed.
 */
export function EventDialog({ state, onClose, ...form }: EventDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (state && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (the close button); the title is where typing starts.
      dialog.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    }
    if (!state && dialog.open) dialog.close();
  }, [state]);

  return (
    <dialog ref={dialogRef} className="modal tl-modal" aria-labelledby="tl-modal-title" onClose={onClose} data-testid="event-modal">
      {state && <EventDialogForm key={state.seq} state={state} onClose={onClose} {...form} />}
    </dialog>
  );
}

/** One opening of the modal: its own fetcher, so a refusal shown in an earlier opening is not shown again. */
function EventDialogForm({ state, campaignId, view, documents, calendar, onClose }: EventDialogProps & { state: EventDialogState }) {
  const fetcher = useFetcher<FormReply>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== 'idle';
  const editing = state.mode === 'edit' ? state.event : null;
  const editor = useEventForm({ id: 'tl-modal-form', reply: fetcher.data, event: editing, today: state.mode === 'create' ? state.today : '' });
  const deleteError = replyError(fetcher.data, DELETE_EVENT);

  const remove = () => {
    if (!editing) return;
    fetcher.submit(
      { intent: DELETE_EVENT, campaign: campaignId, event_id: editing.id, ...(view.zoom ? { zoom: view.zoom } : {}), ...(view.type ? { type: view.type } : {}) },
      { method: 'post', action: '/timeline' },
    );
  };

  return (
    <fetcher.Form method="post" action="/timeline" {...getFormProps(editor.form)}>
      <div className="modal-header">
        <h2 id="tl-modal-title">{editing ? 'Edit Event' : 'Create New Event'}</h2>
        <button type="button" className="close-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal-body">
        <input type="hidden" name="intent" value={SAVE_EVENT} />
        <ViewFields campaignId={campaignId} view={view} />
        {editing && <input type="hidden" name="event_id" value={editing.id} />}
        <EventFields editor={editor} calendar={calendar} documents={documents} autoFocus />
        <FormError form={editor.form} />
        <ErrorNotice error={deleteError} />
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
            <button type="submit" className="button primary" disabled={!eventValuesValid(editor, calendar) || busy}>
              {busy ? 'Saving…' : editing ? 'Save Changes' : 'Create Event'}
            </button>
          </>
        )}
      </div>
    </fetcher.Form>
  );
}
