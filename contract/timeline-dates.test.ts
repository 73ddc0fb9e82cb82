import { describe, expect, it } from 'vitest';
import { dateProblem, dayNumber, formatDisplayDate, formatIsoDate, fromDayNumber, normalizeIsoDate, parseIsoDate, todayIso, weekdayOf } from './timeline-dates';
import { splitCommaList, stepZoom } from './timeline';

describe('timeline dates', () => {
  it('reads and writes astronomical years, with a sign outside 0000-9999', () => {
    expect(parseIsoDate('-0500-03-01')).toEqual({ year: -500, month: 3, day: 1 });
    expect(formatIsoDate({ year: -500, month: 3, day: 1 })).toBe('-0500-03-01');
    expect(formatIsoDate({ year: 0, month: 12, day: 31 })).toBe('0000-12-31');
    expect(formatIsoDate({ year: 12000, month: 6, day: 1 })).toBe('+12000-06-01');
    expect(normalizeIsoDate('12000-6-1')).toBe('+12000-06-01');
    expect(normalizeIsoDate(' 1492-10-12 ')).toBe('1492-10-12');
    expect(normalizeIsoDate('-0000-01-01')).toBe('0000-01-01');
  });

  it('explains what is wrong with a typed date', () => {
    expect(dateProblem('')).toBe('Date is required');
    expect(dateProblem('12/10/1492')).toMatch(/YYYY-MM-DD/);
    expect(dateProblem('92-10-12')).toMatch(/YYYY-MM-DD/);
    expect(dateProblem('1492-13-01')).toBe('The month of a date runs from 01 to 12');
    expect(dateProblem('1493-02-29')).toBe('No such date: February 1493 has 28 days');
    expect(dateProblem('-4713-01-01')).toMatch(/4713 BC/);
    expect(dateProblem('+100000-01-01')).not.toBeNull();
    expect(dateProblem('-4712-01-01')).toBeNull();
    expect(dateProblem('+99999-12-31')).toBeNull();
  });

  it('uses the proleptic Gregorian calendar: 1 BC (year 0) and 1600 are leap years, 1700 is not', () => {
    expect(dateProblem('0000-02-29')).toBeNull();
    expect(dateProblem('1600-02-29')).toBeNull();
    expect(dateProblem('1700-02-29')).toBe('No such date: February 1700 has 28 days');
    expect(dateProblem('-0004-02-29')).toBeNull();
    expect(dateProblem('-0001-02-29')).toBe('No such date: February 2 BC has 28 days');
    expect(dayNumber({ year: 1, month: 1, day: 1 }) - dayNumber({ year: 0, month: 1, day: 1 })).toBe(366);
  });

  it('numbers days exactly as JavaScript dates do, far before and after today', () => {
    for (const [year, month, day] of [
      [1970, 1, 1],
      [2000, 2, 29],
      [1, 1, 1],
      [0, 3, 1],
      [-500, 3, 1],
      [-4712, 1, 1],
      [12000, 6, 1],
      [99999, 12, 31],
    ]) {
      const js = new Date(0);
      js.setUTCFullYear(year, month - 1, day);
      const days = dayNumber({ year, month, day });
      expect(days).toBe(Math.round(js.getTime() / 86_400_000));
      expect(fromDayNumber(days)).toEqual({ year, month, day });
      expect(weekdayOf(days)).toBe(js.getUTCDay());
    }
  });

  it('shows years before 1 as BC for people', () => {
    expect(formatDisplayDate('-0500-03-01')).toBe('1 March 501 BC');
    expect(formatDisplayDate('0000-07-04', 'short')).toBe('4 Jul 1 BC');
    expect(formatDisplayDate('+12000-06-01')).toBe('1 June 12000');
  });

  it("defaults to the viewer's local today", () => {
    expect(todayIso(new Date(2031, 0, 5, 23, 30))).toBe('2031-01-05');
  });
});

describe('timeline lists and zoom', () => {
  it('splits participants and tags on commas, trimmed, without blanks or repeats', () => {
    expect(splitCommaList(' Aria , ,Borin,, Aria ,Cass ')).toEqual(['Aria', 'Borin', 'Cass']);
    expect(splitCommaList(['  x ', '', 'y'])).toEqual(['x', 'y']);
    expect(splitCommaList(undefined)).toEqual([]);
  });

  it('steps zoom one level and stops at the ends', () => {
    expect(stepZoom('year', 'in')).toBe('month');
    expect(stepZoom('day', 'in')).toBe('day');
    expect(stepZoom('week', 'out')).toBe('month');
    expect(stepZoom('year', 'out')).toBe('year');
  });
});
