/**
 * The calendar form's fields: a calendar written as lines a GM can type (and a browser without
 * JavaScript can post). `calendarFromForm` reads them into a definition or names the line that
 * is wrong; `formFromCalendar` writes a definition back for editing.
 */
import { dayNumber, parseIsoDate, formatIsoDate, fromDayNumber } from '../timeline-dates';
import { GREGORIAN_YEAR_ONE, type CalendarDefinition } from './definition';

export interface CalendarFormFields {
  name: string;
  /** One month a line: "Hammer, 30" or "Midwinter, 1, festival". */
  months: string;
  /** Comma-separated, in order. */
  weekdays: string;
  /** The weekday of year 1's first day, by name (default: the first weekday). */
  first_weekday: string;
  /** 'on' when each month starts the week over. */
  week_resets: string;
  /**
   * One a line: "Shieldmeet, Midsummer, every 4" or "Leap Day, February, every 4, except 100, every 400, offset 0";
   * a festival day inside a month may say where: "Lanternfall, Ember, every 4, festival, after day 10".
   */
  leap_days: string;
  /** One a line: "Dale Reckoning, DR, 1" (add ", continues" when the era does not restart the count). */
  eras: string;
  /** One a line: "Selûne, 30.4375, shift 0, phases 8". */
  moons: string;
  /** The Gregorian date year 1's first day falls on (ISO 8601), tying the calendar to the timeline's days. */
  year_one: string;
  /** 'on' when the calendar has no year 0 (year -1 is followed by year 1). */
  no_year_zero?: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const parts = (line: string) => line.split(',').map((part) => part.trim());
const isNumber = (text: string) => /^-?\d+(\.\d+)?$/.test(text);

export function calendarFromForm(fields: Partial<CalendarFormFields>): { definition: CalendarDefinition } | { problem: string } {
  const months: CalendarDefinition['months'] = [];
  for (const [index, line] of lines(fields.months ?? '').entries()) {
    const [name, length, kind] = parts(line);
    if (!name || !length || !/^-?\d+$/.test(length)) return { problem: `Months, line ${index + 1}: write "Name, number of days" (like "Hammer, 30")` };
    months.push({ name, length: Number(length), ...(kind && /^(festival|intercalary)$/i.test(kind) ? { intercalary: true } : {}) });
  }
  const weekdays = parts(fields.weekdays ?? '').filter(Boolean);
  const firstName = (fields.first_weekday ?? '').trim();
  const first = firstName ? weekdays.findIndex((day) => day.toLowerCase() === firstName.toLowerCase()) : 0;
  if (first < 0) return { problem: `The first weekday "${firstName}" is not one of the weekdays` };

  const leapDays: CalendarDefinition['leap_days'] = [];
  for (const [index, line] of lines(fields.leap_days ?? '').entries()) {
    const [name, monthName, ...rest] = parts(line);
    const where = `Leap days, line ${index + 1}`;
    const month = months.findIndex((candidate) => candidate.name.toLowerCase() === (monthName ?? '').toLowerCase());
    if (!name || month < 0) return { problem: `${where}: write "Name, month, every N" with one of the months above` };
    const rules: { every: number; leap: boolean }[] = [];
    let offset = 0;
    let intercalary = false;
    let afterDay: number | undefined;
    for (const rule of rest) {
      if (/^(festival|intercalary)$/i.test(rule)) {
        intercalary = true;
        continue;
      }
      const match = /^(every|except(?: every)?|offset|after day)\s+(-?\d+)$/i.exec(rule);
      if (!match) return { problem: `${where}: "${rule}" should read "every N", "except N", "offset N" or "after day N"` };
      if (/^offset/i.test(match[1])) offset = Number(match[2]);
      else if (/^after/i.test(match[1])) afterDay = Number(match[2]);
      else rules.push({ every: Number(match[2]), leap: /^every/i.test(match[1]) });
    }
    leapDays.push({ name, month, ...(afterDay !== undefined ? { after_day: afterDay } : {}), rules, offset, ...(intercalary ? { intercalary: true } : {}) });
  }

  const eras: CalendarDefinition['eras'] = [];
  for (const [index, line] of lines(fields.eras ?? '').entries()) {
    const [name, abbreviation, start, kind] = parts(line);
    if (!name || !start || !/^-?\d+$/.test(start)) return { problem: `Eras, line ${index + 1}: write "Name, abbreviation, start year" (like "Third Age, TA, 1")` };
    eras.push({ name, abbreviation: abbreviation ?? '', start_year: Number(start), restart: !(kind && /^continues$/i.test(kind)) });
  }

  const moons: CalendarDefinition['moons'] = [];
  for (const [index, line] of lines(fields.moons ?? '').entries()) {
    const [name, cycle, ...rest] = parts(line);
    if (!name || !cycle || !isNumber(cycle)) return { problem: `Moons, line ${index + 1}: write "Name, cycle in days" (like "Selûne, 30.4375, shift 0, phases 8")` };
    let shift = 0;
    let phases = 8;
    for (const option of rest) {
      const match = /^(shift|phases)\s+(-?\d+(?:\.\d+)?)$/i.exec(option);
      if (!match) return { problem: `Moons, line ${index + 1}: "${option}" should read "shift N" or "phases N"` };
      if (/shift/i.test(match[1])) shift = Number(match[2]);
      else phases = Number(match[2]);
    }
    moons.push({ name, cycle: Number(cycle), shift, phases });
  }

  let epoch = GREGORIAN_YEAR_ONE;
  if ((fields.year_one ?? '').trim()) {
    const date = parseIsoDate(fields.year_one);
    if (!date) return { problem: 'Year 1 begins on: write a Gregorian date as YYYY-MM-DD (like 0001-01-01)' };
    epoch = dayNumber(date);
  }

  return {
    definition: {
      name: (fields.name ?? '').trim(),
      months,
      weekdays,
      first_weekday: first,
      week_resets_each_month: fields.week_resets === 'on',
      leap_days: leapDays,
      eras,
      moons,
      epoch,
      ...(fields.no_year_zero === 'on' ? { year_zero_exists: false } : {}),
    },
  };
}

export function formFromCalendar(definition: CalendarDefinition): CalendarFormFields {
  return {
    name: definition.name,
    months: definition.months.map((month) => `${month.name}, ${month.length}${month.intercalary ? ', festival' : ''}`).join('\n'),
    weekdays: definition.weekdays.join(', '),
    first_weekday: definition.weekdays[definition.first_weekday] ?? '',
    week_resets: definition.week_resets_each_month ? 'on' : '',
    leap_days: definition.leap_days
      .map((leapDay) =>
        [
          leapDay.name,
          definition.months[leapDay.month]?.name ?? '',
          ...leapDay.rules.map((rule) => `${rule.leap ? 'every' : 'except'} ${rule.every}`),
          ...(leapDay.offset ? [`offset ${leapDay.offset}`] : []),
          ...(leapDay.intercalary ? ['festival'] : []),
          ...(leapDay.after_day !== undefined ? [`after day ${leapDay.after_day}`] : []),
        ].join(', '),
      )
      .join('\n'),
    eras: definition.eras.map((era) => `${era.name}, ${era.abbreviation}, ${era.start_year}${era.restart ? '' : ', continues'}`).join('\n'),
    moons: definition.moons.map((moon) => `${moon.name}, ${moon.cycle}, shift ${moon.shift}, phases ${moon.phases}`).join('\n'),
    year_one: formatIsoDate(fromDayNumber(definition.epoch)),
    no_year_zero: definition.year_zero_exists === false ? 'on' : '',
  };
}
