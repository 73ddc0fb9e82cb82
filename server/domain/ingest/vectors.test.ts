import { describe, expect, it } from 'vitest';
import { embeddingText, storedVector } from './vectors';

describe('a passage’s vector as it is stored', () => {
  it('keeps each value as a real, and stores a value that is not a finite number as 0', () => {
    const stored = storedVector([0.25, Number.NaN, Number.POSITIVE_INFINITY, -0.1, Number.NEGATIVE_INFINITY]);
    expect(stored).toBeInstanceOf(Float32Array);
    expect(Array.from(stored)).toEqual([0.25, 0, 0, Math.fround(-0.1), 0]);
    expect(Array.from(storedVector(new Float32Array([1.5, -2])))).toEqual([1.5, -2]);
  });

  it('embeds a passage under its heading path', () => {
    expect(embeddingText({ headingPath: 'Spells > Fireball', content: 'A bright streak flashes.' })).toBe('Spells > Fireball\nA bright streak flashes.');
    expect(embeddingText({ headingPath: '', content: 'Plain text.' })).toBe('Plain text.');
  });
});
