import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarOf, normalizeCalendar, type Calendar } from '../../../../contract/calendar';
import { scoreLogs } from '../../../../bench/timeline/session-log-score';
import { importFantasyCalendar } from '../fantasy-calendar';
import { createDateReader } from './in-world-dates';
import { isTableTalk } from './table-talk';

const harptos = calendarOf(
  importFantasyCalendar(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/fantasy-calendar/harptos.json'), 'utf8'))).definition,
);
const gregorian = calendarOf(null);

function reads(calendar: Calendar, text: string, context: string | null = null) {
  const found = createDateReader(calendar)(text, context === null ? null : (calendar.parse(context) as { day: number }).day);
  return found && { date: calendar.format(calendar.fromDay(found.day)), absolute: found.absolute };
}

describe('in-world dates read from session notes', () => {
  it("reads every way of writing a Harptos date, the app's own labels included", () => {
    const cases: Array<[string, string]> = [
      ['On 28 Flamerule 1372 the party rode out.', '1372-09-28'],
      ['On 1 Eleasis 1372 they were ambushed.', '1372-11-01'],
      ['Flamerule 28th, 1372: a storm.', '1372-09-28'],
      ['the first of Eleasis, 1372', '1372-11-01'],
      ['the twenty-eighth day of Flamerule in the year 1372', '1372-09-28'],
      ['28 Flamerule 1372 DR', '1372-09-28'],
      ['Flam. 28, 1372', '1372-09-28'],
      ['Midwinter, 1372 DR', '1372-02-01'],
      ['They feasted at Midsummer 1372.', '1372-10-01'],
      ['Shieldmeet, 1372 DR: the pact is signed', '1372-10-02'],
      ['The Feast of the Moon, 1372', '1372-16-01'],
    ];
    for (const [text, date] of cases) expect(reads(harptos, text), text).toEqual({ date, absolute: true });
    // Without a year, the date before gives it.
    expect(reads(harptos, 'Flamerule 28th: a storm.', '1372-09-01')).toEqual({ date: '1372-09-28', absolute: true });
    // Not dates: a lower-case word that happens to be a name, a number of things.
    expect(reads(harptos, 'a hammer 3 feet long')).toBeNull();
  });

  it('reads a festival day whose name starts with an article, written as a name', () => {
    const tides = calendarOf(
      normalizeCalendar({
        name: 'Tides',
        months: [
          { name: 'Saltmarch', length: 28 },
          { name: 'the Drowning', length: 1, intercalary: true },
          { name: 'Brightwake', length: 28 },
        ],
        weekdays: ['One', 'Two', 'Three'],
        first_weekday: 0,
        week_resets_each_month: false,
        leap_days: [],
        eras: [],
        moons: [],
        epoch: 0,
      }),
    );
    expect(reads(tides, 'On the Drowning the tide uncovers the chapel.', '0212-01-10')).toEqual({ date: '0212-02-01', absolute: true });
    expect(reads(tides, 'we talked about the drowning of the crew', '0212-01-10')).toBeNull();
  });

  it('reads Gregorian dates and abbreviations', () => {
    expect(reads(gregorian, 'on March 3rd, 1923, we arrived')).toEqual({ date: '1923-03-03', absolute: true });
    expect(reads(gregorian, 'Sept 9 1923')).toEqual({ date: '1923-09-09', absolute: true });
    expect(reads(gregorian, '4 July 501 BC')).toEqual({ date: '-0500-07-04', absolute: true });
    // A log's real-world timestamp in ISO form is not an in-world date.
    expect(reads(gregorian, 'played 2026-03-14')).toBeNull();
  });

  it('counts relative phrases from the date before, in the calendar’s own weeks and months', () => {
    const cases: Array<[string, string]> = [
      ['The next morning they left.', '1372-09-29'],
      ['At dawn the following day', '1372-09-29'],
      ['Three days later', '1372-10-01'],
      // Flamerule 29 and 30, Midsummer, Shieldmeet (1372 is a leap year), then Eleasis.
      ['A tenday later', '1372-11-06'],
      ['a week later', '1372-11-06'],
      ['after two days of travel', '1372-09-30'],
      ['the day before', '1372-09-27'],
    ];
    for (const [text, date] of cases) expect(reads(harptos, text, '1372-09-28'), text).toEqual({ date, absolute: false });
    expect(reads(harptos, 'three days later')).toBeNull();
  });

  it('finds the next new or full moon where the calendar has moons', () => {
    const found = reads(harptos, 'on the new moon the herald came', '1372-09-01')!;
    const day = (harptos.parse(found.date) as { day: number }).day;
    expect(harptos.moonPhases(day)[0].phase).toBe('New Moon');
    expect(harptos.moonPhases(day - 1)[0].phase).not.toBe('New Moon');
    expect(day - (harptos.parse('1372-09-01') as { day: number }).day).toBeLessThan(31);
    expect(reads(gregorian, 'on the new moon', '1923-03-01')).toBeNull();
  });
});

describe('table talk', () => {
  it('is never an event: attendance, XP, dice, out of character, breaks', () => {
    for (const text of [
      'Present: Jo (Brenna), Sam (Tavi)',
      'XP: 1,200 each.',
      'Jo rolled three natural 20s in a row and we stopped for pizza.',
      'Out of character we spent a while guessing who the traitor is.',
      '(OOC: Dana had to leave early.)',
      'Break for snacks.',
      'Everyone levelled up to level 5.',
      'Session ends.',
    ]) {
      expect(isTableTalk(text), text).toBe(true);
    }
    for (const text of ['The barrel rolled down the hill into the river.', 'The party breaks into the Crane house.', 'Corvin wins the archery contest.']) {
      expect(isTableTalk(text), text).toBe(false);
    }
  });
});

describe('the tuning half of the session logs (bench/timeline/session-logs)', () => {
  it('finds every event, dates every one from the text, and proposes at most one non-event a log', () => {
    for (const score of scoreLogs('tuning')) {
      expect(score.found, score.log).toBe(score.expected);
      expect(score.datedFromText, `${score.log}: ${score.misses.join('; ')}`).toBe(score.expected);
      expect(score.nonEvents, `${score.log}: ${score.misses.join('; ')}`).toBeLessThanOrEqual(1);
    }
  });
});
