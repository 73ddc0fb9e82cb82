import { describe, expect, it } from 'vitest';
import { tokenWeight } from '../../../text/tokens';
import { splitWords } from './split';

describe('splitWords on a word longer than a passage', () => {
  it('cuts it into pieces that each fit and together give back the word', () => {
    const word = 'abcdefghij'.repeat(20_000);
    const pieces = splitWords(`before ${word} after`, 100);
    for (const piece of pieces) expect(tokenWeight(piece)).toBeLessThanOrEqual(100);
    expect(pieces.join('').replace(/ /g, '')).toBe(`before${word}after`);
  });

  it('keeps a denser stretch within the limit too (the cut length is checked per piece)', () => {
    const word = `${'a'.repeat(5_000)}${'.,;'.repeat(2_000)}${'b'.repeat(5_000)}`;
    const pieces = splitWords(word, 50);
    for (const piece of pieces) expect(tokenWeight(piece)).toBeLessThanOrEqual(50);
    expect(pieces.join('')).toBe(word);
  });
});
