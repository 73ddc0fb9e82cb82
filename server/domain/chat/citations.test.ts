import { describe, expect, it } from 'vitest';
import { locateQuote } from './citations';

describe('locateQuote', () => {
  const content =
    '#### Fireball\n**Range:** 150 feet\nA bright streak.\n#### Delayed Blast Fireball\n**Range:** 150 feet\n| Longsword   | 15 gp | 1d8 slashing    |\n';

  it('finds the quote from where its passage starts, so a repeated line lands in the right unit', () => {
    const second = content.indexOf('#### Delayed');
    expect(locateQuote(content, '**Range:** 150 feet', second)).toEqual({
      start: content.indexOf('**Range:**', second),
      end: content.indexOf('**Range:**', second) + 19,
    });
    expect(locateQuote(content, '**Range:** 150 feet')!.start).toBe(content.indexOf('**Range:**'));
  });

  it('finds a table row the chunker rebuilt, as the document writes it', () => {
    const found = locateQuote(content, 'Longsword | 15 gp | 1d8 slashing')!;
    expect(content.slice(found.start, found.end)).toBe('Longsword   | 15 gp | 1d8 slashing');
  });

  it('answers null for words the document does not hold', () => {
    expect(locateQuote(content, 'Magic Missile')).toBeNull();
  });
});
