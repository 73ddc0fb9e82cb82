import type { ZoomLevel } from '../../../../contract/timeline';
import { indexRange } from '../../../../contract/timeline-track';

/** The track's layout in pixels: the axis on top, five lanes of markers, a row counting the rest. */
export const AXIS_HEIGHT = 44;
export const LANES = 5;
export const ICON = 28;
/** A marker's tap target: at least 44 px each way, the icon at its centre. */
export const HIT = 44;
export const LANE_HEIGHT = HIT + 4;
export const LANES_TOP = AXIS_HEIGHT + 8;
/** Below the lanes, a row counts the markers that found no room ("+12"), per BUCKET px. */
export const OVERFLOW_TOP = LANES_TOP + LANES * LANE_HEIGHT + 2;
export const BUCKET = 48;
export const TRACK_HEIGHT = OVERFLOW_TOP + HIT + 2;
/** The least width a marker takes to show its title (cut with an ellipsis) when the whole title has no room. */
export const LABELLED_WIDTH: Record<ZoomLevel, number> = { year: 160, month: 160, week: 160, day: 190 };
/** A marker with its whole title: padding and icon (8 + 28), the gap (6), the title, padding (12); at most MAX_MARKER_WIDTH. */
export const MAX_MARKER_WIDTH = 420;
export const markerWidthFor = (titleWidth: number) => Math.min(MAX_MARKER_WIDTH, 8 + ICON + 6 + titleWidth + 12);
export const DRAG_THRESHOLD = 4;
/** Layer coordinates stay below this many pixels, well inside what CSS transforms keep exact. */
export const REBASE_PX = 4_000_000;

/** A marker's left edge for its day: the icon's centre sits on the middle of the day. */
export const markerLeft = (day: number, pxPerDay: number) => (day + 0.5) * pxPerDay - HIT / 2;
export const laneTop = (lane: number) => LANES_TOP + Math.max(0, lane) * LANE_HEIGHT;

/**
 * The rendered stretch (the viewport plus a viewport's width either side) and the layer's
 * origin: the absolute pixel the layer's x = 0 stands for. The origin only moves on a new
 * zoom or after a very long journey, so markers keep their style while the view travels.
 */
export interface Stretch {
  start: number;
  end: number;
  pxPerDay: number;
  origin: number;
}

export function stretchAround(viewStart: number, span: number, pxPerDay: number, previous: Stretch | null): Stretch {
  const start = viewStart - span;
  const keep = previous && previous.pxPerDay === pxPerDay && Math.abs(start * pxPerDay - previous.origin) < REBASE_PX;
  return { start, end: viewStart + 2 * span, pxPerDay, origin: keep ? previous.origin : Math.round(start * pxPerDay) };
}

/** The x of the event in view nearest the viewport's centre, or the centre when none is in view. */
export function nearestToCentre(days: number[], viewStart: number, pxPerDay: number, width: number): number {
  const [from, to] = indexRange(days, viewStart - 1, viewStart + width / pxPerDay);
  let best: number | null = null;
  for (let index = from; index < to; index += 1) {
    const x = (days[index] + 0.5 - viewStart) * pxPerDay;
    if (x >= 0 && x <= width && (best === null || Math.abs(x - width / 2) < Math.abs(best - width / 2))) best = x;
  }
  return best ?? width / 2;
}

/** Where the view starts on first drawing: the latest event near the right edge (where the campaign is now), else today. */
export function openingViewStart(days: number[], today: number, width: number, pxPerDay: number): number {
  if (days.length === 0) return today + 0.5 - width / 2 / pxPerDay;
  return days[days.length - 1] + 0.5 - (width * 0.8) / pxPerDay;
}
