import { memo } from 'react';
import type { TimelineEvent } from '../../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../../contract/calendar';
import { eventTypeInfo } from '../../../../contract/timeline';
import { OVERFLOW, type AxisTick } from '../../../../contract/timeline-track';
import { EventIcon } from '../event-icon';
import { AXIS_HEIGHT, HIT, laneTop } from './geometry';

interface MarkerProps {
  event: TimelineEvent;
  /** Left edge within the layer. */
  x: number;
  lane: number;
  width: number;
  labelled: boolean;
  /** The roving tab stop: one marker is in the tab order, the arrow keys reach the rest. */
  tabbable: boolean;
  described: boolean;
}

export const Marker = memo(function Marker({ event, x, lane, width, labelled, tabbable, described }: MarkerProps) {
  const info = eventTypeInfo(event.event_type);
  const gmOnly = !event.player_visible;
  return (
    <button
      type="button"
      className={`tl-marker${labelled ? ' labelled' : ''}${lane === OVERFLOW ? ' overflowed' : ''}${gmOnly ? ' gm-only' : ''}`}
      data-event-id={event.id}
      data-testid="timeline-marker"
      tabIndex={tabbable ? 0 : -1}
      style={{ transform: `translate(${x}px, ${laneTop(lane)}px)`, maxWidth: labelled ? width : HIT, '--type-color': info.color } as React.CSSProperties}
      aria-label={`${event.title}: ${info.name}, ${event.date_label}${gmOnly ? ', GM only' : ''}`}
      aria-describedby={described ? 'tl-tooltip' : undefined}
    >
      <span className="tl-marker-icon">
        <EventIcon type={event.event_type} />
      </span>
      {labelled && <span className="tl-marker-label">{event.title}</span>}
    </button>
  );
});

/** The line from the axis down to a marker; drawn beneath every marker so none crosses another. */
export const Stem = memo(function Stem({ x, lane, color }: { x: number; lane: number; color: string }) {
  const height = laneTop(lane) + HIT / 2 - AXIS_HEIGHT;
  return <i className="tl-stem" style={{ transform: `translate(${x}px, ${AXIS_HEIGHT}px)`, height, background: color }} />;
});

export function AxisTicks({ ticks, pxPerDay, origin }: { ticks: AxisTick[]; pxPerDay: number; origin: number }) {
  return (
    <>
      {ticks.map((tick) => (
        <div
          key={`${tick.major ? 'M' : 'm'}${tick.day}`}
          className={tick.major ? 'tl-tick major' : 'tl-tick'}
          style={{ transform: `translateX(${tick.day * pxPerDay - origin}px)` }}
          aria-hidden="true"
        >
          <span>{tick.label}</span>
        </div>
      ))}
    </>
  );
}

const linkedLabel = (count: number) => (count === 0 ? 'No linked documents' : count === 1 ? '1 linked document' : `${count} linked documents`);

/** Title, type, date (with weekday and moons in the campaign's calendar), location and linked documents. */
export function TrackTooltip({ event, calendar, left, top }: { event: TimelineEvent; calendar: Calendar; left: number; top: number }) {
  const info = eventTypeInfo(event.event_type);
  const weekday = calendar.kind === 'custom' ? calendar.weekdayOf(event.day) : null;
  const moons = calendar.moonPhases(event.day);
  return (
    <div id="tl-tooltip" role="tooltip" className="tl-tooltip" style={{ left, top }} data-testid="timeline-tooltip">
      <strong>{event.title}</strong>
      <span className="tl-tooltip-type" style={{ background: info.color }}>
        {info.name}
      </span>
      {!event.player_visible && <span className="badge gm-only">GM only</span>}
      <span>
        {weekday !== null ? `${calendar.weekdays[weekday]}, ` : ''}
        {event.date_label}
      </span>
      {moons.map((moon) => (
        <span key={moon.moon} className="tl-tooltip-moon">
          {moon.moon}: {moon.phase}
        </span>
      ))}
      {event.location && <span>Location: {event.location}</span>}
      <span className="muted">{linkedLabel(event.linked_documents.length)}</span>
    </div>
  );
}
