import { describe, expect, it } from 'vitest';
import { locateQuote, pageAtOffset, parseQuoteRange, splitAtRange } from './citation-target';

describe('parseQuoteRange', () => {
  it('reads START-END inside the content', () => {
    expect(parseQuoteRange('12-40', 100)).toEqual({ start: 12, end: 40 });
    expect(parseQuoteRange('0-100', 100)).toEqual({ start: 0, end: 100 });
  });
  it('ignores ranges that are empty, reversed, outside the content or not numbers', () => {
    for (const at of [null, undefined, '', '40-12', '5-5', '0-101', '-1-4', 'a-b', '1e3-2e3', '12', '3-4-5', '99999999999-99999999999']) {
      expect(parseQuoteRange(at, 100)).toBeNull();
    }
  });
});

describe('pageAtOffset', () => {
  const content = 'page one\n\f\npage two\n\f\npage three';
  it('counts the form feeds before the offset', () => {
    expect(pageAtOffset(content, 0)).toBe(1);
    expect(pageAtOffset(content, content.indexOf('two'))).toBe(2);
    expect(pageAtOffset(content, content.indexOf('three'))).toBe(3);
    expect(pageAtOffset(content, 10_000)).toBe(3);
    expect(pageAtOffset('no pages', 3)).toBe(1);
  });
});

describe('locateQuote', () => {
  it('finds a quote spread over spans, whatever their spacing', () => {
    const spans = ['Cover and Concealment', 'Half cover grants a +2', ' bonus to AC', 'and Dexterity saving throws.'];
    expect(locateQuote(spans, 'grants a +2 bonus to AC and Dexterity')).toEqual([
      { piece: 1, start: 11, end: 22 },
      { piece: 2, start: 1, end: 12 },
      { piece: 3, start: 0, end: 13 },
    ]);
  });
  it('ignores case, ligatures and soft hyphens', () => {
    expect(locateQuote(['The ﬁre', 'ball expl\u00adodes'], 'fireball explodes')).toEqual([
      { piece: 0, start: 4, end: 7 },
      { piece: 1, start: 0, end: 14 },
    ]);
  });
  it('marks where a long quote starts when the whole of it is not on the page', () => {
    const spans = ['Initiative is rolled once per encounter by every creature present.'];
    const ranges = locateQuote(spans, 'Initiative is rolled once per encounter by every creature present. It continues on the next page.');
    expect(ranges).toHaveLength(1);
    expect(ranges[0].start).toBe(0);
    expect(spans[0].slice(ranges[0].start, ranges[0].end)).toMatch(/^Initiative is rolled once per encounter/);
  });
  it('returns nothing for a quote that is not there', () => {
    expect(locateQuote(['Initiative is rolled once'], 'the owlbear')).toEqual([]);
    expect(locateQuote(['text'], '   ')).toEqual([]);
  });
});

describe('splitAtRange', () => {
  it('cuts the text around the quote', () => {
    expect(splitAtRange('abcdef', { start: 2, end: 4 })).toEqual(['ab', 'cd', 'ef']);
    expect(splitAtRange('abc', { start: 1, end: 9 })).toBeNull();
    expect(splitAtRange('abc', null)).toBeNull();
  });
});
