/**
 * Scores the offline proposal engine on the session logs under session-logs/: for each log,
 * the events found (an expected passage proposed), the non-events proposed (a proposal that is
 * none of the expected events), and the events dated from the text (found, not marked estimated,
 * on the expected day). `tuning/` is what the engine was tuned on; `held-out/` was never used
 * for tuning and gives the honest figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { calendarOf, normalizeCalendar, type Calendar, type CalendarDefinition } from '../../contract/calendar';
import { importFantasyCalendar } from '../../server/domain/timeline/fantasy-calendar';
import { proposeFromNotes } from '../../server/domain/timeline/proposals/session-notes';

export const LOGS_DIR = path.join(import.meta.dirname, 'session-logs');

export interface LogScore {
  log: string;
  expected: number;
  found: number;
  nonEvents: number;
  datedFromText: number;
  misses: string[];
}

function calendarNamed(name: string): Calendar {
  if (name === 'gregorian') return calendarOf(null);
  if (name === 'harptos') {
    const file = path.join(import.meta.dirname, '../../server/domain/timeline/fixtures/fantasy-calendar/harptos.json');
    return calendarOf(importFantasyCalendar(JSON.parse(fs.readFileSync(file, 'utf8'))).definition);
  }
  const definitions = JSON.parse(fs.readFileSync(path.join(LOGS_DIR, 'calendars.json'), 'utf8')) as Record<string, CalendarDefinition>;
  return calendarOf(normalizeCalendar(definitions[name]));
}

export function scoreLogs(half: 'tuning' | 'held-out'): LogScore[] {
  const dir = path.join(LOGS_DIR, half);
  const names = fs.readdirSync(dir);
  // An expectation without its log (a log once went missing behind .gitignore's *.log) fails the bench.
  const stems = new Set(names.filter((name) => !name.endsWith('.json')).map((name) => name.replace(/\.[^.]+$/, '')));
  const orphans = names.filter((name) => name.endsWith('.json') && !stems.has(name.replace(/\.json$/, '')));
  if (orphans.length > 0) throw new Error(`${half}: expectations without a log: ${orphans.join(', ')}`);
  return names
    .filter((name) => !name.endsWith('.json'))
    .sort()
    .map((name) => {
      const expectation = JSON.parse(fs.readFileSync(path.join(dir, name.replace(/\.[^.]+$/, '.json')), 'utf8')) as {
        calendar: string;
        events: Array<{ quote: string; date: string }>;
      };
      const calendar = calendarNamed(expectation.calendar);
      // No campaign events and no calendar date to fall back on: the engine's last resort, year 1.
      const proposals = proposeFromNotes(fs.readFileSync(path.join(dir, name), 'utf8'), calendar, calendar.toDay({ year: 1, month: 1, day: 1 }));
      const matched = new Set<number>();
      const misses: string[] = [];
      let found = 0;
      let datedFromText = 0;
      for (const event of expectation.events) {
        const index = proposals.findIndex((proposal) => proposal.quote.includes(event.quote));
        if (index < 0) {
          misses.push(`not proposed: ${event.quote}`);
          continue;
        }
        matched.add(index);
        found += 1;
        const proposal = proposals[index];
        const date = proposal.day === null ? null : calendar.format(calendar.fromDay(proposal.day));
        if (!proposal.estimated && date === event.date) datedFromText += 1;
        else misses.push(`${event.quote}: ${date}${proposal.estimated ? ' (estimated)' : ''}, expected ${event.date}`);
      }
      const extra = proposals.filter((_, index) => !matched.has(index));
      for (const proposal of extra) misses.push(`non-event: ${proposal.quote}`);
      return { log: name, expected: expectation.events.length, found, nonEvents: extra.length, datedFromText, misses };
    });
}
