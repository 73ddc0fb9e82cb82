import type { Calendar } from './calendar';
import { customCalendar } from './custom';
import type { CalendarDefinition } from './definition';
import { gregorianCalendar } from './gregorian';

export * from './calendar';
export * from './definition';
export { gregorianCalendar } from './gregorian';
export { customCalendar, isLeapFor, leapYearsBefore, moonPhase } from './custom';

/** The campaign's calendar: its own definition, or the proleptic Gregorian one when it has none. */
export function calendarOf(definition: CalendarDefinition | null | undefined): Calendar {
  return definition ? customCalendar(definition) : gregorianCalendar;
}
