import { describe, expect, it } from 'vitest';
import { nextBatchSize } from './batch-size';

describe('the indexing batch size', () => {
  it('shrinks when a batch took long, down to one passage', () => {
    expect(nextBatchSize(10, 120)).toBe(5);
    expect(nextBatchSize(10, 30_000)).toBe(1);
  });
  it('grows when batches are quick, at most twofold a step and never past the cap', () => {
    expect(nextBatchSize(10, 40)).toBe(15);
    expect(nextBatchSize(10, 1)).toBe(20);
    expect(nextBatchSize(150, 1)).toBe(200);
  });
});
