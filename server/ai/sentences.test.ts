import { describe, expect, it } from 'vitest';
import { quotableSpan, splitSentences } from './sentences';

const texts = (source: string) => splitSentences(source).map((span) => span.text);

describe('splitSentences', () => {
  it('splits prose into sentences whose spans are verbatim slices of the source', () => {
    const source = 'A creature can hold its breath. It can survive for rounds!  Then what? It drops to 0 hit points.';
    const spans = splitSentences(source);
    expect(spans.map((span) => span.text)).toEqual(['A creature can hold its breath.', 'It can survive for rounds!', 'Then what?', 'It drops to 0 hit points.']);
    for (const span of spans) expect(source.slice(span.start, span.end)).toBe(span.text);
  });

  it('does not split after abbreviations, initials or before a lowercase word', () => {
    expect(texts('Some spells (e.g. Fireball) deal damage. See p. 12 for details. Written by J. R. Smith.')).toEqual([
      'Some spells (e.g. Fireball) deal damage.',
      'See p. 12 for details.',
      'Written by J. R. Smith.',
    ]);
    expect(texts('The DC is 15. or higher at night.')).toEqual(['The DC is 15. or higher at night.']);
  });

  it('treats soft line wraps as spaces but breaks at list items, headings and blank lines', () => {
    const source = '## Falling\nA creature takes 1d6 damage\nfor every 10 feet.\n- It lands prone\n- It may roll\n\nNext paragraph';
    expect(texts(source)).toEqual(['## Falling', 'A creature takes 1d6 damage\nfor every 10 feet.', '- It lands prone', '- It may roll', 'Next paragraph']);
  });

  it('breaks after a title line but not after prose wrapped before a capitalised word', () => {
    expect(texts('Suffocating\nA creature can hold its breath for a number of minutes equal to 1 + its\nConstitution modifier.')).toEqual([
      'Suffocating',
      'A creature can hold its breath for a number of minutes equal to 1 + its\nConstitution modifier.',
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(splitSentences('  \n ')).toEqual([]);
  });

  it('keeps a list item that wraps onto the next line whole, and quotes it without its marker', () => {
    const source = '- **Greywater**: a harbour town ruled in name by Magistrate Hollis Quenby and in\n  practice by the Salt Guild.\n- **Cinderfall Keep**: a ruin.';
    const spans = splitSentences(source);
    expect(spans.map((span) => span.text)).toEqual([
      '- **Greywater**: a harbour town ruled in name by Magistrate Hollis Quenby and in\n  practice by the Salt Guild.',
      '- **Cinderfall Keep**: a ruin.',
    ]);
    const quoted = quotableSpan(spans[0]);
    expect(quoted.text.startsWith('**Greywater**')).toBe(true);
    expect(source.slice(quoted.start, quoted.end)).toBe(quoted.text);
  });

  it('quotes a log line without its time stamp', () => {
    const source = '[2026-03-14 19:24] The party reaches Greywater at dusk.\n[2026-03-14 19:41] Tamsin picks the lock.';
    const spans = splitSentences(source).map(quotableSpan);
    expect(spans.map((span) => span.text)).toEqual(['The party reaches Greywater at dusk.', 'Tamsin picks the lock.']);
    for (const span of spans) expect(source.slice(span.start, span.end)).toBe(span.text);
  });
  it('keeps a table row whole, a unit’s full stop inside it included', () => {
    const source = 'Name | Cost | Weight | Properties\nRapier | 25 gp | 2 lb. | Finesse\nDart | 5 cp | 1/4 lb. | Finesse, thrown (range 20/60)';
    expect(splitSentences(source).map((span) => span.text)).toEqual([
      'Name | Cost | Weight | Properties',
      'Rapier | 25 gp | 2 lb. | Finesse',
      'Dart | 5 cp | 1/4 lb. | Finesse, thrown (range 20/60)',
    ]);
  });
});
