/**
 * A campaign's own calendar, as the GM defines it (docs/decisions/0040-campaign-calendars.md).
 * Browser-safe: the server validates definitions with `calendarProblem`, the screen reads them.
 *
 * Years are integers that include 0 and negative years (like astronomical numbering); eras
 * only change how a year reads. Days are counted from 1970-01-01 of the proleptic Gregorian
 * calendar, so every calendar places a day on the same line and a change of calendar keeps
 * each event on its day.
 */
export interface MonthDefinition {
  name: string;
  /** Days in a common year; a leap day adds one. */
  length: number;
  /** Festival days outside any month: they have no weekday and do not move the week on. */
  intercalary?: boolean;
}

/** "Every `every` years" (leap: true) or "except every `every` years" (leap: false). */
export interface LeapRule {
  every: number;
  leap: boolean;
}

export interface LeapDayDefinition {
  name: string;
  /** 0-based index into `months`: the month that gains a day in a leap year. */
  month: number;
  /**
   * Where in its month the day falls: after this many of the month's own days (0: before its
   * first day). Absent: after its last day. Only for an intercalary leap day in a month that is
   * not intercalary, as Fantasy-Calendar's `day` (ADR 0358).
   */
  after_day?: number;
  /**
   * Decided by the rule with the largest `every` that divides (year - offset). Each `every`
   * must divide the one before it (400, 100, 4), which keeps leap counts exact in O(rules).
   */
  rules: LeapRule[];
  offset: number;
  /** A day outside the week that reads by its own name (Fantasy-Calendar's intercalary leap day). */
  intercalary?: boolean;
}

export interface EraDefinition {
  name: string;
  abbreviation: string;
  /** The calendar year this era begins in. Years before the first era count back from it. */
  start_year: number;
  /** True: the era counts its own years from 1 (Third Age 412). False: the year number runs on and the era only names it. */
  restart: boolean;
}

export interface MoonDefinition {
  name: string;
  /** Days from new moon to new moon; fractions allowed (29.530588853). */
  cycle: number;
  /** Days after year 1's first day that the first new moon falls. */
  shift: number;
  /** How many phases a cycle is cut into: 4, 8, 16, 24 or 32. */
  phases: number;
}

export interface CalendarDefinition {
  name: string;
  months: MonthDefinition[];
  weekdays: string[];
  /** 0-based index into `weekdays` of year 1's first day. */
  first_weekday: number;
  /** When true, every month starts the week over on its first weekday (Fantasy-Calendar's overflow: false). */
  week_resets_each_month: boolean;
  leap_days: LeapDayDefinition[];
  eras: EraDefinition[];
  moons: MoonDefinition[];
  /** The day number (days since 1970-01-01, proleptic Gregorian) of year 1, month 1, day 1. */
  epoch: number;
  /**
   * False: the calendar has no year 0, so the year written -1 comes right before year 1 (the
   * year stored as 0 is written -1). Absent: true, astronomical numbering.
   */
  year_zero_exists?: boolean;
}

/** Day number of 1 January of year 1 in the proleptic Gregorian calendar. */
export const GREGORIAN_YEAR_ONE = -719162;

export const CALENDAR_LIMITS = {
  name: 100,
  months: 100,
  monthLength: 1000,
  yearLength: 10_000,
  weekdays: 50,
  leapDays: 20,
  leapRules: 6,
  eras: 50,
  moons: 20,
  /** Custom calendars read years in this range (both signs). */
  year: 99_999,
} as const;

export const MOON_PHASE_COUNTS = [4, 8, 16, 24, 32] as const;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/**
 * The first thing wrong with a definition, in words that name the problem; null when it is
 * usable. Checks shapes too, because definitions arrive from forms and imported files.
 */
export function calendarProblem(input: unknown): string | null {
  if (!input || typeof input !== 'object') return 'A calendar must be an object';
  const calendar = input as Partial<CalendarDefinition>;
  if (!isText(calendar.name, CALENDAR_LIMITS.name)) return `The calendar needs a name (${CALENDAR_LIMITS.name} characters at most)`;

  const months = calendar.months;
  if (!Array.isArray(months) || months.length === 0) return 'A calendar needs at least one month';
  if (months.length > CALENDAR_LIMITS.months) return `A calendar has ${CALENDAR_LIMITS.months} months at most`;
  for (const [index, month] of months.entries()) {
    const label = `Month ${index + 1}`;
    if (!month || typeof month !== 'object') return `${label} must be an object`;
    if (!isText(month.name, CALENDAR_LIMITS.name)) return `${label} needs a name`;
    if (!isInt(month.length) || month.length < 1) return `Month "${month.name}" has no days: a month needs a length of at least 1`;
    if (month.length > CALENDAR_LIMITS.monthLength) return `Month "${month.name}" is too long (${CALENDAR_LIMITS.monthLength} days at most)`;
    if (month.intercalary !== undefined && typeof month.intercalary !== 'boolean') return `Month "${month.name}": intercalary must be true or false`;
  }
  if (months.every((month) => month.intercalary)) return 'A calendar needs at least one month that is not intercalary';
  const yearLength = months.reduce((sum, month) => sum + month.length, 0);
  if (yearLength > CALENDAR_LIMITS.yearLength) return `A year has ${CALENDAR_LIMITS.yearLength} days at most (this one has ${yearLength})`;
  const names = new Set<string>();
  for (const month of months) {
    const key = month.name.trim().toLowerCase();
    if (names.has(key)) return `Two months are called "${month.name}": month names must differ`;
    names.add(key);
  }

  const weekdays = calendar.weekdays;
  if (!Array.isArray(weekdays) || weekdays.length === 0) return 'A calendar needs at least one weekday';
  if (weekdays.length > CALENDAR_LIMITS.weekdays) return `A week has ${CALENDAR_LIMITS.weekdays} days at most`;
  if (!weekdays.every((day) => isText(day, CALENDAR_LIMITS.name))) return 'Every weekday needs a name';
  if (!isInt(calendar.first_weekday) || calendar.first_weekday < 0 || calendar.first_weekday >= weekdays.length) {
    return `The first weekday must be one of the ${weekdays.length} weekdays`;
  }
  if (typeof calendar.week_resets_each_month !== 'boolean') return 'week_resets_each_month must be true or false';

  const leapDays = calendar.leap_days;
  if (!Array.isArray(leapDays)) return 'leap_days must be a list';
  if (leapDays.length > CALENDAR_LIMITS.leapDays) return `A calendar has ${CALENDAR_LIMITS.leapDays} leap days at most`;
  for (const leapDay of leapDays) {
    if (!leapDay || typeof leapDay !== 'object') return 'A leap day must be an object';
    if (!isText(leapDay.name, CALENDAR_LIMITS.name)) return 'Every leap day needs a name';
    const label = `Leap day "${leapDay.name}"`;
    if (!isInt(leapDay.month) || leapDay.month < 0 || leapDay.month >= months.length) return `${label} must belong to one of the ${months.length} months`;
    if (!isInt(leapDay.offset)) return `${label}: the offset must be a whole number of years`;
    const rules = leapDay.rules;
    if (!Array.isArray(rules) || rules.length === 0) return `${label} needs a rule (every N years)`;
    if (rules.length > CALENDAR_LIMITS.leapRules) return `${label} has ${CALENDAR_LIMITS.leapRules} rules at most`;
    for (const rule of rules) {
      if (!rule || !isInt(rule.every) || rule.every < 1 || rule.every > 1_000_000) return `${label}: every rule needs a whole number of years from 1`;
      if (typeof rule.leap !== 'boolean') return `${label}: every rule must say leap or not`;
    }
    if (leapDay.intercalary !== undefined && typeof leapDay.intercalary !== 'boolean') return `${label}: intercalary must be true or false`;
    if (leapDay.after_day !== undefined) {
      const month = months[leapDay.month];
      // A day in the week, or one in a festival period, has no place of its own: it joins the end (as in Fantasy-Calendar).
      if (!leapDay.intercalary || month.intercalary) return `${label}: only a festival leap day in a month (not in a festival period) can sit after a given day`;
      if (!isInt(leapDay.after_day) || leapDay.after_day < 0 || leapDay.after_day > month.length) {
        return `${label} must come after a day of ${month.name} (0 to ${month.length}; 0 is before its first day)`;
      }
    }
    const sorted = sortRules(rules);
    for (let index = 1; index < sorted.length; index += 1) {
      if (sorted[index - 1].every % sorted[index].every !== 0) {
        return `${label}: rule intervals must each divide the larger one (like 400, 100, 4); ${sorted[index].every} does not divide ${sorted[index - 1].every}`;
      }
      if (sorted[index - 1].every === sorted[index].every) return `${label}: two rules share the interval ${sorted[index].every}`;
    }
  }

  const eras = calendar.eras;
  if (!Array.isArray(eras)) return 'eras must be a list';
  if (eras.length > CALENDAR_LIMITS.eras) return `A calendar has ${CALENDAR_LIMITS.eras} eras at most`;
  const starts = new Set<number>();
  for (const era of eras) {
    if (!era || typeof era !== 'object') return 'An era must be an object';
    if (!isText(era.name, CALENDAR_LIMITS.name)) return 'Every era needs a name';
    if (typeof era.abbreviation !== 'string' || era.abbreviation.length > 20) return `Era "${era.name}": the abbreviation is 20 characters at most`;
    if (!isInt(era.start_year) || Math.abs(era.start_year) > CALENDAR_LIMITS.year)
      return `Era "${era.name}" needs a start year between -${CALENDAR_LIMITS.year} and ${CALENDAR_LIMITS.year}`;
    if (typeof era.restart !== 'boolean') return `Era "${era.name}": restart must be true or false`;
    if (starts.has(era.start_year)) return `Two eras start in the year ${era.start_year}`;
    starts.add(era.start_year);
  }

  const moons = calendar.moons;
  if (!Array.isArray(moons)) return 'moons must be a list';
  if (moons.length > CALENDAR_LIMITS.moons) return `A calendar has ${CALENDAR_LIMITS.moons} moons at most`;
  for (const moon of moons) {
    if (!moon || typeof moon !== 'object') return 'A moon must be an object';
    if (!isText(moon.name, CALENDAR_LIMITS.name)) return 'Every moon needs a name';
    if (typeof moon.cycle !== 'number' || !Number.isFinite(moon.cycle) || moon.cycle < 1 || moon.cycle > 100_000) {
      return `Moon "${moon.name}" needs a cycle of at least 1 day`;
    }
    if (typeof moon.shift !== 'number' || !Number.isFinite(moon.shift)) return `Moon "${moon.name}": the shift must be a number of days`;
    if (!(MOON_PHASE_COUNTS as readonly number[]).includes(moon.phases)) return `Moon "${moon.name}": phases must be one of ${MOON_PHASE_COUNTS.join(', ')}`;
  }

  if (!isInt(calendar.epoch) || Math.abs(calendar.epoch) > 100_000_000) return 'The epoch must be a whole day number';
  if (calendar.year_zero_exists !== undefined && typeof calendar.year_zero_exists !== 'boolean') return 'year_zero_exists must be true or false';
  return null;
}

/** Largest interval first: the order the rules are decided in. */
export function sortRules(rules: readonly LeapRule[]): LeapRule[] {
  return [...rules].sort((a, b) => b.every - a.every);
}

/** The calendar with names trimmed, rules sorted and eras in start order: what is stored. */
export function normalizeCalendar(calendar: CalendarDefinition): CalendarDefinition {
  return {
    name: calendar.name.trim(),
    months: calendar.months.map((month) => ({
      name: month.name.trim(),
      length: month.length,
      ...(month.intercalary ? { intercalary: true } : {}),
    })),
    weekdays: calendar.weekdays.map((day) => day.trim()),
    first_weekday: calendar.first_weekday,
    week_resets_each_month: calendar.week_resets_each_month,
    leap_days: calendar.leap_days.map((leapDay) => ({
      name: leapDay.name.trim(),
      month: leapDay.month,
      // A place at the month's end is the same as none: stored one way.
      ...(leapDay.after_day !== undefined && leapDay.after_day !== calendar.months[leapDay.month]?.length ? { after_day: leapDay.after_day } : {}),
      rules: sortRules(leapDay.rules).map(({ every, leap }) => ({ every, leap })),
      offset: leapDay.offset,
      ...(leapDay.intercalary ? { intercalary: true } : {}),
    })),
    eras: [...calendar.eras]
      .sort((a, b) => a.start_year - b.start_year)
      .map((era) => ({ name: era.name.trim(), abbreviation: era.abbreviation.trim(), start_year: era.start_year, restart: era.restart })),
    moons: calendar.moons.map(({ name, cycle, shift, phases }) => ({ name: name.trim(), cycle, shift, phases })),
    epoch: calendar.epoch,
    ...(calendar.year_zero_exists === false ? { year_zero_exists: false } : {}),
  };
}
