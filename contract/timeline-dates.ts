/**
 * Calendar dates of the campaign timeline (docs/decisions/0004-timeline-dates.md).
 *
 * Written as ISO 8601 'YYYY-MM-DD' with astronomical year numbering: year 0 is 1 BC, year
 * -0500 is 501 BC, and years past 9999 carry a '+' ('+12000-06-01'). The calendar is the
 * proleptic Gregorian one (the same as Postgres' `date` and JavaScript's Date), so every
 * day has one number and ordering, spacing and weekdays stay consistent far from today.
 */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** 4713 BC: the first year Postgres' `date` type holds in full. */
export const MIN_YEAR = -4712;
export const MAX_YEAR = 99999;

const ISO_DATE = /^([+-])?(\d{4,5})-(\d{1,2})-(\d{1,2})$/;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why a typed date is not usable, in words for the GM; null when it is fine. */
export function dateProblem(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return 'Date is required';
  const match = ISO_DATE.exec(value);
  if (!match) return 'Date must be written YYYY-MM-DD (years before 1 as -0500-03-01)';
  const year = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  const month = Number(match[3]);
  const day = Number(match[4]);
  if (year < MIN_YEAR || year > MAX_YEAR) return 'Dates run from 4713 BC (-4712-01-01) to the year 99999';
  if (month < 1 || month > 12) return 'The month of a date runs from 01 to 12';
  const length = daysInMonth(year, month);
  if (day < 1 || day > length) return `No such date: ${MONTH_NAMES[month - 1]} ${yearLabel(year)} has ${length} days`;
  return null;
}

export function parseIsoDate(text: string | null | undefined): CalendarDate | null {
  if (dateProblem(text) !== null) return null;
  const match = ISO_DATE.exec((text ?? '').trim())!;
  return {
    year: Number(match[2]) * (match[1] === '-' ? -1 : 1),
    month: Number(match[3]),
    day: Number(match[4]),
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The canonical text form: '1492-10-12', '-0500-03-01', '+12000-06-01'. */
export function formatIsoDate({ year, month, day }: CalendarDate): string {
  const yearText = year < 0 ? `-${pad(-year, 4)}` : year > 9999 ? `+${year}` : pad(year, 4);
  return `${yearText}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** A typed date in canonical form ('1492-3-1' becomes '1492-03-01'), or null. */
export function normalizeIsoDate(text: string | null | undefined): string | null {
  const date = parseIsoDate(text);
  return date ? formatIsoDate(date) : null;
}

/** Days since 1970-01-01 (negative before it); H. Hinnant's days_from_civil. */
export function dayNumber({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The inverse of dayNumber (civil_from_days). */
export function fromDayNumber(days: number): CalendarDate {
  const z = Math.floor(days) + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isoDayNumber(text: string): number | null {
  const date = parseIsoDate(text);
  return date ? dayNumber(date) : null;
}

/** 0 = Sunday. Day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(days: number): number {
  return (((Math.floor(days) + 4) % 7) + 7) % 7;
}

/** Years for people: 1492, 501 BC (astronomical year -500), 1 BC (year 0). */
export function yearLabel(year: number): string {
  return year <= 0 ? `${1 - year} BC` : String(year);
}

/** '12 October 1492', '1 March 501 BC'; short: '12 Oct 1492'. */
export function formatDisplayDate(date: CalendarDate | string, style: 'long' | 'short' = 'long'): string {
  const value = typeof date === 'string' ? parseIsoDate(date) : date;
  if (!value) return String(date);
  const month = MONTH_NAMES[value.month - 1];
  return `${value.day} ${style === 'short' ? month.slice(0, 3) : month} ${yearLabel(value.year)}`;
}

/** Today in the viewer's own time zone, as the date field's default. */
export function todayIso(now = new Date()): string {
  return formatIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}
