import type { TimelineEvent } from '../../../server/domain/timeline/timeline';
import { EVENT_TYPE_MAP, EVENT_TYPES } from '../../../contract/timeline';
import { EventIcon } from './event-icon';

/** The event types with their colour, icon and how many of the campaign's events each has. */
export function TypeLegend({ events }: { events: TimelineEvent[] }) {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.event_type, (counts.get(event.event_type) ?? 0) + 1);
  return (
    <ul className="tl-legend" aria-label="Event types">
      {EVENT_TYPES.map((type) => (
        <li key={type} style={{ '--type-color': EVENT_TYPE_MAP[type].color } as React.CSSProperties}>
          <span className="tl-legend-icon" aria-hidden="true">
            <EventIcon type={type} size={13} />
          </span>
          {EVENT_TYPE_MAP[type].name}
          <span className="tl-legend-count">{counts.get(type) ?? 0}</span>
        </li>
      ))}
    </ul>
  );
}
