import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OfflineEmbedder, embedOffline } from './offline-embedder';
import { contentTerms, stem } from './terms';

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);
const norm = (vector: number[]) => Math.sqrt(dot(vector, vector));

describe('offline tokenisation', () => {
  it('stems inflections of the same word together', () => {
    expect(stem('breathing')).toBe(stem('breath'));
    expect(stem('breathe')).toBe(stem('breath'));
    expect(stem('grappled')).toBe(stem('grapple'));
    expect(stem('falling')).toBe(stem('falls'));
    expect(stem('minutes')).toBe(stem('minute'));
    expect(stem('running')).toBe('run');
    expect(stem('abilities')).toBe('ability');
  });

  it('drops stopwords and applies the small GM synonym map', () => {
    expect(contentTerms('How long can someone hold their breath?')).toEqual(['long', 'hold', 'breath']);
    expect(contentTerms('Can I grab the goblin?')).toEqual(contentTerms('grapple goblin'));
    expect(contentTerms('What happens when my character dies?')).toContain(stem('death'));
  });
});

describe('OfflineEmbedder', () => {
  const embedder = new OfflineEmbedder();

  it('returns deterministic, L2-normalised 512-dimensional vectors', async () => {
    const text = 'A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier.';
    const first = await embedder.embed([text, 'Fireball'], 'document');
    const second = await embedder.embed([text], 'query');
    expect(embedder.model).toBe('offline-hash-v1');
    expect(embedder.dimensions).toBe(512);
    expect(first.vectors[0]).toHaveLength(512);
    expect(norm(first.vectors[0])).toBeCloseTo(1, 10);
    expect(norm(first.vectors[1])).toBeCloseTo(1, 10);
    expect(second.vectors[0]).toEqual(first.vectors[0]);
    expect(first.tokens).toBeGreaterThan(0);
  });

  it('gives the very vectors offline-hash-v1 always gave: the stored ones are compared with new ones', () => {
    // A change to these means a new model name, so that stored vectors are made again (reembed.ts).
    const digest = (text: string) =>
      createHash('sha256')
        .update(new Uint8Array(Float64Array.from(embedOffline(text)).buffer))
        .digest('hex')
        .slice(0, 24);
    expect(digest('A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier.')).toBe('3bdb9454550c01486c144b99');
    expect(digest('Grappling: the grappled creature’s speed becomes 0, and it can’t benefit from any bonus to its speed.')).toBe('14c773eb48aa605ea35fe03c');
  });

  it('puts a paraphrase with shared words closer than unrelated rules text', () => {
    const question = embedOffline('How long can someone hold their breath');
    const answer = embedOffline('A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier.');
    const unrelated = [
      'At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell.',
      'A long rest is a period of extended downtime, at least 8 hours long.',
      'The wizard hurls a bright streak of flame that blossoms into an explosion.',
    ].map(embedOffline);
    const answerScore = dot(question, answer);
    for (const other of unrelated) expect(answerScore).toBeGreaterThan(dot(question, other) + 0.1);
  });

  it('matches GM phrasing to rulebook wording through the synonym map', () => {
    const question = embedOffline('Can I grab the ogre and hold it down?');
    const grapple = embedOffline('When you want to wrestle a creature, you can make a grapple: a special melee attack.');
    const falling = embedOffline('A creature that falls takes bludgeoning damage and lands prone.');
    expect(dot(question, grapple)).toBeGreaterThan(dot(question, falling));
  });

  it('gives blank text a finite unit vector', () => {
    const vector = embedOffline('  ');
    expect(vector.every(Number.isFinite)).toBe(true);
    expect(norm(vector)).toBeCloseTo(1, 10);
  });
});
