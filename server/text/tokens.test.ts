import { describe, expect, it } from 'vitest';
import { estimateTokens, tokenWeight } from './tokens';

describe('estimateTokens', () => {
  it('is zero for empty or blank text and at least one otherwise', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(' \n\t ')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
  });

  it('lands near four characters a token for English prose, deterministically', () => {
    const prose =
      'A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). ' +
      'When a creature runs out of breath or is choking, it can survive for a number of rounds equal to its Constitution modifier.';
    const estimate = estimateTokens(prose);
    expect(estimate).toBe(estimateTokens(prose));
    expect(estimate).toBeGreaterThan(prose.length / 5);
    expect(estimate).toBeLessThan(prose.length / 3);
  });

  it('grows with the text and counts ideographs about one each', () => {
    expect(estimateTokens('word '.repeat(200))).toBeGreaterThan(estimateTokens('word '.repeat(100)) * 1.9);
    expect(estimateTokens('竜の宝物は山の下に眠る')).toBeGreaterThanOrEqual(11);
  });
});

/** The estimate as it was written first, with regular expressions: the oracle for the one-pass count. */
function tokenWeightByPatterns(text: string): number {
  const WIDE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
  const wide = text.match(WIDE)?.length ?? 0;
  const rest = wide ? text.replace(WIDE, ' ') : text;
  const byChars = rest.replace(/\s+/g, ' ').length / 4;
  const words = rest.match(/[\p{L}\p{M}\p{N}]+/gu)?.length ?? 0;
  const punct = rest.match(/[^\s\p{L}\p{M}\p{N}]/gu)?.length ?? 0;
  const byWords = words * 1.3 + punct * 0.5;
  return wide + (byChars + byWords) / 2;
}

describe('tokenWeight', () => {
  // Letters, marks, digits, punctuation, every kind of space, ideographs, kana, hangul, characters
  // outside the basic plane (a letter, an emoji) and lone surrogates.
  const pieces = [
    'a',
    'Z',
    '7',
    'é',
    'e\u0301',
    'ж',
    'ع',
    '٣',
    '.',
    ',',
    '—',
    '(',
    '’',
    ' ',
    '  ',
    '\n',
    '\t',
    '\r\n',
    '\u00a0',
    '\u2003',
    '\u3000',
    '\ufeff',
    '\u2028',
    '竜',
    'の',
    'ひ',
    '한',
    '\uf900',
    '\u{1d400}',
    '😀',
    '\ud800',
    '\udc00',
    'word',
    'x1',
  ];

  it('counts as the regular expressions do, on texts of every kind of character', () => {
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let n = 0; n < 2_000; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(tokenWeight(text), JSON.stringify(text)).toBe(tokenWeightByPatterns(text));
    }
    const prose = 'The dragon’s hoard (some 2,000 gp) lies under Emberfall — 竜の宝物 — guarded by 😀 wyrmlings.\n\n';
    expect(tokenWeight(prose.repeat(50))).toBe(tokenWeightByPatterns(prose.repeat(50)));
  });
});
