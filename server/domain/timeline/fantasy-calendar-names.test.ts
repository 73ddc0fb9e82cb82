import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarOf } from '../../../contract/calendar';
import { importFantasyCalendar } from './fantasy-calendar';

const harptos = calendarOf(
  importFantasyCalendar(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/fantasy-calendar/harptos.json'), 'utf8'))).definition,
);
const labelsFrom = (date: string, count: number) => {
  const first = (harptos.parse(date) as { day: number }).day;
  return Array.from({ length: count }, (_, index) => harptos.label(first + index));
};

describe('Fantasy-Calendar festival and leap days read by their own names, in their place', () => {
  it('Midsummer is "Midsummer" in every year, and Shieldmeet follows it only in a leap year', () => {
    expect(labelsFrom('1371-09-30', 3)).toEqual(['30 Flamerule 1371 DR', 'Midsummer, 1371 DR', '1 Eleasis 1371 DR']);
    expect(labelsFrom('1372-09-30', 4)).toEqual(['30 Flamerule 1372 DR', 'Midsummer, 1372 DR', 'Shieldmeet, 1372 DR', '1 Eleasis 1372 DR']);
    expect(harptos.weekdayOf((harptos.parse('1372-10-02') as { day: number }).day)).toBeNull();
  });
});
