/**
 * What the timeline needs from a calendar, whichever it is: day numbers <-> dates, the wire
 * form of a date, how dates read, weekdays and moons. The proleptic Gregorian calendar
 * (gregorian.ts) and a campaign's own calendar (custom.ts) both provide it.
 */
export interface CalendarDate {
  year: number;
  /** 1-based position in the year's list of months (intercalary periods included). */
  month: number;
  day: number;
}

export interface MonthInfo {
  name: string;
  /** Short form for crowded axes. */
  short: string;
  length: number;
  intercalary: boolean;
}

export interface MoonPhase {
  moon: string;
  /** 'Full Moon', 'Waxing Crescent', ... */
  phase: string;
  /** 0 = new; phases of the cycle run 0..count-1. */
  index: number;
  count: number;
}

export interface NamedDay {
  name: string;
  month: number;
  day: number;
}

export type ParsedDate = { ok: true; date: CalendarDate; day: number } | { ok: false; problem: string };

export interface Calendar {
  kind: 'gregorian' | 'custom';
  name: string;
  /** The year's months, with leap days counted in. */
  monthsOf(year: number): MonthInfo[];
  toDay(date: CalendarDate): number;
  fromDay(day: number): CalendarDate;
  /** Reads the wire form (or says what is wrong with it, in words for the GM). */
  parse(text: string | null | undefined): ParsedDate;
  /** The wire form: ISO 8601 for the Gregorian calendar, 'YEAR-MM-DD' for others. */
  format(date: CalendarDate): string;
  /** How a day reads: '12 October 1492', 'Midwinter, 1372 DR'; short: '12 Oct 1492'. */
  label(day: number, style?: 'long' | 'short'): string;
  yearLabel(year: number): string;
  weekdays: string[];
  /** The weekday's index into `weekdays`, or null for a day outside the week (intercalary). */
  weekdayOf(day: number): number | null;
  moonPhases(day: number): MoonPhase[];
  /** The year's days that have their own names (festivals, intercalary and leap days), with their dates. */
  namedDays(year: number): NamedDay[];
  /** A year as a GM writes it ("1372", "1372 DR", "501 BC"), as the calendar's year number; null when unreadable. */
  readYear(text: string): number | null;
  /** What the date field's help says about writing dates. */
  dateHint: string;
  /** The first and last day the calendar accepts. */
  minDay: number;
  maxDay: number;
}

export function formatDay(calendar: Calendar, day: number): string {
  return calendar.format(calendar.fromDay(day));
}

/** Day number from the wire form, or null. */
export function dayOf(calendar: Calendar, text: string): number | null {
  const parsed = calendar.parse(text);
  return parsed.ok ? parsed.day : null;
}
