import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TimelineEvent } from '../../../server/domain/timeline/timeline';
import { eventTypeInfo, PIXELS_PER_DAY, stepZoom, type ZoomLevel } from '../../../contract/timeline';
import { formatDisplayDate, isoDayNumber, todayIso } from '../../../contract/timeline-dates';
import {
  assignLanes,
  axisTicks,
  indexRange,
  OVERFLOW,
  overflowBuckets,
  rangeLabel,
  zoomViewStart,
  type OverflowBucket,
} from '../../../contract/timeline-track';
import { EventIcon } from './event-icon';

const AXIS_HEIGHT = 44;
const LANE_HEIGHT = 38;
const LANES = 5;
const ICON = 28;
const LANES_TOP = AXIS_HEIGHT + 10;
/** Below the lanes, a row counts the markers that found no room ("+12"), per BUCKET px. */
const OVERFLOW_TOP = LANES_TOP + LANES * LANE_HEIGHT + 2;
const BUCKET = 48;
const TRACK_HEIGHT = OVERFLOW_TOP + 26;
/** Markers show their title beside the icon once a day is wide enough to hold one. */
const MARKER_WIDTH: Record<ZoomLevel, number> = { year: ICON, month: ICON, week: 160, day: 190 };
const DRAG_THRESHOLD = 4;
/** One mouse-wheel notch is about 100 px of deltaY; a trackpad sends many small ones. */
const WHEEL_STEP = 60;
const WHEEL_PAUSE_MS = 180;
/** Layer coordinates stay below this many pixels, well inside what CSS transforms keep exact. */
const REBASE_PX = 4_000_000;

interface Placed {
  event: TimelineEvent;
  day: number;
  /** The marker's left edge in pixels from day 0 at this zoom. */
  left: number;
  /** OVERFLOW when all lanes were taken: counted in the row below, drawn only when focused. */
  lane: number;
}

/**
 * The rendered stretch (the viewport plus a viewport's width either side) and the layer's
 * origin: the absolute pixel the layer's x = 0 stands for. The origin only moves on a new
 * zoom or after a very long journey, so markers keep their style while the view travels.
 */
interface Stretch {
  start: number;
  end: number;
  pxPerDay: number;
  origin: number;
}

function stretchAround(viewStart: number, span: number, pxPerDay: number, previous: Stretch | null): Stretch {
  const start = viewStart - span;
  const keep = previous && previous.pxPerDay === pxPerDay && Math.abs(start * pxPerDay - previous.origin) < REBASE_PX;
  return { start, end: viewStart + 2 * span, pxPerDay, origin: keep ? previous.origin : Math.round(start * pxPerDay) };
}

/** The x of the event in view nearest the viewport's centre, or the centre when none is in view. */
function nearestToCentre(days: number[], viewStart: number, pxPerDay: number, width: number): number {
  const [from, to] = indexRange(days, viewStart - 1, viewStart + width / pxPerDay);
  let best: number | null = null;
  for (let index = from; index < to; index += 1) {
    const x = (days[index] + 0.5 - viewStart) * pxPerDay;
    if (x >= 0 && x <= width && (best === null || Math.abs(x - width / 2) < Math.abs(best - width / 2))) best = x;
  }
  return best ?? width / 2;
}

const linkedLabel = (count: number) =>
  count === 0 ? 'No linked documents' : count === 1 ? '1 linked document' : `${count} linked documents`;

const markerIdOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-event-id]')?.dataset.eventId : undefined;

export interface TimelineTrackProps {
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
 * scrolling, so it reaches 4713 BC as easily as next week. Dragging moves one transformed
 * layer without rendering; React renders only the markers within a viewport's width of the
 * view, and only when the view leaves that stretch.
 */
export function TimelineTrack({ events, zoom, onZoomChange, onOpen, reveal }: TimelineTrackProps) {
  const ppd = PIXELS_PER_DAY[zoom];
  const markerWidth = MARKER_WIDTH[zoom];
  const labelled = markerWidth > ICON;

  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const rangeRef = useRef<HTMLSpanElement>(null);
  const viewStart = useRef<number | null>(null);
  const widthRef = useRef(0);
  const ppdRef = useRef(ppd);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const onZoomChangeRef = useRef(onZoomChange);
  onZoomChangeRef.current = onZoomChange;
  const pendingAnchor = useRef<number | null>(null);
  const frame = useRef(0);
  const drag = useRef<{ pointerId: number; startX: number; lastX: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const focusTarget = useRef<string | null>(null);

  const [stretch, setStretch] = useState<Stretch | null>(null);
  const stretchRef = useRef<Stretch | null>(null);
  stretchRef.current = stretch;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  const [today] = useState(() => isoDayNumber(todayIso()) ?? 0);

  const days = useMemo(() => events.map((event) => isoDayNumber(event.date) ?? 0), [events]);
  const indexById = useMemo(() => new Map(events.map((event, index) => [event.id, index])), [events]);
  const { placed, buckets, bucketLefts } = useMemo(() => {
    const lefts = days.map((day) => (day + 0.5) * ppd - ICON / 2);
    const lanes = assignLanes(lefts, markerWidth, LANES);
    const overflow = overflowBuckets(lefts, lanes, BUCKET);
    return {
      placed: events.map((event, index): Placed => ({ event, day: days[index], left: lefts[index], lane: lanes[index] })),
      buckets: overflow,
      bucketLefts: overflow.map((bucket) => bucket.left),
    };
  }, [events, days, ppd, markerWidth]);

  const updateRange = useCallback(() => {
    const start = viewStart.current;
    if (rangeRef.current && start !== null && widthRef.current) {
      rangeRef.current.textContent = rangeLabel(start, start + widthRef.current / ppdRef.current);
    }
  }, []);

  /** Moves the layer to the current view; re-renders only when the view leaves the rendered stretch. */
  const applyView = useCallback(() => {
    frame.current = 0;
    const current = stretchRef.current;
    const start = viewStart.current;
    const width = widthRef.current;
    if (!current || start === null || !width) return;
    const pxPerDay = ppdRef.current;
    const span = width / pxPerDay;
    if (layerRef.current) layerRef.current.style.transform = `translate3d(${current.origin - start * pxPerDay}px,0,0)`;
    updateRange();
    if (start < current.start || start + span > current.end) setStretch(stretchAround(start, span, pxPerDay, current));
  }, [updateRange]);

  const scheduleView = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(applyView);
  }, [applyView]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** Centres a day (or only brings it in from the edge). */
  const showDay = useCallback(
    (day: number, mode: 'center' | 'nearest' = 'center') => {
      const width = widthRef.current;
      const pxPerDay = ppdRef.current;
      if (!width || viewStart.current === null) return;
      const x = (day + 0.5 - viewStart.current) * pxPerDay;
      if (mode === 'nearest' && x > width * 0.08 && x < width * 0.92) return;
      viewStart.current = day + 0.5 - width / 2 / pxPerDay;
      applyView();
    },
    [applyView],
  );

  // Measure once mounted, and whenever the track changes size. (The first view is placed
  // from the events of the first render only.)
  useLayoutEffect(() => {
    const viewport = viewportRef.current!;
    const measure = () => {
      const width = viewport.clientWidth;
      if (!width || width === widthRef.current) return;
      widthRef.current = width;
      if (viewStart.current === null) {
        viewStart.current = days.length > 0 ? days[0] - (width * 0.06) / ppdRef.current : today + 0.5 - width / 2 / ppdRef.current;
        setStretch(stretchAround(viewStart.current, width / ppdRef.current, ppdRef.current, null));
      } else {
        applyView();
      }
      updateRange();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [applyView, updateRange]);

  // A new zoom keeps the anchored day on the same pixel: the one under the cursor (wheel), the
  // focused event (keyboard), else the event in view nearest the centre (zoom select).
  useLayoutEffect(() => {
    if (ppdRef.current === ppd) return;
    const width = widthRef.current;
    if (viewStart.current !== null && width) {
      const anchor = pendingAnchor.current ?? nearestToCentre(days, viewStart.current, ppdRef.current, width);
      viewStart.current = zoomViewStart(viewStart.current, anchor, ppdRef.current, ppd);
      setStretch(stretchAround(viewStart.current, width / ppd, ppd, null));
    }
    ppdRef.current = ppd;
    pendingAnchor.current = null;
    updateRange();
  }, [ppd]);

  // The layer's offset is set here, never through React's style prop: drags move it directly,
  // and a re-render with the same offset as last time would otherwise leave a stale one.
  useLayoutEffect(() => {
    if (layerRef.current && stretch && viewStart.current !== null) {
      layerRef.current.style.transform = `translate3d(${stretch.origin - viewStart.current * ppdRef.current}px,0,0)`;
    }
  });

  // A filter that leaves nothing in view moves the view to the first event that remains.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const width = widthRef.current;
    if (viewStart.current === null || !width || days.length === 0) return;
    const [from, to] = indexRange(days, viewStart.current - 1, viewStart.current + width / ppdRef.current);
    if (from === to) showDay(days[0]);
  }, [days, showDay]);

  // After a save: bring the event into view and focus its marker. (Only for a new request.)
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

  // Wheel: vertical turns change the zoom level around the cursor; horizontal ones pan.
  useEffect(() => {
    const viewport = viewportRef.current!;
    let accumulated = 0;
    let lastStep = 0;
    let lastWheel = 0;
    const onWheel = (event: WheelEvent) => {
      if (viewStart.current === null) return;
      const scale = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      event.preventDefault();
      if (Math.abs(dx) > Math.abs(dy)) {
        viewStart.current += dx / ppdRef.current;
        scheduleView();
        return;
      }
      const now = performance.now();
      if (now - lastWheel > 400) accumulated = 0;
      lastWheel = now;
      accumulated += dy;
      if (Math.abs(accumulated) < WHEEL_STEP || now - lastStep < WHEEL_PAUSE_MS) return;
      const next = stepZoom(zoomRef.current, accumulated < 0 ? 'in' : 'out');
      accumulated = 0;
      lastStep = now;
      if (next === zoomRef.current) return;
      pendingAnchor.current = event.clientX - viewport.getBoundingClientRect().left;
      onZoomChangeRef.current(next);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [scheduleView]);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !event.isPrimary) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, lastX: event.clientX, moved: false };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || viewStart.current === null) return;
    if (!current.moved) {
      if (Math.abs(event.clientX - current.startX) < DRAG_THRESHOLD) return;
      current.moved = true;
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (released between events): the drag still follows moves.
      }
      // A class, not state: a drag must not re-render the markers.
      event.currentTarget.classList.add('dragging');
      setTip(null);
    }
    viewStart.current -= (event.clientX - current.lastX) / ppdRef.current;
    current.lastX = event.clientX;
    scheduleView();
  };
  const endDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.moved) {
      // The click that ends a drag must not open the marker it ends on.
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      event.currentTarget.classList.remove('dragging');
    }
  };

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
    if (suppressClick.current || viewStart.current === null) return;
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
      if (!id || suppressClick.current) return;
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
      if (!drag.current) setTip(id);
    },
    onBlur: (event: React.FocusEvent) => {
      const id = markerIdOf(event.target);
      if (id) setTip((current) => (current === id ? null : current));
    },
    onPointerOver: (event: React.PointerEvent) => {
      const id = markerIdOf(event.target);
      if (id && !drag.current) setTip(id);
    },
    onPointerOut: (event: React.PointerEvent) => {
      const id = markerIdOf(event.target);
      if (id && markerIdOf(event.relatedTarget) !== id) setTip((current) => (current === id ? null : current));
    },
  };

  const jumpTo = (day: number) => showDay(day);

  // What to render: markers within the stretch, plus the keyboard's current one wherever it is.
  const start = viewStart.current;
  const activeIndex = useMemo(() => {
    const index = activeId ? indexById.get(activeId) : undefined;
    if (index !== undefined) return index;
    if (start === null) return 0;
    const first = days.findIndex((day) => day + 1 >= start);
    return first === -1 ? events.length - 1 : first;
  }, [activeId, indexById, events.length, days, start]);

  const visible: number[] = [];
  let visibleBuckets: OverflowBucket[] = [];
  const origin = stretch?.origin ?? 0;
  if (stretch) {
    const [from, to] = indexRange(days, stretch.start - markerWidth / ppd - 1, stretch.end + 1);
    for (let index = from; index < to; index += 1) if (placed[index].lane !== OVERFLOW) visible.push(index);
    if (activeIndex >= 0 && (activeIndex < from || activeIndex >= to || placed[activeIndex].lane === OVERFLOW)) {
      visible.push(activeIndex);
    }
    const [first, last] = indexRange(bucketLefts, stretch.start * ppd - BUCKET, stretch.end * ppd);
    visibleBuckets = buckets.slice(first, last);
  }
  const ticks = stretch ? axisTicks(zoom, stretch.start, stretch.end) : [];
  const tipIndex = tip ? indexById.get(tip) : undefined;
  const tipCandidate = tipIndex !== undefined && start !== null ? placed[tipIndex] : null;
  // A tooltip whose marker a zoom has carried out of view would point at nothing.
  const tipX = tipCandidate && start !== null ? tipCandidate.left - start * ppd : 0;
  const tipItem = tipCandidate && tipX + ICON / 2 >= 0 && tipX + ICON / 2 <= widthRef.current ? tipCandidate : null;

  return (
    <section className="card tl-track-card" aria-label="Timeline track">
      <div className="tl-track-bar">
        <span className="tl-range" ref={rangeRef} data-testid="timeline-range" />
        <span className="spacer" />
        <div className="row tl-jumps">
          <button type="button" className="button secondary small" onClick={() => jumpTo(days[0])} disabled={events.length === 0}>
            Earliest
          </button>
          <button type="button" className="button secondary small" onClick={() => jumpTo(today)}>
            Today
          </button>
          <button
            type="button"
            className="button secondary small"
            onClick={() => jumpTo(days[days.length - 1])}
            disabled={events.length === 0}
          >
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
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onLostPointerCapture={endDrag}
        >
          <div className="tl-axis-line" style={{ top: AXIS_HEIGHT }} aria-hidden="true" />
          <div ref={layerRef} className="tl-layer" data-testid="timeline-layer" {...layerHandlers}>
            {ticks.map((tick) => (
              <div
                key={`${tick.major ? 'M' : 'm'}${tick.day}`}
                className={tick.major ? 'tl-tick major' : 'tl-tick'}
                style={{ transform: `translateX(${tick.day * ppd - origin}px)` }}
                aria-hidden="true"
              >
                <span>{tick.label}</span>
              </div>
            ))}
            {stretch && today >= stretch.start && today <= stretch.end && (
              <div className="tl-today" style={{ transform: `translateX(${(today + 0.5) * ppd - origin}px)` }} aria-hidden="true">
                <span>Today</span>
              </div>
            )}
            <div className="tl-stems" aria-hidden="true">
              {visible.map((index) => (
                <Stem
                  key={placed[index].event.id}
                  x={placed[index].left - origin + ICON / 2 - 1}
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
                  width={markerWidth}
                  labelled={labelled}
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
                aria-label={`${bucket.count} more events from ${formatDisplayDate(events[bucket.first].date)}: ${
                  zoom === 'day' ? 'show the first' : 'zoom in'
                }`}
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
            left={Math.max(0, Math.min(tipX - 12, widthRef.current - 260))}
            top={LANES_TOP + Math.max(0, tipItem.lane) * LANE_HEIGHT + ICON + 8}
          />
        )}
      </div>
      <p className="muted small tl-hint">
        Drag the track to travel through time, turn the mouse wheel to zoom. On an event, the arrow keys move to the next
        one, + and − zoom, and Enter opens it.
      </p>
    </section>
  );
}

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

const Marker = memo(function Marker({ event, x, lane, width, labelled, tabbable, described }: MarkerProps) {
  const info = eventTypeInfo(event.event_type);
  const top = LANES_TOP + Math.max(0, lane) * LANE_HEIGHT;
  return (
    <button
      type="button"
      className={`tl-marker${labelled ? ' labelled' : ''}${lane === OVERFLOW ? ' overflowed' : ''}`}
      data-event-id={event.id}
      data-testid="timeline-marker"
      tabIndex={tabbable ? 0 : -1}
      style={
        {
          transform: `translate(${x}px, ${top}px)`,
          maxWidth: width,
          '--type-color': info.color,
        } as React.CSSProperties
      }
      aria-label={`${event.title}: ${info.name}, ${formatDisplayDate(event.date)}`}
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
const Stem = memo(function Stem({ x, lane, color }: { x: number; lane: number; color: string }) {
  const height = LANES_TOP + Math.max(0, lane) * LANE_HEIGHT - AXIS_HEIGHT;
  return <i className="tl-stem" style={{ transform: `translate(${x}px, ${AXIS_HEIGHT}px)`, height, background: color }} />;
});

function TrackTooltip({ event, left, top }: { event: TimelineEvent; left: number; top: number }) {
  const info = eventTypeInfo(event.event_type);
  return (
    <div id="tl-tooltip" role="tooltip" className="tl-tooltip" style={{ left, top }} data-testid="timeline-tooltip">
      <strong>{event.title}</strong>
      <span className="tl-tooltip-type" style={{ background: info.color }}>
        {info.name}
      </span>
      <span>{formatDisplayDate(event.date)}</span>
      {event.location && <span>Location: {event.location}</span>}
      <span className="muted">{linkedLabel(event.linked_documents.length)}</span>
    </div>
  );
}
