import type { TimelineEvent } from '../../../server/domain/timeline/timeline';

/** What the timeline route's action answers a JavaScript submission (plain forms get a redirect). */
export type TimelineActionResult =
  | { ok: true; intent: 'save'; event: TimelineEvent }
  | { ok: true; intent: 'delete'; eventId: string }
  | {
      ok: false;
      intent: 'save' | 'delete';
      /** 'Failed to save event' or 'Failed to delete event'. */
      error: string;
      /** The server's reason, when it gave one the GM can act on. */
      reason?: string;
      values: Record<string, string | string[]>;
    };
