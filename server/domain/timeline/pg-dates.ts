import { sql } from 'kysely';
import { formatIsoDate, parseIsoDate } from '../../../contract/timeline-dates';

/**
 * Between the API's ISO dates with astronomical years and Postgres' `date`, which writes
 * years before 1 as 'YYYY-MM-DD BC' (no year zero: astronomical 0 is 1 BC, -500 is 501 BC).
 * Reading goes through to_char so neither driver turns a BC date into a JavaScript Date.
 */
export function toPgDate(iso: string): string {
  const date = parseIsoDate(iso);
  if (!date) throw new Error(`not a valid timeline date: ${iso}`);
  const month = String(date.month).padStart(2, '0');
  const day = String(date.day).padStart(2, '0');
  return date.year <= 0
    ? `${String(1 - date.year).padStart(4, '0')}-${month}-${day} BC`
    : `${String(date.year).padStart(4, '0')}-${month}-${day}`;
}

export function fromPgDate(text: string): string {
  const match = /^(\d+)-(\d{2})-(\d{2}) (AD|BC)$/.exec(text.trim());
  if (!match) throw new Error(`unexpected date from the database: ${text}`);
  const year = Number(match[1]);
  return formatIsoDate({ year: match[4] === 'BC' ? 1 - year : year, month: Number(match[2]), day: Number(match[3]) });
}

/** The event's date as to_char text, for fromPgDate. */
export const eventDateText = sql<string>`to_char(timeline_events.event_date, 'YYYY-MM-DD BC')`;
