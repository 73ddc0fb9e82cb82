import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TimelineEvent } from '../../../server/domain/timeline/timeline';
import type { Calendar } from '../../../contract/calendar';
import { eventTypeInfo, PIXELS_PER_DAY, stepZoom, type ZoomLevel } from '../../../contract/timeline';
import { isoDayNumber, todayIso } from '../../../contract/timeline-dates';
import { axisTicks, fitAxisLabels, indexRange, labelledLanes, OVERFLOW, overflowBuckets, rangeLabel, type OverflowBucket } from '../../../contract/timeline-track';
import {
  AXIS_HEIGHT,
  BUCKET,
  HIT,
  LABELLED_WIDTH,
  LANES,
  laneTop,
  markerLeft,
  markerWidthFor,
  MAX_MARKER_WIDTH,
  OVERFLOW_TOP,
  TRACK_HEIGHT,
} from './track/geometry';
import { trackTextWidth } from './track/measure-text';
import { AxisTicks, Marker, Stem, TrackTooltip } from './track/parts';
import { useTrackDrag } from './track/use-track-drag';
import { useTrackView } from './track/use-track-view';
import { useWheelZoom } from './track/use-wheel-zoom';

interface Placed {
  event: TimelineEvent;
  /** The marker's left edge in pixels from day 0 at this zoom. */
  left: number;
  /** OVERFLOW when all lanes were taken: counted in the row below, drawn only when focused. */
  lane: number;
  labelled: boolean;
  /** The marker's width: its whole title where there is room for it. */
  width: number;
}

const markerIdOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-event-id]')?.dataset.eventId : undefined);

export interface TimelineTrackProps {
  calendar: Calendar;
  /** Already filtered, in date order. */
  events: TimelineEvent[];
  zoom: ZoomLevel;
  onZoomChange(zoom: ZoomLevel): void;
  onOpen(eventId: string): void;
  /** Bring an event into view and focus its marker (after it was saved). */
  reveal: { id: string; seq: number } | null;
}

/**
 * The horizontal track. It keeps its own view (the day at the left edge) instead of native
 * scrolling, so it reaches 4713 BC as easily as next week; it opens at the latest event.
 * Dragging moves one transformed layer without rendering (useTrackDrag, useTrackView); React
 * renders only the markers within a viewport's width of the view.
 */
export function TimelineTrack({ calendar, events, zoom, onZoomChange, onOpen, reveal }: TimelineTrackProps) {
  const ppd = PIXELS_PER_DAY[zoom];
  const labelledWidth = LABELLED_WIDTH[zoom];
  const [today] = useState(() => isoDayNumber(todayIso()) ?? 0);
  const days = useMemo(() => events.map((event) => event.day), [events]);
  const indexById = useMemo(() => new Map(events.map((event, index) => [event.id, index])), [events]);
  const { placed, buckets, bucketLefts } = useMemo(() => {
    const lefts = days.map((day) => markerLeft(day, ppd));
    const fullWidths = events.map((event) => markerWidthFor(trackTextWidth(event.title, 'title')));
    const { lanes, labelled, widths } = labelledLanes(lefts, fullWidths, labelledWidth, HIT, LANES);
    const overflow = overflowBuckets(lefts, lanes, BUCKET);
    return {
      placed: events.map((event, index): Placed => ({ event, left: lefts[index], lane: lanes[index], labelled: labelled[index], width: widths[index] })),
      buckets: overflow,
      bucketLefts: overflow.map((bucket) => bucket.left),
    };
  }, [events, days, ppd, labelledWidth]);

  const rangeText = useCallback((start: number, end: number) => rangeLabel(start, end, calendar), [calendar]);
  const view = useTrackView({ days, today, pxPerDay: ppd, rangeText });
  const { viewportRef, layerRef, rangeRef, viewStart, widthRef, pendingAnchor, stretch, showDay, scheduleView } = view;

  const [activeId, setActiveId] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  const focusTarget = useRef<string | null>(null);

  const drag = useTrackDrag({ viewStart, ppdRef: view.ppdRef, scheduleView, onDragStart: () => setTip(null) });
  useWheelZoom({ viewportRef, viewStart, ppdRef: view.ppdRef, pendingAnchor, zoom, onZoomChange, scheduleView });

  // A filter that leaves nothing in view moves the view to the latest event that remains.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view's refs are read when the filter changes, not watched
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const width = widthRef.current;
    if (viewStart.current === null || !width || days.length === 0) return;
    const [from, to] = indexRange(days, viewStart.current - 1, viewStart.current + width / view.ppdRef.current);
    if (from === to) showDay(days[days.length - 1]);
  }, [days, showDay]);

  // After a save: bring the event into view and focus its marker. (Only for a new request.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per reveal request (its seq), not when the events change
  useEffect(() => {
    if (!reveal) return;
    const index = indexById.get(reveal.id);
    if (index === undefined) return;
    setActiveId(reveal.id);
    focusTarget.current = reveal.id;
    showDay(days[index], 'nearest');
  }, [reveal?.seq]);

  useEffect(() => {
    const id = focusTarget.current;
    if (!id) return;
    const marker = layerRef.current?.querySelector<HTMLButtonElement>(`[data-event-id="${id}"]`);
    if (marker) {
      focusTarget.current = null;
      marker.focus({ preventScroll: true });
    }
  });

  const move = (index: number) => {
    const target = events[index];
    if (!target) return;
    setActiveId(target.id);
    focusTarget.current = target.id;
    showDay(days[index], 'nearest');
  };

  const zoomAround = (index: number, direction: 'in' | 'out') => {
    const next = stepZoom(zoom, direction);
    if (next === zoom || viewStart.current === null) return;
    pendingAnchor.current = (days[index] + 0.5 - viewStart.current) * ppd;
    focusTarget.current = events[index].id;
    onZoomChange(next);
  };

  const onMarkerKeyDown = (event: React.KeyboardEvent, index: number) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowDown: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(events.length - 1),
      PageDown: () => move(Math.min(events.length - 1, index + 10)),
      PageUp: () => move(Math.max(0, index - 10)),
      '+': () => zoomAround(index, 'in'),
      '=': () => zoomAround(index, 'in'),
      '-': () => zoomAround(index, 'out'),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  /** "+12": zoom in around those events, or at the closest zoom, focus the first of them. */
  const openBucket = (bucket: OverflowBucket) => {
    if (drag.suppressClick.current || viewStart.current === null) return;
    if (zoom === 'day') {
      move(bucket.first);
      return;
    }
    pendingAnchor.current = bucket.left + BUCKET / 2 - viewStart.current * ppd;
    onZoomChange(stepZoom(zoom, 'in'));
  };

  // The markers' events, delegated to the layer so each marker stays a plain memoised button.
  const layerHandlers = {
    onClick: (event: React.MouseEvent) => {
      const id = markerIdOf(event.target);
      if (!id || drag.suppressClick.current) return;
      setActiveId(id);
      onOpen(id);
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      const id = markerIdOf(event.target);
      const index = id ? indexById.get(id) : undefined;
      if (index !== undefined) onMarkerKeyDown(event, index);
    },
    onFocus: (event: React.FocusEvent) => {
      const id = markerIdOf(event.target);
      if (!id) return;
      setActiveId(id);
      if (!drag.dragging()) setTip(id);
    },
    onBlur: (event: React.FocusEvent) => {
      const id = markerIdOf(event.target);
      if (id) setTip((current) => (current === id ? null : current));
    },
    onPointerOver: (event: React.PointerEvent) => {
      const id = markerIdOf(event.target);
      if (id && !drag.dragging()) setTip(id);
    },
    onPointerOut: (event: React.PointerEvent) => {
      const id = markerIdOf(event.target);
      if (id && markerIdOf(event.relatedTarget) !== id) setTip((current) => (current === id ? null : current));
    },
  };

  // What to render: markers within the stretch, plus the keyboard's current one wherever it is.
  const start = viewStart.current;
  const activeIndex = useMemo(() => {
    const index = activeId ? indexById.get(activeId) : undefined;
    if (index !== undefined) return index;
    if (start === null) return events.length - 1;
    const first = days.findIndex((day) => day + 1 >= start);
    return first === -1 ? events.length - 1 : first;
  }, [activeId, indexById, events.length, days, start]);

  const visible: number[] = [];
  let visibleBuckets: OverflowBucket[] = [];
  const origin = stretch?.origin ?? 0;
  if (stretch) {
    const [from, to] = indexRange(days, stretch.start - MAX_MARKER_WIDTH / ppd - 1, stretch.end + 1);
    for (let index = from; index < to; index += 1) if (placed[index].lane !== OVERFLOW) visible.push(index);
    if (activeIndex >= 0 && (activeIndex < from || activeIndex >= to || placed[activeIndex].lane === OVERFLOW)) visible.push(activeIndex);
    const [first, last] = indexRange(bucketLefts, stretch.start * ppd - BUCKET, stretch.end * ppd);
    visibleBuckets = buckets.slice(first, last);
  }
  const ticks = useMemo(
    () =>
      stretch
        ? fitAxisLabels(axisTicks(zoom, stretch.start, stretch.end, calendar), ppd, (text, major) => trackTextWidth(text, major ? 'major-tick' : 'minor-tick'))
        : [],
    [stretch, zoom, calendar, ppd],
  );
  const tipIndex = tip ? indexById.get(tip) : undefined;
  const tipCandidate = tipIndex !== undefined && start !== null ? placed[tipIndex] : null;
  // A tooltip whose marker a zoom has carried out of view would point at nothing.
  const tipX = tipCandidate && start !== null ? tipCandidate.left - start * ppd : 0;
  const tipItem = tipCandidate && tipX + HIT / 2 >= 0 && tipX + HIT / 2 <= widthRef.current ? tipCandidate : null;

  return (
    <section className="card tl-track-card" aria-label="Timeline track">
      <div className="tl-track-bar">
        <span className="tl-range" ref={rangeRef} data-testid="timeline-range" />
        <span className="spacer" />
        <div className="row tl-jumps">
          <button type="button" className="button secondary small" onClick={() => showDay(days[0])} disabled={events.length === 0}>
            Earliest
          </button>
          <button type="button" className="button secondary small" onClick={() => showDay(today)}>
            Today
          </button>
          <button type="button" className="button secondary small" onClick={() => showDay(days[days.length - 1])} disabled={events.length === 0}>
            Latest
          </button>
        </div>
      </div>
      <div className="tl-track-frame">
        <div
          ref={viewportRef}
          className="tl-viewport"
          style={{ height: TRACK_HEIGHT }}
          role="group"
          aria-roledescription="timeline"
          aria-label={`${events.length} events. Use the arrow keys on an event to move between events and Enter to open one.`}
          data-testid="timeline-viewport"
          data-zoom={zoom}
          {...drag.handlers}
        >
          <div className="tl-axis-line" style={{ top: AXIS_HEIGHT }} aria-hidden="true" />
          <div ref={layerRef} className="tl-layer" data-testid="timeline-layer" {...layerHandlers}>
            <AxisTicks ticks={ticks} pxPerDay={ppd} origin={origin} />
            {stretch && today >= stretch.start && today <= stretch.end && (
              <div className="tl-today" style={{ transform: `translateX(${(today + 0.5) * ppd - origin}px)` }} aria-hidden="true">
                <span>Today</span>
              </div>
            )}
            <div className="tl-stems" aria-hidden="true">
              {visible.map((index) => (
                <Stem
                  key={placed[index].event.id}
                  x={placed[index].left - origin + HIT / 2 - 1}
                  lane={placed[index].lane}
                  color={eventTypeInfo(placed[index].event.event_type).color}
                />
              ))}
            </div>
            {visible.map((index) => {
              const item = placed[index];
              return (
                <Marker
                  key={item.event.id}
                  event={item.event}
                  x={item.left - origin}
                  lane={item.lane}
                  width={item.width}
                  labelled={item.labelled}
                  tabbable={index === activeIndex}
                  described={tip === item.event.id}
                />
              );
            })}
            {visibleBuckets.map((bucket) => (
              <button
                key={`more-${bucket.left}`}
                type="button"
                tabIndex={-1}
                className="tl-more"
                style={{ transform: `translate(${bucket.left - origin}px, ${OVERFLOW_TOP}px)`, width: BUCKET - 4 }}
                aria-label={`${bucket.count} more events from ${events[bucket.first].date_label}: ${zoom === 'day' ? 'show the first' : 'zoom in'}`}
                onClick={() => openBucket(bucket)}
              >
                +{bucket.count}
              </button>
            ))}
          </div>
        </div>
        {tipItem && (
          <TrackTooltip
            event={tipItem.event}
            calendar={calendar}
            left={Math.max(0, Math.min(tipX - 12, widthRef.current - 260))}
            top={laneTop(tipItem.lane) + HIT + 4}
          />
        )}
      </div>
      <p className="muted small tl-hint">
        Drag the track to travel through time, turn the mouse wheel to zoom. On an event, the arrow keys move to the next one, + and − zoom, and Enter opens it.
      </p>
    </section>
  );
}
