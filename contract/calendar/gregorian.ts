import {
  dateProblem,
  dayNumber,
  daysInMonth,
  formatDisplayDate,
  formatIsoDate,
  fromDayNumber,
  MAX_YEAR,
  MIN_YEAR,
  MONTH_NAMES,
  parseIsoDate,
  WEEKDAY_NAMES,
  weekdayOf,
  yearLabel,
} from '../timeline-dates';
import type { Calendar, MonthInfo } from './calendar';

const monthsOf = (year: number): MonthInfo[] =>
  MONTH_NAMES.map((name, index) => ({ name, short: name.slice(0, 3), length: daysInMonth(year, index + 1), intercalary: false }));

/** The default: the proleptic Gregorian calendar of ADR 0004, exactly as before calendars existed. */
export const gregorianCalendar: Calendar = {
  kind: 'gregorian',
  name: 'Gregorian (proleptic)',
  monthsOf,
  toDay: dayNumber,
  fromDay: fromDayNumber,
  parse(text) {
    const problem = dateProblem(text);
    if (problem) return { ok: false, problem };
    const date = parseIsoDate(text)!;
    return { ok: true, date, day: dayNumber(date) };
  },
  format: formatIsoDate,
  label: (day, style = 'long') => formatDisplayDate(fromDayNumber(day), style),
  yearLabel,
  weekdays: WEEKDAY_NAMES,
  weekdayOf,
  moonPhases: () => [],
  namedDays: () => [],
  readYear(text) {
    const match = /^(-?\d{1,6})\s*(bce?|b\.c\.(?:e\.)?|ad|a\.d\.|ce|c\.e\.)?$/i.exec(text.trim());
    if (!match) return null;
    const year = Number(match[1]);
    return match[2] && /^b/i.test(match[2]) ? 1 - year : year;
  },
  dateHint: 'Years before 1 count back from year 0 (1 BC): -0500-03-01 is 1 March 501 BC.',
  minDay: dayNumber({ year: MIN_YEAR, month: 1, day: 1 }),
  maxDay: dayNumber({ year: MAX_YEAR, month: 12, day: 31 }),
};
