import { Link } from '@remix-run/react';
import { memo, useEffect, useRef } from 'react';
import type { TimelineEvent } from '../../../server/domain/timeline/timeline';
import { eventTypeInfo } from '../../../contract/timeline';
import type { Calendar } from '../../../contract/calendar';
import { EventIcon } from './event-icon';

/** Events per page of the list: the track shows them all, the list reads a page at a time. */
export const LIST_PAGE_SIZE = 50;

interface EventListProps {
  calendar: Calendar;
  /** All the events the filter lets through, in date order. */
  events: TimelineEvent[];
  /** 1-based; clamped to the pages there are. */
  page: number;
  pageHref(page: number): string;
  /** With JavaScript: turn the page without a navigation. */
  onPage?(page: number): void;
  /** The plain link that opens an event's form (the no-JavaScript page section). */
  editHref(eventId: string): string;
  /** With JavaScript: open the modal instead of following the link. */
  onEdit?(eventId: string): void;
}

/** Every event in date order: what the page shows without JavaScript, and a reading list with it. */
export const EventList = memo(function EventList({ calendar, events, page, pageHref, onPage, editHref, onEdit }: EventListProps) {
  const pages = Math.max(1, Math.ceil(events.length / LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * LIST_PAGE_SIZE;
  const shown = events.slice(first, first + LIST_PAGE_SIZE);
  const listRef = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its top
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [current]);
  const pager =
    pages > 1 ? (
      <nav className="row tl-pager" aria-label="Pages of the event list">
        <span className="muted small">
          {first + 1}–{first + shown.length} of {events.length}
        </span>
        <span className="spacer" />
        {current > 1 && <PageLink page={current - 1} label="← Earlier" href={pageHref} onPage={onPage} />}
        <span className="small">
          Page {current} of {pages}
        </span>
        {current < pages && <PageLink page={current + 1} label="Later →" href={pageHref} onPage={onPage} />}
      </nav>
    ) : null;
  return (
    <details className="card tl-list-card" open>
      <summary>
        <h2>
          Events in date order <span className="badge">{events.length}</span>
        </h2>
      </summary>
      {pager}
      <ol ref={listRef} className="tl-list" data-testid="event-list" start={first + 1}>
        {shown.map((event) => {
          const info = eventTypeInfo(event.event_type);
          const linked = event.linked_documents.length;
          return (
            <li key={event.id} className="tl-list-item" style={{ '--type-color': info.color } as React.CSSProperties}>
              <span className="tl-list-icon" aria-hidden="true">
                <EventIcon type={event.event_type} size={18} />
              </span>
              <div className="tl-list-main">
                <p className="tl-list-title">
                  <strong>{event.title}</strong> <span className="tl-type-chip">{info.name}</span>
                  {!event.player_visible && <span className="badge gm-only">GM only</span>}
                </p>
                <p className="muted small tl-list-meta">
                  <time dateTime={calendar.kind === 'gregorian' ? event.date : undefined}>{event.date_label}</time>
                  {event.location && <> · {event.location}</>}
                  {linked > 0 && <> · {linked === 1 ? '1 linked document' : `${linked} linked documents`}</>}
                </p>
                {event.description && <p className="tl-list-description">{event.description}</p>}
                {(event.participants.length > 0 || event.tags.length > 0) && (
                  <p className="tl-list-people">
                    {event.participants.map((name) => (
                      <span key={`p-${name}`} className="tag tl-participant">
                        {name}
                      </span>
                    ))}
                    {event.tags.map((tag) => (
                      <span key={`t-${tag}`} className="tag">
                        #{tag}
                      </span>
                    ))}
                  </p>
                )}
              </div>
              <Link
                to={editHref(event.id)}
                className="button secondary small"
                aria-label={`Edit ${event.title}`}
                preventScrollReset
                onClick={
                  onEdit
                    ? (click) => {
                        click.preventDefault();
                        onEdit(event.id);
                      }
                    : undefined
                }
              >
                Edit
              </Link>
            </li>
          );
        })}
      </ol>
      {pager}
    </details>
  );
});

function PageLink({ page, label, href, onPage }: { page: number; label: string; href(page: number): string; onPage?(page: number): void }) {
  return (
    <Link
      to={href(page)}
      className="button secondary small"
      preventScrollReset
      onClick={
        onPage
          ? (click) => {
              click.preventDefault();
              onPage(page);
            }
          : undefined
      }
    >
      {label}
    </Link>
  );
}
