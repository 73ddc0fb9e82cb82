import { describe, expect, it } from 'vitest';
import { calendarProblem } from './definition';
import { calendarFromForm, formFromCalendar } from './text-form';

describe('the calendar form', () => {
  const fields = {
    name: 'Reckoning of the Vale',
    months: 'Thaw, 90\nLanternfest, 1, festival\nEmber, 92',
    weekdays: 'Oneday, Twoday, Threeday',
    first_weekday: 'Twoday',
    week_resets: '',
    leap_days:
      'Founders Day, Ember, every 4, except 100, every 400, offset 2\nShieldmeet, Lanternfest, every 4, festival\nEmberwake, Ember, every 2, festival, after day 10',
    no_year_zero: 'on',
    eras: 'Age of Lanterns, AL, 1\nCommon Count, CC, 500, continues',
    moons: 'Vigil, 27.5, shift 2, phases 4',
    year_one: '0001-01-01',
  };

  it('reads the lines a GM types and writes them back', () => {
    const parsed = calendarFromForm(fields);
    if (!('definition' in parsed)) throw new Error(parsed.problem);
    expect(calendarProblem(parsed.definition)).toBeNull();
    expect(parsed.definition).toMatchObject({
      months: [
        { name: 'Thaw', length: 90 },
        { name: 'Lanternfest', length: 1, intercalary: true },
        { name: 'Ember', length: 92 },
      ],
      first_weekday: 1,
      leap_days: [
        {
          name: 'Founders Day',
          month: 2,
          rules: [
            { every: 4, leap: true },
            { every: 100, leap: false },
            { every: 400, leap: true },
          ],
          offset: 2,
        },
        { name: 'Shieldmeet', month: 1, rules: [{ every: 4, leap: true }], offset: 0, intercalary: true },
        { name: 'Emberwake', month: 2, after_day: 10, rules: [{ every: 2, leap: true }], offset: 0, intercalary: true },
      ],
      eras: [
        { start_year: 1, restart: true },
        { start_year: 500, restart: false },
      ],
      moons: [{ name: 'Vigil', cycle: 27.5, shift: 2, phases: 4 }],
      epoch: -719162,
      year_zero_exists: false,
    });
    expect(calendarFromForm(formFromCalendar(parsed.definition))).toEqual(parsed);
  });

  it('names the line that cannot be read', () => {
    expect(calendarFromForm({ ...fields, months: 'Thaw, 90\nLanternfest' })).toEqual({
      problem: 'Months, line 2: write "Name, number of days" (like "Hammer, 30")',
    });
    expect(calendarFromForm({ ...fields, leap_days: 'Founders Day, Nowhere, every 4' })).toMatchObject({ problem: /Leap days, line 1/ });
    expect(calendarFromForm({ ...fields, first_weekday: 'Caturday' })).toEqual({ problem: 'The first weekday "Caturday" is not one of the weekdays' });
  });
});
