import { describe, expect, it } from 'vitest';
import { dayNumber } from './timeline-dates';
import { customCalendar, normalizeCalendar } from './calendar';
import { distinctShortNames } from './calendar/custom';
import {
  abbreviated,
  assignLanes,
  axisTicks,
  fitAxisLabels,
  indexRange,
  labelledLanes,
  OVERFLOW,
  overflowBuckets,
  rangeLabel,
  zoomViewStart,
} from './timeline-track';

describe('timeline track geometry', () => {
  it('puts overlapping markers in separate lanes and reuses a lane once it is free', () => {
    expect(assignLanes([0, 10, 20, 40, 80], 30, 3)).toEqual([0, 1, 2, 0, 0]);
  });

  it('counts the markers that find no lane in fixed stretches of the track', () => {
    const positions = [0, 1, 2, 3, 4, 50, 51, 52, 53, 130];
    const lanes = assignLanes(positions, 30, 3);
    expect(lanes).toEqual([0, 1, 2, OVERFLOW, OVERFLOW, 0, 1, 2, OVERFLOW, 0]);
    expect(overflowBuckets(positions, lanes, 48)).toEqual([
      { left: 0, first: 3, count: 2 },
      { left: 48, first: 8, count: 1 },
    ]);
  });

  it('finds only the markers within a range, edges included', () => {
    const positions = [1, 3, 3, 5, 8, 13];
    expect(indexRange(positions, 3, 8)).toEqual([1, 5]);
    expect(indexRange(positions, 9, 12)).toEqual([5, 5]);
    expect(indexRange(positions, -10, 100)).toEqual([0, 6]);
  });

  it('keeps the day under the cursor in place when zooming', () => {
    const viewStart = 1000;
    const cursor = 300;
    const dayUnderCursor = viewStart + cursor / 10;
    const next = zoomViewStart(viewStart, cursor, 10, 50);
    expect(next + cursor / 50).toBeCloseTo(dayUnderCursor, 9);
    expect(zoomViewStart(next, cursor, 50, 10)).toBeCloseTo(viewStart, 9);
  });

  it('labels years and months at year zoom, BC years included', () => {
    const start = dayNumber({ year: -1, month: 11, day: 15 });
    const end = dayNumber({ year: 1, month: 2, day: 10 });
    const ticks = axisTicks('year', start, end);
    expect(ticks.filter((t) => t.major).map((t) => t.label)).toEqual(['1 BC', '1']);
    expect(ticks[0]).toEqual({ day: dayNumber({ year: -1, month: 12, day: 1 }), label: 'December', forms: ['December', 'Dec.'], major: false });
    expect(ticks.at(-1)!.forms).toEqual(['February', 'Feb.']);
  });

  it('labels days with their weekday at week and day zoom', () => {
    const start = dayNumber({ year: 1492, month: 10, day: 11 });
    const week = axisTicks('week', start, start + 1);
    // Proleptic Gregorian: 12 October 1492 falls on a Wednesday (a Friday in the Julian calendar Columbus used).
    expect(week.map((t) => t.forms)).toEqual([
      ['Tuesday 11', 'Tue. 11', '11'],
      ['Wednesday 12', 'Wed. 12', '12'],
    ]);
    const day = axisTicks('day', dayNumber({ year: 2024, month: 3, day: 1 }), dayNumber({ year: 2024, month: 3, day: 1 }));
    expect(day).toEqual([
      { day: dayNumber({ year: 2024, month: 3, day: 1 }), label: 'March 2024', forms: ['March 2024', 'Mar. 2024', 'March', 'Mar.'], major: true },
      { day: dayNumber({ year: 2024, month: 3, day: 1 }), label: 'Friday 1', forms: ['Friday 1', 'Fri. 1', '1'], major: false },
    ]);
  });

  it('describes the visible range', () => {
    expect(rangeLabel(dayNumber({ year: 1492, month: 3, day: 3 }), dayNumber({ year: 1493, month: 7, day: 9 }))).toBe('3 Mar 1492 – 9 Jul 1493');
    expect(rangeLabel(dayNumber({ year: -500, month: 3, day: 3 }), dayNumber({ year: -500, month: 3, day: 9 }))).toBe('3–9 Mar 501 BC');
  });
});

describe('the track in a campaign calendar', () => {
  const harptos = customCalendar(
    normalizeCalendar({
      name: 'Harptos',
      months: [
        { name: 'Hammer', length: 30 },
        { name: 'Midwinter', length: 1, intercalary: true },
        { name: 'Alturiak', length: 30 },
      ],
      weekdays: ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'],
      first_weekday: 0,
      week_resets_each_month: true,
      leap_days: [],
      eras: [{ name: 'Dale Reckoning', abbreviation: 'DR', start_year: 1, restart: false }],
      moons: [],
      epoch: 0,
    }),
  );

  it('ticks month starts, festival days and weekdays in the calendar', () => {
    const start = harptos.toDay({ year: 1372, month: 1, day: 1 });
    const months = axisTicks('month', start, start + 61, harptos).filter((tick) => tick.major);
    expect(months.map((tick) => tick.label)).toEqual(['Hammer 1372 DR', 'Midwinter 1372 DR', 'Alturiak 1372 DR', 'Hammer 1373 DR']);
    expect(months[1].forms).toEqual(['Midwinter 1372 DR', 'Mid. 1372 DR', 'Midwinter', 'Mid.']);
    const year = axisTicks('year', start, start + 62, harptos);
    expect(year.map((tick) => tick.label)).toEqual(['1372 DR', '', 'Alturiak', '1373 DR']);
    const days = axisTicks('day', start + 29, start + 31, harptos);
    expect(days.map((tick) => tick.label)).toEqual(['X 30', 'Midwinter 1372 DR', 'Midwinter', 'Alturiak 1372 DR', 'I 1']);
    expect(rangeLabel(start, start + 40, harptos)).toBe('1 Ham. 1372 DR – 10 Alt. 1372 DR');
  });

  it('fits each axis label into its room: the whole name, a cut with a period, or none (no two meet)', () => {
    // 10 px a character, 4 px inset, 8 px gap.
    const width = (text: string) => text.length * 10;
    const start = harptos.toDay({ year: 1372, month: 1, day: 1 });
    const labelsAt = (pxPerDay: number) => fitAxisLabels(axisTicks('month', start, start + 61, harptos), pxPerDay, width).filter((tick) => tick.major);
    // 10 px a day: 300 px for Hammer, 10 px for the festival day, which is left out.
    expect(labelsAt(10).map((tick) => tick.label)).toEqual(['Hammer 1372 DR', '', 'Alturiak 1372 DR', 'Hammer 1373 DR']);
    // 4.5 px a day: 135 px a month, no room for the whole name and year; the last has all the room it needs.
    expect(labelsAt(4.5).map((tick) => tick.label)).toEqual(['Ham. 1372 DR', '', 'Alt. 1372 DR', 'Hammer 1373 DR']);
    // 1 px a day: 30 px a month; the shortest form is kept where it meets no other label, the rest thinned out.
    const thin = labelsAt(1);
    expect(thin.map((tick) => tick.label)).toEqual(['Ham.', '', '', 'Hammer 1373 DR']);
    const drawn = thin.filter((tick) => tick.label).map((tick) => [tick.day + 4, tick.day + 4 + width(tick.label)]);
    for (let index = 1; index < drawn.length; index += 1) expect(drawn[index][0]).toBeGreaterThan(drawn[index - 1][1]);
  });

  it('cuts names so that no two months read the same', () => {
    expect(distinctShortNames(['Seedtime', 'Seedfall', 'Deepwinter', 'Deepfrost', 'Ches', 'The Feast of the Moon', 'Theft'])).toEqual([
      'Seedt.',
      'Seedf.',
      'Deepw.',
      'Deepf.',
      'Ches',
      'The F.',
      'Theft',
    ]);
    expect(abbreviated('September', 'Sep')).toBe('Sep.');
    expect(abbreviated('May', 'May')).toBe('May');
  });

  it('labels a marker when the next event leaves room for its title', () => {
    const { lanes, labelled, widths } = labelledLanes([0, 50, 300, 320, 330, 340], [300, 200, 300, 300, 300, 300], 160, 44, 2);
    // 50 has 250 px before the next event, room for its whole title; the last one would have room but found no lane.
    expect(labelled).toEqual([false, true, false, false, false, false]);
    expect(widths).toEqual([44, 200, 44, 44, 44, 44]);
    expect(lanes).toEqual([0, 0, 0, 1, OVERFLOW, OVERFLOW]);
    // A title too long for its room is cut at the room, when that is at least the least labelled width.
    expect(labelledLanes([0, 200, 900], [500, 120, 600], 160, 44, 2).widths).toEqual([196, 120, 600]);
  });
});
