import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, fromDayNumber, weekdayOf } from '../timeline-dates';
import {
  calendarOf,
  calendarProblem,
  customCalendar,
  GREGORIAN_YEAR_ONE,
  gregorianCalendar,
  isLeapFor,
  leapYearsBefore,
  normalizeCalendar,
  type CalendarDefinition,
} from '.';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The Gregorian calendar written as a custom definition: the engine must agree with Hinnant's algorithms. */
const gregorianAsCustom: CalendarDefinition = {
  name: 'Gregorian, by hand',
  months: MONTHS.map((name, index) => ({ name, length: LENGTHS[index] })),
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  first_weekday: 1, // 1 January of year 1 was a Monday.
  week_resets_each_month: false,
  leap_days: [
    {
      name: 'Leap Day',
      month: 1,
      rules: [
        { every: 400, leap: true },
        { every: 100, leap: false },
        { every: 4, leap: true },
      ],
      offset: 0,
    },
  ],
  eras: [],
  moons: [],
  epoch: GREGORIAN_YEAR_ONE,
};

/** Faerûn's Harptos calendar: 30-day months, five festivals outside them, Shieldmeet every 4 years after Midsummer. */
const harptos: CalendarDefinition = {
  name: 'Calendar of Harptos',
  months: [
    { name: 'Hammer', length: 30 },
    { name: 'Midwinter', length: 1, intercalary: true },
    { name: 'Alturiak', length: 30 },
    { name: 'Ches', length: 30 },
    { name: 'Tarsakh', length: 30 },
    { name: 'Greengrass', length: 1, intercalary: true },
    { name: 'Mirtul', length: 30 },
    { name: 'Kythorn', length: 30 },
    { name: 'Flamerule', length: 30 },
    { name: 'Midsummer', length: 1, intercalary: true },
    { name: 'Eleasis', length: 30 },
    { name: 'Eleint', length: 30 },
    { name: 'Highharvestide', length: 1, intercalary: true },
    { name: 'Marpenoth', length: 30 },
    { name: 'Uktar', length: 30 },
    { name: 'Feast of the Moon', length: 1, intercalary: true },
    { name: 'Nightal', length: 30 },
  ],
  weekdays: ['First-day', 'Second-day', 'Third-day', 'Fourth-day', 'Fifth-day', 'Sixth-day', 'Seventh-day', 'Eighth-day', 'Ninth-day', 'Tenth-day'],
  first_weekday: 0,
  week_resets_each_month: true,
  leap_days: [{ name: 'Shieldmeet', month: 9, rules: [{ every: 4, leap: true }], offset: 0 }],
  eras: [{ name: 'Dale Reckoning', abbreviation: 'DR', start_year: 1, restart: true }],
  moons: [{ name: 'Selûne', cycle: 30.4375, shift: 0, phases: 8 }],
  epoch: 0,
};

/** An invented world: 13 months, an 8-day week that runs through the year, three eras and two moons. */
const aeloria: CalendarDefinition = {
  name: 'Aelorian Reckoning',
  months: [
    ...Array.from({ length: 6 }, (_, index) => ({ name: `Moon ${index + 1}`, length: 28 })),
    { name: 'The Long Night', length: 3, intercalary: true },
    ...Array.from({ length: 7 }, (_, index) => ({ name: `Moon ${index + 7}`, length: 28 })),
  ],
  weekdays: ['Ash', 'Birch', 'Cedar', 'Dusk', 'Elm', 'Fir', 'Gale', 'Hazel'],
  first_weekday: 3,
  week_resets_each_month: false,
  leap_days: [
    {
      name: 'Starfall',
      month: 12,
      rules: [
        { every: 50, leap: false },
        { every: 5, leap: true },
      ],
      offset: 2,
    },
    { name: 'Second Night', month: 6, rules: [{ every: 7, leap: true }], offset: 0 },
  ],
  eras: [
    { name: 'First Age', abbreviation: 'FA', start_year: -2000, restart: true },
    { name: 'Second Age', abbreviation: 'SA', start_year: 1, restart: true },
    { name: 'Third Age', abbreviation: 'TA', start_year: 3441, restart: true },
  ],
  moons: [
    { name: 'Ithil', cycle: 29.5, shift: 3.25, phases: 8 },
    { name: 'Morn', cycle: 11, shift: 0, phases: 4 },
  ],
  epoch: -500_000,
};

/**
 * Festival leap days placed inside their months (Fantasy-Calendar's `day`, ADR 0358): Lanternfall
 * after the 10th of Ember every 4 years, Firstlight before the 1st of Frost every 2 years, and
 * Founding, a leap day in the week, at the end of Thaw every 3 years. A 7-day week runs on.
 */
const midMonth: CalendarDefinition = {
  name: 'Vale Reckoning',
  months: [
    { name: 'Thaw', length: 30 },
    { name: 'Ember', length: 30 },
    { name: 'Frost', length: 30 },
  ],
  weekdays: ['Sun', 'Moon', 'Tide', 'Wind', 'Fire', 'Earth', 'Star'],
  first_weekday: 2,
  week_resets_each_month: false,
  leap_days: [
    { name: 'Lanternfall', month: 1, after_day: 10, rules: [{ every: 4, leap: true }], offset: 0, intercalary: true },
    { name: 'Firstlight', month: 2, after_day: 0, rules: [{ every: 2, leap: true }], offset: 0, intercalary: true },
    { name: 'Founding', month: 0, rules: [{ every: 3, leap: true }], offset: 0 },
  ],
  eras: [],
  moons: [],
  epoch: 1000,
};

describe('the proleptic Gregorian calendar', () => {
  it('reads and writes exactly as ADR 0004 says', () => {
    const calendar = calendarOf(null);
    expect(calendar).toBe(gregorianCalendar);
    expect(calendar.parse('1492-10-12')).toEqual({ ok: true, date: { year: 1492, month: 10, day: 12 }, day: dayNumber({ year: 1492, month: 10, day: 12 }) });
    expect(calendar.parse('1493-02-29')).toEqual({ ok: false, problem: 'No such date: February 1493 has 28 days' });
    expect(calendar.label(dayNumber({ year: -500, month: 3, day: 1 }))).toBe('1 March 501 BC');
    expect(calendar.format(fromDayNumber(dayNumber({ year: 12000, month: 1, day: 1 })))).toBe('+12000-01-01');
    expect(calendar.weekdays[calendar.weekdayOf(0)!]).toBe('Thursday');
  });
});

describe('a custom calendar', () => {
  it('written like the Gregorian one, agrees with it day for day over 10,000 years (property)', () => {
    const custom = customCalendar(normalizeCalendar(gregorianAsCustom));
    fc.assert(
      fc.property(fc.integer({ min: dayNumber({ year: -4999, month: 1, day: 1 }), max: dayNumber({ year: 5000, month: 12, day: 31 }) }), (day) => {
        const date = custom.fromDay(day);
        expect(date).toEqual(fromDayNumber(day));
        expect(custom.toDay(date)).toBe(day);
        expect(custom.weekdayOf(day)).toBe(weekdayOf(day));
      }),
      { numRuns: 10_000 },
    );
  });

  it('round-trips every first and last day of each year over 10,000 years, for every shape', () => {
    for (const definition of [gregorianAsCustom, harptos, aeloria, midMonth]) {
      const calendar = customCalendar(normalizeCalendar(definition));
      let previousEnd: number | null = null;
      for (let year = -5000; year <= 5000; year += 1) {
        const months = calendar.monthsOf(year);
        const first = calendar.toDay({ year, month: 1, day: 1 });
        const last = calendar.toDay({ year, month: months.length, day: months[months.length - 1].length });
        if (previousEnd !== null) expect(first).toBe(previousEnd + 1);
        expect(calendar.fromDay(first)).toEqual({ year, month: 1, day: 1 });
        expect(calendar.fromDay(last)).toEqual({ year, month: months.length, day: months[months.length - 1].length });
        expect(last - first + 1).toBe(months.reduce((sum, month) => sum + month.length, 0));
        previousEnd = last;
      }
    }
  });

  it('round-trips any day and any wire date (property)', () => {
    for (const definition of [harptos, aeloria, midMonth]) {
      const calendar = customCalendar(normalizeCalendar(definition));
      const yearOne = calendar.toDay({ year: 1, month: 1, day: 1 });
      fc.assert(
        fc.property(fc.integer({ min: yearOne - 1_900_000, max: yearOne + 1_900_000 }), (day) => {
          const date = calendar.fromDay(day);
          expect(calendar.toDay(date)).toBe(day);
          const parsed = calendar.parse(calendar.format(date));
          expect(parsed).toEqual({ ok: true, date, day });
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('applies leap rules: every N years, except every M', () => {
    const starfall = normalizeCalendar(aeloria).leap_days[0];
    // offset 2: leap when (year - 2) is a multiple of 5, but not of 50.
    expect([2, 7, 12, 47, 52, 57].map((year) => isLeapFor(starfall, year))).toEqual([false, true, true, true, false, true]);
    expect(isLeapFor(starfall, -3)).toBe(true);
    // Counting matches evaluating year by year, before and after year 1.
    for (const year of [-321, -1, 0, 1, 2, 3, 60, 1000]) {
      let expected = 0;
      if (year >= 1) for (let y = 1; y < year; y += 1) expected += isLeapFor(starfall, y) ? 1 : 0;
      else for (let y = year; y < 1; y += 1) expected -= isLeapFor(starfall, y) ? 1 : 0;
      expect(leapYearsBefore(starfall, year)).toBe(expected);
    }
    const calendar = customCalendar(normalizeCalendar(aeloria));
    expect(calendar.monthsOf(7)[12].length).toBe(29);
    expect(calendar.monthsOf(52)[12].length).toBe(28);
    expect(calendar.parse('0052-13-29')).toEqual({ ok: false, problem: 'No such date: Moon 12 52 SA has 28 days' });
  });

  it('keeps intercalary days outside the months and outside the week', () => {
    const calendar = customCalendar(normalizeCalendar(harptos));
    const midwinter = calendar.toDay({ year: 1372, month: 2, day: 1 });
    expect(calendar.label(midwinter)).toBe('Midwinter, 1372 DR');
    expect(calendar.weekdayOf(midwinter)).toBeNull();
    expect(calendar.label(midwinter - 1)).toBe('30 Hammer 1372 DR');
    expect(calendar.label(midwinter + 1)).toBe('1 Alturiak 1372 DR');
    // Tendays restart with each month.
    expect(calendar.weekdayOf(midwinter + 1)).toBe(0);
    // Shieldmeet: Midsummer lasts two days in a leap year.
    expect(calendar.monthsOf(1372)[9].length).toBe(2);
    expect(calendar.monthsOf(1373)[9].length).toBe(1);
    expect(calendar.label(calendar.toDay({ year: 1372, month: 10, day: 2 }))).toBe('Shieldmeet, 1372 DR');

    // A week that runs through the year skips the festival and picks up where it left off.
    const aelorian = customCalendar(normalizeCalendar(aeloria));
    const longNight = aelorian.toDay({ year: 10, month: 7, day: 1 });
    expect(aelorian.weekdayOf(longNight)).toBeNull();
    const before = aelorian.weekdayOf(longNight - 1)!;
    const after = aelorian.weekdayOf(longNight + aelorian.monthsOf(10)[6].length)!;
    expect(after).toBe((before + 1) % 8);
  });

  it('places a festival leap day after the day of its month the definition names, outside the week', () => {
    const calendar = customCalendar(normalizeCalendar(midMonth));
    const labels = (year: number, month: number, from: number, count: number) => {
      const first = calendar.toDay({ year, month, day: from });
      return Array.from({ length: count }, (_, index) => calendar.label(first + index));
    };
    // Year 4: Lanternfall after 10 Ember, Firstlight before 1 Frost (the month's days count on past the festival, as Fantasy-Calendar numbers them).
    expect(labels(4, 2, 9, 4)).toEqual(['9 Ember 4', '10 Ember 4', 'Lanternfall, 4', '12 Ember 4']);
    expect(labels(4, 2, 30, 4)).toEqual(['30 Ember 4', '31 Ember 4', 'Firstlight, 4', '2 Frost 4']);
    expect(labels(5, 2, 10, 2)).toEqual(['10 Ember 5', '11 Ember 5']);
    expect(calendar.namedDays(4)).toEqual([
      { name: 'Lanternfall', month: 2, day: 11 },
      { name: 'Firstlight', month: 3, day: 1 },
    ]);
    expect(calendar.namedDays(5)).toEqual([]);
    // Year lengths: 90, and one more for each leap day of the year.
    const yearLength = (year: number) => calendar.toDay({ year: year + 1, month: 1, day: 1 }) - calendar.toDay({ year, month: 1, day: 1 });
    expect([1, 2, 3, 4, 5, 6, 12].map(yearLength)).toEqual([90, 91, 91, 92, 90, 92, 93]);
    expect(calendar.monthsOf(4).map((month) => month.length)).toEqual([30, 31, 31]);
    expect(calendar.parse('0004-02-11')).toMatchObject({ ok: true, day: calendar.toDay({ year: 4, month: 2, day: 11 }) });
    expect(calendar.parse('0005-02-31')).toEqual({ ok: false, problem: 'No such date: Ember 5 has 30 days' });

    // The festival has no weekday and does not move the week on, wherever it falls.
    const lanternfall = calendar.toDay({ year: 4, month: 2, day: 11 });
    expect(calendar.weekdayOf(lanternfall)).toBeNull();
    expect(calendar.weekdayOf(lanternfall + 1)).toBe((calendar.weekdayOf(lanternfall - 1)! + 1) % 7);
    const firstlight = calendar.toDay({ year: 4, month: 3, day: 1 });
    expect(calendar.weekdayOf(firstlight)).toBeNull();
    expect(calendar.weekdayOf(firstlight + 1)).toBe((calendar.weekdayOf(firstlight - 1)! + 1) % 7);
  });

  it('moves the week on by one for every day in the week and never for a festival, over 200 years, both week kinds', () => {
    for (const resets of [false, true]) {
      const calendar = customCalendar(normalizeCalendar({ ...midMonth, week_resets_each_month: resets }));
      let previous = null as { weekday: number; month: string } | null;
      for (let day = calendar.toDay({ year: -100, month: 1, day: 1 }); day < calendar.toDay({ year: 100, month: 1, day: 1 }); day += 1) {
        const date = calendar.fromDay(day);
        const weekday = calendar.weekdayOf(day);
        const festival = calendar.namedDays(date.year).some((named) => named.month === date.month && named.day === date.day);
        expect(weekday === null).toBe(festival);
        if (weekday === null) continue;
        const month = `${date.year}-${date.month}`;
        if (resets && previous?.month !== month) expect(weekday).toBe(midMonth.first_weekday);
        else if (previous) expect(weekday).toBe((previous.weekday + 1) % 7);
        previous = { weekday, month };
      }
    }
  });

  it('reads years in their era, and years before the first era count back from it', () => {
    const calendar = customCalendar(normalizeCalendar(aeloria));
    expect(calendar.yearLabel(3441)).toBe('1 TA');
    expect(calendar.yearLabel(3440)).toBe('3440 SA');
    expect(calendar.yearLabel(1)).toBe('1 SA');
    expect(calendar.yearLabel(0)).toBe('2001 FA');
    expect(calendar.yearLabel(-2000)).toBe('1 FA');
    expect(calendar.yearLabel(-2001)).toBe('1 before FA');
    expect(calendar.yearLabel(-2100)).toBe('100 before FA');
    // An era that does not restart the count only names the year.
    const named = customCalendar(normalizeCalendar({ ...aeloria, eras: [{ name: 'Common Reckoning', abbreviation: 'CR', start_year: 1, restart: false }] }));
    expect(named.yearLabel(1492)).toBe('1492 CR');
    expect(named.yearLabel(-3)).toBe('-3');
  });

  it('gives each moon its phase', () => {
    const calendar = customCalendar(normalizeCalendar(aeloria));
    const yearOne = calendar.toDay({ year: 1, month: 1, day: 1 });
    // Ithil is new 3.25 days after year 1 began, full half a cycle later.
    expect(calendar.moonPhases(yearOne + 4)[0]).toMatchObject({ moon: 'Ithil', phase: 'New Moon', index: 0 });
    expect(calendar.moonPhases(yearOne + 4 + 15)[0]).toMatchObject({ phase: 'Full Moon', index: 4 });
    expect(calendar.moonPhases(yearOne + 4 + 29.5 * 100)[0].phase).toBe('New Moon');
    expect(calendar.moonPhases(yearOne + 6)[1]).toMatchObject({ moon: 'Morn', phase: 'Full Moon', count: 4 });
    // Before year 1 too.
    expect(calendar.moonPhases(yearOne - 11 * 50)[1].phase).toBe('New Moon');
  });
});

describe('calendarProblem', () => {
  const broken = (change: (definition: CalendarDefinition) => void) => {
    const copy = structuredClone(aeloria);
    change(copy);
    return calendarProblem(copy);
  };

  it('accepts the shapes above and names what is wrong with a broken one', () => {
    expect(calendarProblem(gregorianAsCustom)).toBeNull();
    expect(calendarProblem(harptos)).toBeNull();
    expect(calendarProblem(aeloria)).toBeNull();
    expect(broken((c) => (c.months[2].length = 0))).toBe('Month "Moon 3" has no days: a month needs a length of at least 1');
    expect(broken((c) => (c.months = []))).toBe('A calendar needs at least one month');
    expect(broken((c) => (c.months[1].name = 'Moon 1'))).toBe('Two months are called "Moon 1": month names must differ');
    expect(broken((c) => (c.weekdays = []))).toBe('A calendar needs at least one weekday');
    expect(
      broken(
        (c) =>
          (c.leap_days[0].rules = [
            { every: 30, leap: false },
            { every: 4, leap: true },
          ]),
      ),
    ).toMatch(/4 does not divide 30/);
    expect(broken((c) => (c.leap_days[0].month = 40))).toBe('Leap day "Starfall" must belong to one of the 14 months');
    expect(calendarProblem(midMonth)).toBeNull();
    const placed = (change: Partial<CalendarDefinition['leap_days'][number]>) =>
      calendarProblem({ ...midMonth, leap_days: [{ ...midMonth.leap_days[0], ...change }] });
    expect(placed({ after_day: 31 })).toBe('Leap day "Lanternfall" must come after a day of Ember (0 to 30; 0 is before its first day)');
    expect(placed({ after_day: -1 })).toMatch(/0 to 30/);
    expect(placed({ after_day: 30 })).toBeNull();
    expect(placed({ intercalary: undefined })).toBe(
      'Leap day "Lanternfall": only a festival leap day in a month (not in a festival period) can sit after a given day',
    );
    expect(broken((c) => (c.moons[0].cycle = 0))).toBe('Moon "Ithil" needs a cycle of at least 1 day');
    expect(broken((c) => (c.months[0].length = 20_000))).toBe('Month "Moon 1" is too long (1000 days at most)');
    expect(calendarProblem('a calendar')).toBe('A calendar must be an object');
  });

  it('rejects dates that do not exist, naming the month', () => {
    const calendar = customCalendar(normalizeCalendar(harptos));
    expect(calendar.parse('1372-02-02')).toEqual({ ok: false, problem: 'No such date: Midwinter 1372 DR has 1 day' });
    expect(calendar.parse('1372-18-01')).toEqual({ ok: false, problem: 'The month of a date runs from 1 to 17 in Calendar of Harptos' });
    expect(calendar.parse('the 3rd of Ches')).toMatchObject({ ok: false });
  });
});
