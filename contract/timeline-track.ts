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
  /** What the tick reads: its longest form until fitAxisLabels picks one that fits ('' for none). */
  label: string;
  /** The forms it may read as, longest first ('September 1492', 'Sep. 1492', 'Sep.'). */
  forms: string[];
  /** Major ticks mark the larger unit (years, or months) on the axis' upper row. */
  major: boolean;
}

/**
 * A name's cut form, marked as a cut so it cannot read as another word ('Sep.', not 'Sep';
 * 'Seedt.', not 'See'). Names of four letters or fewer stay whole.
 */
export const abbreviated = (name: string, short = name.slice(0, 3)) =>
  name.length <= 4 || short === name ? name : short.endsWith('.') ? short : `${short.trimEnd()}.`;

const tick = (day: number, major: boolean, forms: string[]): AxisTick => {
  const distinct = [...new Set(forms)];
  return { day, label: distinct[0] ?? '', forms: distinct, major };
};

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
      const short = abbreviated(info.name, info.short);
      const yearLabel = calendar.yearLabel(year);
      if (zoom === 'year') {
        // A festival of a day or two at 2 px a day has no room for a name.
        const forms = month === 1 ? [yearLabel] : info.intercalary && info.length < 10 ? [] : [info.name, short];
        ticks.push(tick(first, month === 1, forms));
      } else {
        ticks.push(tick(first, true, [`${info.name} ${yearLabel}`, `${short} ${yearLabel}`, info.name, short]));
        for (const day of [5, 10, 15, 20, 25]) if (day <= info.length) ticks.push(tick(first + day - 1, false, [String(day)]));
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
      const short = abbreviated(info.name, info.short);
      const weekdayIndex = calendar.weekdayOf(day);
      const weekday = weekdayIndex === null ? null : calendar.weekdays[weekdayIndex];
      if (date.day === 1)
        ticks.push(tick(day, true, [`${info.name} ${calendar.yearLabel(date.year)}`, `${short} ${calendar.yearLabel(date.year)}`, info.name, short]));
      const forms =
        weekday === null
          ? info.length === 1
            ? [info.name, short]
            : [`${info.name} ${date.day}`, `${short} ${date.day}`, String(date.day)]
          : [`${weekday} ${date.day}`, `${abbreviated(weekday)} ${date.day}`, String(date.day)];
      ticks.push(tick(day, false, forms));
    }
  }
  return ticks.filter((tick) => tick.day >= from && tick.day <= to);
}

/**
 * Each tick's label, so that no two labels of a row meet. The ticks with the most room choose
 * first, each the longest form that ends before the next tick's label would begin; then a tick
 * that had no room takes its shortest form if that meets no label already placed, else none
 * (the row thins out). `width` measures a text as the axis draws it.
 */
export function fitAxisLabels(ticks: readonly AxisTick[], pxPerDay: number, width: (text: string, major: boolean) => number, inset = 4, gap = 8): AxisTick[] {
  const fitted = ticks.map((tick) => ({ ...tick, label: '' }));
  for (const major of [true, false]) {
    const row = ticks.flatMap((tick, index) => (tick.major === major && tick.forms.some(Boolean) ? [index] : []));
    const lefts = row.map((index) => ticks[index].day * pxPerDay + inset);
    const rooms = lefts.map((left, position) => (position + 1 < row.length ? lefts[position + 1] - left : Infinity));
    const placed: Array<[number, number]> = [];
    const free = (left: number, right: number) => placed.every(([start, end]) => right + gap <= start || left >= end + gap);
    const place = (position: number, label: string) => {
      fitted[row[position]].label = label;
      placed.push([lefts[position], lefts[position] + width(label, major)]);
    };
    const byRoom = row.map((_, position) => position).sort((a, b) => rooms[b] - rooms[a] || a - b);
    const waiting: number[] = [];
    for (const position of byRoom) {
      const left = lefts[position];
      const label = ticks[row[position]].forms.find((form) => form && width(form, major) + gap <= rooms[position] && free(left, left + width(form, major)));
      if (label) place(position, label);
      else waiting.push(position);
    }
    for (const position of waiting.sort((a, b) => a - b)) {
      const forms = ticks[row[position]].forms.filter(Boolean);
      const shortest = forms[forms.length - 1];
      if (free(lefts[position], lefts[position] + width(shortest, major))) place(position, shortest);
    }
  }
  return fitted;
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
 * Which markers show their title, and how wide each is: a title that fits whole before the next
 * event is shown whole (`fullWidths`, the marker's width with its whole title); otherwise the
 * marker takes the room up to the next event when that is at least `labelledWidth` (the title
 * cut with an ellipsis), else it is an icon of `iconWidth`.
 */
export function labelledLanes(
  positions: readonly number[],
  fullWidths: readonly number[],
  labelledWidth: number,
  iconWidth: number,
  laneCount: number,
  gap = 4,
): { lanes: number[]; labelled: boolean[]; widths: number[] } {
  const laneEnds = new Array<number>(laneCount).fill(-Infinity);
  const widths = positions.map((left, index) => {
    const room = index === positions.length - 1 ? Infinity : positions[index + 1] - left - gap;
    if (room >= fullWidths[index]) return fullWidths[index];
    return room >= labelledWidth ? room : iconWidth;
  });
  const lanes = positions.map((left, index) => {
    const lane = laneEnds.findIndex((end) => end + gap <= left);
    if (lane !== OVERFLOW) laneEnds[lane] = left + widths[index];
    return lane;
  });
  const labelled = widths.map((width, index) => width > iconWidth && lanes[index] !== OVERFLOW);
  return { lanes, labelled, widths: widths.map((width, index) => (labelled[index] ? width : iconWidth)) };
}
