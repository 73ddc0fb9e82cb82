/**
 * Pure geometry of the timeline track: where markers go, which ones are near the viewport,
 * how a zoom keeps the point under the cursor still, and the axis ticks. Positions are in
 * days since 1970-01-01 (see timeline-dates.ts), so the track reaches any year without
 * ever laying out an element millions of pixels wide.
 */
import { gregorianCalendar } from './calendar/gregorian';
import type { Calendar } from './calendar/calendar';
import type { ZoomLevel } from './timeline';

/** Lane of a marker that found no room: it is counted in an overflow bucket instead. */
export const OVERFLOW = -1;

/**
 * Lane of each marker (sorted by position): the first lane whose last marker has ended, or
 * OVERFLOW when every lane is still taken, so markers never pile up unreadably.
 */
export function assignLanes(positions: readonly number[], markerWidth: number, laneCount: number, gap = 4): number[] {
  const laneEnds = new Array<number>(laneCount).fill(-Infinity);
  return positions.map((left) => {
    const lane = laneEnds.findIndex((end) => end + gap <= left);
    if (lane !== OVERFLOW) laneEnds[lane] = left + markerWidth;
    return lane;
  });
}

export interface OverflowBucket {
  /** Left edge in pixels from day 0, a multiple of the bucket width. */
  left: number;
  /** Index of the first overflowing marker in the bucket, and how many there are. */
  first: number;
  count: number;
}

/**
 * The markers that found no lane, counted per fixed-width stretch of the track. Fixed
 * stretches (not clusters) keep the counts still while the track is dragged.
 */
export function overflowBuckets(positions: readonly number[], lanes: readonly number[], bucketWidth: number): OverflowBucket[] {
  const buckets: OverflowBucket[] = [];
  positions.forEach((left, index) => {
    if (lanes[index] !== OVERFLOW) return;
    const bucketLeft = Math.floor(left / bucketWidth) * bucketWidth;
    const last = buckets[buckets.length - 1];
    if (last && last.left === bucketLeft) last.count += 1;
    else buckets.push({ left: bucketLeft, first: index, count: 1 });
  });
  return buckets;
}

/** First index whose value is >= target, in an ascending array. */
export function lowerBound(sorted: readonly number[], target: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** [from, to) of the ascending values that fall within [start, end]. */
export function indexRange(sorted: readonly number[], start: number, end: number): [number, number] {
  const from = lowerBound(sorted, start);
  let to = lowerBound(sorted, end);
  while (to < sorted.length && sorted[to] === end) to += 1;
  return [from, Math.max(from, to)];
}

/**
 * The new left edge (in days) after a change of pixels per day, keeping the day at
 * `anchorPx` from the left edge under the same pixel.
 */
export function zoomViewStart(viewStart: number, anchorPx: number, fromPxPerDay: number, toPxPerDay: number): number {
  return viewStart + anchorPx / fromPxPerDay - anchorPx / toPxPerDay;
}

export interface AxisTick {
  day: number;
  label: string;
  /** Major ticks mark the larger unit (years, or months) on the axis' upper row. */
  major: boolean;
}

/** The axis ticks within [startDay, endDay] for a zoom level, in the campaign's calendar. */
export function axisTicks(zoom: ZoomLevel, startDay: number, endDay: number, calendar: Calendar = gregorianCalendar): AxisTick[] {
  const ticks: AxisTick[] = [];
  const from = Math.floor(startDay);
  const to = Math.ceil(endDay);
  if (zoom === 'year' || zoom === 'month') {
    let { year, month } = calendar.fromDay(from);
    let months = calendar.monthsOf(year);
    for (let first = calendar.toDay({ year, month, day: 1 }); first <= to; ) {
      const info = months[month - 1];
      if (zoom === 'year') {
        // A festival of a day or two at 2 px a day has no room for a name.
        const label = month === 1 ? calendar.yearLabel(year) : info.intercalary && info.length < 10 ? '' : info.short;
        ticks.push({ day: first, label, major: month === 1 });
      } else {
        ticks.push({ day: first, label: `${info.short} ${calendar.yearLabel(year)}`, major: true });
        for (const day of [5, 10, 15, 20, 25]) if (day <= info.length) ticks.push({ day: first + day - 1, label: String(day), major: false });
      }
      first += info.length;
      month += 1;
      if (month > months.length) {
        month = 1;
        year += 1;
        months = calendar.monthsOf(year);
      }
    }
  } else {
    for (let day = from; day <= to; day += 1) {
      const date = calendar.fromDay(day);
      const info = calendar.monthsOf(date.year)[date.month - 1];
      const weekdayIndex = calendar.weekdayOf(day);
      const weekday = weekdayIndex === null ? null : calendar.weekdays[weekdayIndex];
      if (date.day === 1) ticks.push({ day, label: `${info.name} ${calendar.yearLabel(date.year)}`, major: true });
      const label =
        weekday === null
          ? info.length === 1
            ? info.short
            : `${info.short} ${date.day}`
          : zoom === 'day'
            ? `${weekday} ${date.day}`
            : `${weekday.slice(0, 3)} ${date.day}`;
      ticks.push({ day, label, major: false });
    }
  }
  return ticks.filter((tick) => tick.day >= from && tick.day <= to);
}

/** 'Mar 1492 – Jul 1493', or one month when the view spans less. */
export function rangeLabel(startDay: number, endDay: number, calendar: Calendar = gregorianCalendar): string {
  const start = calendar.fromDay(Math.floor(startDay));
  const end = calendar.fromDay(Math.floor(endDay));
  const monthOf = (date: { year: number; month: number }) => `${calendar.monthsOf(date.year)[date.month - 1].short} ${calendar.yearLabel(date.year)}`;
  const first = monthOf(start);
  const last = monthOf(end);
  if (first === last) return `${start.day}–${end.day} ${first}`;
  return `${start.day} ${first} – ${end.day} ${last}`;
}

/**
 * Which markers show their title: those with room before the next event. Labelled markers
 * take `labelledWidth` in their lane, the others `iconWidth`.
 */
export function labelledLanes(
  positions: readonly number[],
  labelledWidth: number,
  iconWidth: number,
  laneCount: number,
  gap = 4,
): { lanes: number[]; labelled: boolean[] } {
  const laneEnds = new Array<number>(laneCount).fill(-Infinity);
  const labelled = positions.map((left, index) => index === positions.length - 1 || positions[index + 1] - left >= labelledWidth + gap);
  const lanes = positions.map((left, index) => {
    const lane = laneEnds.findIndex((end) => end + gap <= left);
    if (lane !== OVERFLOW) laneEnds[lane] = left + (labelled[index] ? labelledWidth : iconWidth);
    return lane;
  });
  return { lanes, labelled: labelled.map((value, index) => value && lanes[index] !== OVERFLOW) };
}
