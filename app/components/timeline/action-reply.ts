import { TIMELINE_MESSAGES } from '../../../contract/timeline';
import type { FormReply, FormResult } from '~/lib/forms';

/** The timeline action's intents: the event form (the modal and the no-JavaScript panel) saves; Delete event deletes. */
export const SAVE_EVENT = 'save';
export const DELETE_EVENT = 'delete';
export type TimelineIntent = typeof SAVE_EVENT | typeof DELETE_EVENT;

/**
 * A save or a delete the server refused, as the form's error: 'Failed to save event' or 'Failed to
 * delete event' (the spec's alerts), then the reason when there is one the GM can act on. `result`:
 * the parse's reply, which keeps what was typed.
 */
export function refusal(intent: TimelineIntent, reason: string | undefined, result: FormResult = { status: 'error' }): FormReply {
  const failed = intent === DELETE_EVENT ? TIMELINE_MESSAGES.deleteFailed : TIMELINE_MESSAGES.saveFailed;
  return { intent, result: { ...result, error: { ...result.error, '': [reason ? `${failed}: ${reason}` : failed] } } };
}

/** The refusal a reply carries for the form of `intent`, if any. */
export function replyError(reply: FormReply | undefined, intent: TimelineIntent): string | undefined {
  return reply?.intent === intent ? reply.result.error?.['']?.[0] : undefined;
}
