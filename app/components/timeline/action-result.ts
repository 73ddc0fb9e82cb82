/**
 * What the timeline route's action answers when it cannot save or delete (a success redirects
 * back to the view with ?saved=<id> or ?deleted=1). The same shape for the plain form and the
 * modal's fetcher.
 */
export interface TimelineActionFailure {
  ok: false;
  intent: 'save' | 'delete';
  /** 'Failed to save event' or 'Failed to delete event'. */
  error: string;
  /** The server's reason, when it gave one the GM can act on. */
  reason?: string;
  /** What the GM typed, to put back in the form. */
  values: Record<string, string | string[]>;
}
