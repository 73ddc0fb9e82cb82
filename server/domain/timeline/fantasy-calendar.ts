/**
 * Fantasy-Calendar.com's JSON export, the de facto exchange format for invented calendars:
 * `{ name, static_data: { year_data: { global_week, first_day, overflow, timespans, leap_days },
 * moons, eras, clock, seasons, settings, event_data, ... }, dynamic_data: { year, timespan, day,
 * epoch, ... } }`. Its epoch 0 is year 1's first day; `first_day` is the 1-based weekday of that
 * day; a leap day's `interval` reads like "400,!100,4" (a "!" rule is an exception, a "+" rule
 * ignores the offset); years skip 0 unless `settings.year_zero_exists`.
 *
 * Import reads what our model carries (months, intercalary periods, weekdays, leap days, eras,
 * moons) and keeps the whole document, so an export writes back what we do not model
 * (clock, seasons, weather, events, categories) untouched.
 */
import { calendarProblem, GREGORIAN_YEAR_ONE, MOON_PHASE_COUNTS, normalizeCalendar, type CalendarDefinition, type LeapRule } from '../../../contract/calendar';
import { badRequest } from '../errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const refuse = (message: string) => badRequest(`Not a Fantasy-Calendar.com calendar we can read: ${message}`);

function list(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw refuse(`${where} must be a list`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw refuse(`${where} needs a name`);
  return value;
}

function number(value: unknown, where: string): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw refuse(`${where} must be a number`);
  return parsed;
}

/** "400,!100,4" -> rules, largest interval first. */
export function parseLeapInterval(interval: unknown, offset: number, where: string): LeapRule[] {
  const source = typeof interval === 'number' ? String(interval) : interval;
  if (typeof source !== 'string' || source.trim() === '') throw refuse(`${where} has no interval`);
  return source.split(',').map((token) => {
    const match = /^\s*(\+)?(!)?(\+)?(\d+)\s*$/.exec(token);
    if (!match) throw refuse(`${where} has an interval we cannot read ("${source}")`);
    if ((match[1] || match[3]) && offset !== 0) throw refuse(`${where} mixes rules that ignore the offset with an offset; Tomekeeper cannot read that yet`);
    return { every: Number(match[4]), leap: !match[2] };
  });
}

export function formatLeapInterval(rules: LeapRule[]): string {
  return rules.map((rule) => `${rule.leap ? '' : '!'}${rule.every}`).join(',');
}

/** Whether Fantasy-Calendar reads a leap day's `day`: for a festival leap day in a month, not in a festival period. */
const placedByDay = (intercalary: boolean | undefined, month: { intercalary?: boolean } | undefined) => Boolean(intercalary && month && !month.intercalary);

/** Fantasy-Calendar's year numbers skip 0 unless the calendar says otherwise. */
const toOurYear = (year: number, zeroExists: boolean) => (zeroExists || year > 0 ? year : year + 1);
const toTheirYear = (year: number, zeroExists: boolean) => (zeroExists || year > 0 ? year : year - 1);

export interface ImportedCalendar {
  definition: CalendarDefinition;
  source: Json;
}

/** Reads an export; throws a 400 naming the first problem. `epoch` places year 1's first day (default: 1 January 1 AD). */
export function importFantasyCalendar(document: unknown, epoch = GREGORIAN_YEAR_ONE): ImportedCalendar {
  if (!isObject(document)) throw refuse('the file must hold a JSON object');
  const staticData = document.static_data;
  if (!isObject(staticData)) throw refuse('static_data is missing');
  const yearData = staticData.year_data;
  if (!isObject(yearData)) throw refuse('static_data.year_data is missing');
  const settings = isObject(staticData.settings) ? staticData.settings : {};
  const zeroExists = settings.year_zero_exists === true;

  const timespans = list(yearData.timespans, 'year_data.timespans');
  if (timespans.length === 0) throw refuse('year_data.timespans has no months');
  const months = timespans.map((span, index) => {
    if (!isObject(span)) throw refuse(`timespan ${index + 1} must be an object`);
    const name = text(span.name, `Timespan ${index + 1}`);
    const interval = span.interval === undefined ? 1 : number(span.interval, `Timespan "${name}" interval`);
    if (interval !== 1) throw refuse(`month "${name}" appears only every ${interval} years; Tomekeeper cannot read such months yet`);
    const length = number(span.length, `Timespan "${name}" length`);
    return { name, length, ...(span.type === 'intercalary' ? { intercalary: true } : {}) };
  });

  const weekdays = list(yearData.global_week, 'year_data.global_week').map((day, index) => text(day, `Weekday ${index + 1}`));
  const firstDay = yearData.first_day === undefined ? 1 : number(yearData.first_day, 'year_data.first_day');

  const leapDays = list(yearData.leap_days, 'year_data.leap_days').map((leap, index) => {
    if (!isObject(leap)) throw refuse(`leap day ${index + 1} must be an object`);
    const name = text(leap.name, `Leap day ${index + 1}`);
    const offset = leap.offset === undefined ? 0 : number(leap.offset, `Leap day "${name}" offset`);
    const month = number(leap.timespan, `Leap day "${name}" timespan`);
    const intercalary = leap.intercalary === true;
    return {
      name,
      month,
      // `day` places only a festival leap day in a month (0: before its first day); elsewhere the day joins the end.
      ...(placedByDay(intercalary, months[month]) ? { after_day: leap.day === undefined ? 0 : number(leap.day, `Leap day "${name}" day`) } : {}),
      rules: parseLeapInterval(leap.interval, offset, `Leap day "${name}"`),
      offset,
      ...(intercalary ? { intercalary: true } : {}),
    };
  });

  const moons = list(staticData.moons, 'static_data.moons').map((moon, index) => {
    if (!isObject(moon)) throw refuse(`moon ${index + 1} must be an object`);
    const name = text(moon.name, `Moon ${index + 1}`);
    const granularity = moon.granularity === undefined ? 8 : number(moon.granularity, `Moon "${name}" granularity`);
    const phases = (MOON_PHASE_COUNTS as readonly number[]).reduce(
      (best, count) => (Math.abs(count - granularity) < Math.abs(best - granularity) ? count : best),
      8,
    );
    return { name, cycle: number(moon.cycle, `Moon "${name}" cycle`), shift: moon.shift === undefined ? 0 : number(moon.shift, `Moon "${name}" shift`), phases };
  });

  const eras = list(staticData.eras, 'static_data.eras').map((era, index) => {
    if (!isObject(era)) throw refuse(`era ${index + 1} must be an object`);
    const name = text(era.name, `Era ${index + 1}`);
    const date = isObject(era.date) ? era.date : {};
    let year = toOurYear(number(date.year ?? 1, `Era "${name}" year`), zeroExists);
    // An era dated on its year's last day (as the Earth preset dates Anno Domini) begins with the next year.
    const spanIndex = typeof date.timespan === 'number' ? date.timespan : 0;
    if (spanIndex === months.length - 1 && typeof date.day === 'number' && date.day >= months[spanIndex].length) year += 1;
    const eraSettings = isObject(era.settings) ? era.settings : {};
    return {
      name,
      abbreviation: typeof era.abbreviation === 'string' ? era.abbreviation : '',
      start_year: year,
      restart: eraSettings.restart === true,
    };
  });

  const definition = {
    name: typeof document.name === 'string' && document.name.trim() ? document.name : 'Imported calendar',
    months,
    weekdays,
    first_weekday: firstDay - 1,
    week_resets_each_month: yearData.overflow === false,
    leap_days: leapDays,
    eras,
    moons,
    epoch,
    year_zero_exists: zeroExists,
  } as CalendarDefinition;
  const problem = calendarProblem(definition);
  if (problem) throw refuse(problem);
  return { definition: normalizeCalendar(definition), source: document };
}

/** An export of the definition, written over the imported document (if any) so what we do not model survives. */
export function exportFantasyCalendar(definition: CalendarDefinition, source: unknown): Json {
  const base: Json = isObject(source) ? structuredClone(source) : { name: definition.name, dynamic_data: { year: 1, timespan: 0, day: 1, epoch: 0 } };
  const staticData: Json = isObject(base.static_data) ? base.static_data : {};
  const yearData: Json = isObject(staticData.year_data) ? staticData.year_data : {};
  const settings: Json = isObject(staticData.settings) ? staticData.settings : {};
  settings.year_zero_exists = definition.year_zero_exists !== false;
  const zeroExists = settings.year_zero_exists === true;
  const old = (value: unknown, index: number): Json => {
    const items = Array.isArray(value) ? value : [];
    return isObject(items[index]) ? items[index] : {};
  };

  yearData.global_week = [...definition.weekdays];
  yearData.first_day = definition.first_weekday + 1;
  yearData.overflow = !definition.week_resets_each_month;
  yearData.timespans = definition.months.map((month, index) => ({
    ...old(yearData.timespans, index),
    name: month.name,
    type: month.intercalary ? 'intercalary' : 'month',
    length: month.length,
    interval: 1,
    offset: Number(old(yearData.timespans, index).offset ?? 0),
  }));
  yearData.leap_days = definition.leap_days.map((leapDay, index) => {
    const month = definition.months[leapDay.month];
    return {
      adds_week_day: false,
      day: 0,
      ...old(yearData.leap_days, index),
      intercalary: leapDay.intercalary === true,
      name: leapDay.name,
      timespan: leapDay.month,
      ...(placedByDay(leapDay.intercalary, month) ? { day: leapDay.after_day ?? month.length } : {}),
      interval: formatLeapInterval(leapDay.rules),
      offset: leapDay.offset,
    };
  });
  staticData.year_data = yearData;
  staticData.moons = definition.moons.map((moon, index) => ({
    color: '#ffffff',
    hidden: false,
    ...old(staticData.moons, index),
    name: moon.name,
    cycle: moon.cycle,
    shift: moon.shift,
    granularity: moon.phases,
  }));
  staticData.eras = definition.eras.map((era, index) => {
    const previous = old(staticData.eras, index);
    const previousSettings = isObject(previous.settings) ? previous.settings : {};
    const previousDate = isObject(previous.date) ? previous.date : {};
    // Keep the imported date when it still names the same starting year.
    const sameYear = typeof previousDate.year === 'number' && importEraYear(previousDate, definition, zeroExists) === era.start_year;
    return {
      description: '',
      ...previous,
      name: era.name,
      abbreviation: era.abbreviation,
      settings: isObject(previous.settings)
        ? { ...previousSettings, restart: era.restart }
        : { show_as_event: false, event_category: -1, ends_year: false, restart: era.restart },
      date: sameYear ? previousDate : { year: toTheirYear(era.start_year, zeroExists), timespan: 0, day: 1 },
    };
  });
  staticData.settings = settings;
  base.static_data = staticData;
  base.name = definition.name;
  return base;
}

function importEraYear(date: Json, definition: CalendarDefinition, zeroExists: boolean): number {
  let year = toOurYear(Number(date.year), zeroExists);
  const last = definition.months.length - 1;
  if (date.timespan === last && typeof date.day === 'number' && date.day >= definition.months[last].length) year += 1;
  return year;
}
