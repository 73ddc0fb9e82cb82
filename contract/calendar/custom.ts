import type { Calendar, CalendarDate, MonthInfo, MoonPhase, NamedDay, ParsedDate } from './calendar';
import { CALENDAR_LIMITS, type CalendarDefinition, type LeapDayDefinition } from './definition';

const floorDiv = (a: number, b: number) => Math.floor(a / b);
const mod = (a: number, b: number) => ((a % b) + b) % b;

/** Whether `year` is a leap year for this leap day: the largest interval dividing it decides. */
export function isLeapFor(leapDay: LeapDayDefinition, year: number): boolean {
  const relative = year - leapDay.offset;
  for (const rule of leapDay.rules) if (mod(relative, rule.every) === 0) return rule.leap;
  return false;
}

/**
 * How many leap years for this leap day lie in [1, year) (negative: minus those in [year, 1)).
 * The rules nest (each interval divides the one before), so the years a rule decides are its
 * multiples less the larger rule's multiples: a sum of floor divisions, exact for any year.
 */
export function leapYearsBefore(leapDay: LeapDayDefinition, year: number): number {
  const multiples = (every: number) => floorDiv(year - 1 - leapDay.offset, every) - floorDiv(-leapDay.offset, every);
  let count = 0;
  let larger = 0;
  for (const rule of leapDay.rules) {
    const own = multiples(rule.every);
    if (rule.leap) count += own - larger;
    larger = own;
  }
  return count;
}

const PHASES_8 = ['New Moon', 'Waxing Crescent', 'First Quarter', 'Waxing Gibbous', 'Full Moon', 'Waning Gibbous', 'Last Quarter', 'Waning Crescent'];
const PHASES_4 = ['New Moon', 'First Quarter', 'Full Moon', 'Last Quarter'];

export function phaseName(index: number, count: number): string {
  return count === 4 ? PHASES_4[index] : PHASES_8[Math.floor((index * 8) / count)];
}

/** A moon's phase on a day counted from year 1's first day (Fantasy-Calendar's epoch). */
export function moonPhase(name: string, cycle: number, shift: number, count: number, daysSinceYearOne: number): MoonPhase {
  const position = (daysSinceYearOne - shift) / cycle;
  const index = mod(Math.floor((position - Math.floor(position)) * count), count);
  return { moon: name, phase: phaseName(index, count), index, count };
}

const WIRE_DATE = /^([+-])?(\d{1,6})-(\d{1,3})-(\d{1,4})$/;

/** A campaign's own calendar (definition.ts), validated beforehand with calendarProblem. */
/**
 * Each name's short form: cut to three letters, or as many more as tell it from the calendar's
 * other names ('Seedt.' and 'Seedf.', never two 'See'), with a period; four letters or fewer stay whole.
 */
export function distinctShortNames(names: readonly string[]): string[] {
  return names.map((name) => {
    if (name.length <= 4) return name;
    for (let length = 3; length < name.length - 1; length += 1) {
      // A cut never ends on a space: 'The F.', not 'The.'.
      if (name[length - 1] === ' ') continue;
      const cut = name.slice(0, length).toLowerCase();
      if (!names.some((other) => other !== name && other.toLowerCase().startsWith(cut))) return `${name.slice(0, length)}.`;
    }
    return name;
  });
}

export function customCalendar(definition: CalendarDefinition): Calendar {
  const { months, leap_days: leapDays, epoch } = definition;
  const baseLength = months.reduce((sum, month) => sum + month.length, 0);
  const baseWeekLength = months.reduce((sum, month) => sum + (month.intercalary ? 0 : month.length), 0);
  /** A leap day that is outside the week: in a festival period, or a festival itself. */
  const outsideWeek = (leapDay: LeapDayDefinition) => Boolean(months[leapDay.month].intercalary || leapDay.intercalary);
  const weekLeapDays = leapDays.filter((leapDay) => !outsideWeek(leapDay));
  const zeroExists = definition.year_zero_exists !== false;
  /** The year as written: without a year 0, the stored year 0 is written -1. */
  const writtenYear = (year: number) => (zeroExists || year > 0 ? year : year - 1);
  const storedYear = (written: number) => (zeroExists || written > 0 ? written : written + 1);
  const averageLength =
    baseLength +
    leapDays.reduce((sum, leapDay) => {
      let share = 0;
      let larger = 0;
      for (const rule of leapDay.rules) {
        const own = 1 / rule.every;
        if (rule.leap) share += own - larger;
        larger = own;
      }
      return sum + share;
    }, 0);

  const shortNames = distinctShortNames(months.map((month) => month.name));
  const monthsOf = (year: number): MonthInfo[] => {
    const extra = new Array<number>(months.length).fill(0);
    for (const leapDay of leapDays) if (isLeapFor(leapDay, year)) extra[leapDay.month] += 1;
    return months.map((month, index) => ({
      name: month.name,
      short: shortNames[index],
      length: month.length + extra[index],
      intercalary: Boolean(month.intercalary),
    }));
  };

  /** How many of its month's own days come before a leap day: its place, or the month's end. */
  const placeOf = (leapDay: LeapDayDefinition) => leapDay.after_day ?? months[leapDay.month].length;
  /**
   * The leap days that fall in a month this year, each with its day of the month in that year,
   * in month order (two at one place keep the definition's order, as Fantasy-Calendar does).
   */
  const leapDaysIn = (year: number, monthIndex: number) =>
    leapDays
      .filter((leapDay) => leapDay.month === monthIndex && isLeapFor(leapDay, year))
      .sort((a, b) => placeOf(a) - placeOf(b))
      .map((leapDay, at) => ({ leapDay, day: placeOf(leapDay) + at + 1 }));
  /** The month's days outside the week (its leap days read by their own names) before `day`. */
  const daysOutsideWeekBefore = (year: number, monthIndex: number, day: number) =>
    leapDaysIn(year, monthIndex).filter((placed) => placed.day < day && outsideWeek(placed.leapDay)).length;

  const yearStart = (year: number) => epoch + (year - 1) * baseLength + leapDays.reduce((sum, leapDay) => sum + leapYearsBefore(leapDay, year), 0);
  /** Days that move the week on, from year 1's first day to the first day of `year`. */
  const weekDaysBefore = (year: number) => (year - 1) * baseWeekLength + weekLeapDays.reduce((sum, leapDay) => sum + leapYearsBefore(leapDay, year), 0);

  const toDay = ({ year, month, day }: CalendarDate) => {
    const lengths = monthsOf(year);
    let total = yearStart(year);
    for (let index = 0; index < month - 1; index += 1) total += lengths[index].length;
    return total + day - 1;
  };

  const fromDay = (day: number): CalendarDate => {
    let year = 1 + Math.floor((day - epoch) / averageLength);
    while (yearStart(year) > day) year -= 1;
    while (yearStart(year + 1) <= day) year += 1;
    let rest = day - yearStart(year);
    const lengths = monthsOf(year);
    for (let index = 0; index < lengths.length; index += 1) {
      if (rest < lengths[index].length) return { year, month: index + 1, day: rest + 1 };
      rest -= lengths[index].length;
    }
    // Unreachable: yearStart(year + 1) - yearStart(year) is the sum of the lengths.
    throw new Error(`day ${day} fell outside year ${year}`);
  };

  const firstEra = definition.eras[0];
  const yearLabel = (year: number) => {
    let index = -1;
    definition.eras.forEach((candidate, at) => {
      if (candidate.start_year <= year) index = at;
    });
    const era = definition.eras[index];
    if (era) {
      const next = definition.eras[index + 1];
      const written = writtenYear(year);
      // An era that ends before year 1 (Before Christ) counts its years back: 1 B.C., not -1 B.C.
      const count = era.restart ? year - era.start_year + 1 : next && next.start_year <= 1 && written < 0 ? -written : written;
      return `${count} ${era.abbreviation || era.name}`;
    }
    if (firstEra?.restart) return `${firstEra.start_year - year} before ${firstEra.abbreviation || firstEra.name}`;
    return String(writtenYear(year));
  };

  const namedDays = (year: number): NamedDay[] => {
    const named: NamedDay[] = [];
    months.forEach((month, index) => {
      if (month.intercalary && month.length === 1) named.push({ name: month.name, month: index + 1, day: 1 });
      for (const { leapDay, day } of leapDaysIn(year, index)) if (outsideWeek(leapDay)) named.push({ name: leapDay.name, month: index + 1, day });
    });
    return named;
  };

  /** A leap day's name when the date is one that reads by its own name (Shieldmeet, not "Midsummer (day 2)"). */
  const leapDayName = ({ year, month, day }: CalendarDate) => {
    const placed = leapDaysIn(year, month - 1).find((candidate) => candidate.day === day);
    return placed && outsideWeek(placed.leapDay) ? placed.leapDay.name : null;
  };

  const label = (day: number, style: 'long' | 'short' = 'long') => {
    const date = fromDay(day);
    const month = monthsOf(date.year)[date.month - 1];
    const name = style === 'short' ? month.short : month.name;
    const ownName = leapDayName(date);
    if (ownName) return `${ownName}, ${yearLabel(date.year)}`;
    if (month.intercalary) {
      // A festival of one day keeps its plain name in a leap year too: the added day reads by its own (Midsummer, then Shieldmeet).
      return months[date.month - 1].length === 1 ? `${name}, ${yearLabel(date.year)}` : `${name} (day ${date.day}), ${yearLabel(date.year)}`;
    }
    return `${date.day} ${name} ${yearLabel(date.year)}`;
  };

  const weekdayOf = (day: number): number | null => {
    const date = fromDay(day);
    const lengths = monthsOf(date.year);
    if (lengths[date.month - 1].intercalary || leapDayName(date)) return null;
    const count = definition.weekdays.length;
    const inMonth = date.day - 1 - daysOutsideWeekBefore(date.year, date.month - 1, date.day);
    if (definition.week_resets_each_month) return mod(definition.first_weekday + inMonth, count);
    let passed = weekDaysBefore(date.year);
    for (let index = 0; index < date.month - 1; index += 1) {
      if (!lengths[index].intercalary) passed += lengths[index].length - daysOutsideWeekBefore(date.year, index, Number.POSITIVE_INFINITY);
    }
    return mod(definition.first_weekday + passed + inMonth, count);
  };

  const monthCount = months.length;
  const minDay = yearStart(-CALENDAR_LIMITS.year);
  const maxDay = yearStart(CALENDAR_LIMITS.year + 1) - 1;

  const parse = (text: string | null | undefined): ParsedDate => {
    const value = (text ?? '').trim();
    if (!value) return { ok: false, problem: 'Date is required' };
    const match = WIRE_DATE.exec(value);
    if (!match) return { ok: false, problem: `Date must be written YEAR-MONTH-DAY with the month's number (1 to ${monthCount}), like 412-03-15` };
    const written = Number(match[2]) * (match[1] === '-' ? -1 : 1);
    if (written === 0 && !zeroExists) return { ok: false, problem: `There is no year 0 in ${definition.name}: year -1 is followed by year 1` };
    const year = storedYear(written);
    const month = Number(match[3]);
    const day = Number(match[4]);
    if (Math.abs(written) > CALENDAR_LIMITS.year) return { ok: false, problem: `Years run from -${CALENDAR_LIMITS.year} to ${CALENDAR_LIMITS.year}` };
    if (month < 1 || month > monthCount) return { ok: false, problem: `The month of a date runs from 1 to ${monthCount} in ${definition.name}` };
    const info = monthsOf(year)[month - 1];
    if (day < 1 || day > info.length) {
      return { ok: false, problem: `No such date: ${info.name} ${yearLabel(year)} has ${info.length} ${info.length === 1 ? 'day' : 'days'}` };
    }
    const date = { year, month, day };
    return { ok: true, date, day: toDay(date) };
  };

  const format = ({ year: stored, month, day }: CalendarDate) => {
    const year = writtenYear(stored);
    return `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };

  const readYear = (text: string): number | null => {
    const match = /^(-?\d{1,6})\s*(.*)$/.exec(text.trim());
    if (!match) return null;
    const written = Number(match[1]);
    const suffix = match[2].replace(/\./g, '').trim().toLowerCase();
    if (!suffix) return written === 0 && !zeroExists ? null : storedYear(written);
    const era = definition.eras.find((candidate) =>
      [candidate.abbreviation, candidate.name].some((name) => name && name.replace(/\./g, '').toLowerCase() === suffix),
    );
    if (!era) return null;
    return era.restart ? era.start_year + written - 1 : storedYear(written);
  };

  return {
    kind: 'custom',
    name: definition.name,
    monthsOf,
    toDay,
    fromDay,
    parse,
    format,
    label,
    yearLabel,
    weekdays: definition.weekdays,
    weekdayOf,
    namedDays,
    readYear,
    moonPhases: (day) => definition.moons.map((moon) => moonPhase(moon.name, moon.cycle, moon.shift, moon.phases, day - epoch)),
    dateHint: `Write YEAR-MONTH-DAY with the month's number (1 to ${monthCount})${
      months.some((month) => month.intercalary) ? ', festival days included' : ''
    }; years before 1 take a minus sign.`,
    minDay,
    maxDay,
  };
}
