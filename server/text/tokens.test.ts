import { describe, expect, it } from 'vitest';
import { estimateTokens } from './tokens';

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
