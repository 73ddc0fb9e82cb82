import type { Calendar } from '../../../../contract/calendar';
import { TIMELINE_MESSAGES, type ZoomLevel } from '../../../../contract/timeline';
import type { TimelineEvent } from '../../../../server/domain/timeline/timeline';
import { EventList } from '../event-list';
import { latePart } from '~/lib/late-part';

interface TimelineEventsProps {
  campaignId: string;
  calendar: Calendar;
  /** Every event of the campaign, and those the type filter shows. */
  events: TimelineEvent[];
  filtered: TimelineEvent[];
  zoom: ZoomLevel;
  onZoomChange(zoom: ZoomLevel): void;
  onOpen(eventId: string): void;
  reveal: { id: string; seq: number } | null;
  page: number;
  pageHref(page: number): string;
  onPage(page: number): void;
  editHref(eventId: string): string;
  hydrated: boolean;
}

/** The track is drawn only with JavaScript, once the page is live: its code loads then, its place held meanwhile (ADR 0185). */
const trackPlaceholder = <div className="card tl-track-placeholder" aria-hidden="true" />;
const TimelineTrack = latePart('timeline-track', () => import('../timeline-track').then((m) => m.TimelineTrack), trackPlaceholder);

/** The events: an empty state, or the track (with JavaScript) above the paged list (always). */
export function TimelineEvents({ campaignId, calendar, events, filtered, hydrated, ...props }: TimelineEventsProps) {
  if (events.length === 0 || filtered.length === 0) {
    return (
      <section className="card empty-state" data-testid="timeline-empty">
        <h2>{events.length === 0 ? TIMELINE_MESSAGES.noEvents : TIMELINE_MESSAGES.noMatch}</h2>
        <p>
          {events.length === 0
            ? 'Add the first event: a battle won, a prophecy spoken, an age of the world that ended.'
            : 'Choose another event type, or all types.'}
        </p>
      </section>
    );
  }
  return (
    <>
      {!hydrated && (
        <>
          {/* Holds the track's place until it draws, so the page does not jump; hidden without JavaScript. */}
          {trackPlaceholder}
          <noscript>
            <style>{'.tl-track-placeholder{display:none}'}</style>
          </noscript>
        </>
      )}
      {hydrated && (
        <TimelineTrack
          key={campaignId}
          calendar={calendar}
          events={filtered}
          zoom={props.zoom}
          onZoomChange={props.onZoomChange}
          onOpen={props.onOpen}
          reveal={props.reveal}
        />
      )}
      <EventList
        calendar={calendar}
        events={filtered}
        page={props.page}
        pageHref={props.pageHref}
        onPage={hydrated ? props.onPage : undefined}
        editHref={props.editHref}
        onEdit={hydrated ? props.onOpen : undefined}
      />
    </>
  );
}
