import type { Calendar, CalendarDate, MonthInfo, MoonPhase, ParsedDate } from './calendar';
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
export function customCalendar(definition: CalendarDefinition): Calendar {
  const { months, leap_days: leapDays, epoch } = definition;
  const baseLength = months.reduce((sum, month) => sum + month.length, 0);
  const baseWeekLength = months.reduce((sum, month) => sum + (month.intercalary ? 0 : month.length), 0);
  const weekLeapDays = leapDays.filter((leapDay) => !months[leapDay.month].intercalary);
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

  const monthsOf = (year: number): MonthInfo[] => {
    const extra = new Array<number>(months.length).fill(0);
    for (const leapDay of leapDays) if (isLeapFor(leapDay, year)) extra[leapDay.month] += 1;
    return months.map((month, index) => ({
      name: month.name,
      short: month.name.length <= 4 ? month.name : month.name.slice(0, 3),
      length: month.length + extra[index],
      intercalary: Boolean(month.intercalary),
    }));
  };

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
    let era = null;
    for (const candidate of definition.eras) if (candidate.start_year <= year) era = candidate;
    if (era) return `${era.restart ? year - era.start_year + 1 : year} ${era.abbreviation || era.name}`;
    if (firstEra?.restart) return `${firstEra.start_year - year} before ${firstEra.abbreviation || firstEra.name}`;
    return String(year);
  };

  const label = (day: number, style: 'long' | 'short' = 'long') => {
    const date = fromDay(day);
    const month = monthsOf(date.year)[date.month - 1];
    const name = style === 'short' ? month.short : month.name;
    if (month.intercalary) {
      return month.length === 1 ? `${name}, ${yearLabel(date.year)}` : `${name} (day ${date.day}), ${yearLabel(date.year)}`;
    }
    return `${date.day} ${name} ${yearLabel(date.year)}`;
  };

  const weekdayOf = (day: number): number | null => {
    const date = fromDay(day);
    const lengths = monthsOf(date.year);
    if (lengths[date.month - 1].intercalary) return null;
    const count = definition.weekdays.length;
    if (definition.week_resets_each_month) return mod(definition.first_weekday + date.day - 1, count);
    let passed = weekDaysBefore(date.year);
    for (let index = 0; index < date.month - 1; index += 1) if (!lengths[index].intercalary) passed += lengths[index].length;
    return mod(definition.first_weekday + passed + date.day - 1, count);
  };

  const monthCount = months.length;
  const minDay = yearStart(-CALENDAR_LIMITS.year);
  const maxDay = yearStart(CALENDAR_LIMITS.year + 1) - 1;

  const parse = (text: string | null | undefined): ParsedDate => {
    const value = (text ?? '').trim();
    if (!value) return { ok: false, problem: 'Date is required' };
    const match = WIRE_DATE.exec(value);
    if (!match) return { ok: false, problem: `Date must be written YEAR-MONTH-DAY with the month's number (1 to ${monthCount}), like 412-03-15` };
    const year = Number(match[2]) * (match[1] === '-' ? -1 : 1);
    const month = Number(match[3]);
    const day = Number(match[4]);
    if (Math.abs(year) > CALENDAR_LIMITS.year) return { ok: false, problem: `Years run from -${CALENDAR_LIMITS.year} to ${CALENDAR_LIMITS.year}` };
    if (month < 1 || month > monthCount) return { ok: false, problem: `The month of a date runs from 1 to ${monthCount} in ${definition.name}` };
    const info = monthsOf(year)[month - 1];
    if (day < 1 || day > info.length) {
      return { ok: false, problem: `No such date: ${info.name} ${yearLabel(year)} has ${info.length} ${info.length === 1 ? 'day' : 'days'}` };
    }
    const date = { year, month, day };
    return { ok: true, date, day: toDay(date) };
  };

  const format = ({ year, month, day }: CalendarDate) =>
    `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

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
    moonPhases: (day) => definition.moons.map((moon) => moonPhase(moon.name, moon.cycle, moon.shift, moon.phases, day - epoch)),
    dateHint: `Write YEAR-MONTH-DAY with the month's number (1 to ${monthCount})${
      months.some((month) => month.intercalary) ? ', festival days included' : ''
    }; years before 1 take a minus sign.`,
    minDay,
    maxDay,
  };
}
