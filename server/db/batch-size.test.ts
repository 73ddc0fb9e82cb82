import { describe, expect, it } from 'vitest';
import { forEachBatch, nextBatchSize, untilNoneLeft } from './batch-size';

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

describe('long writes in batches', () => {
  it('writes every item once, in order, starting with a small batch', async () => {
    const items = Array.from({ length: 500 }, (_, i) => i);
    const batches: number[][] = [];
    expect(await forEachBatch(items, async (batch) => batches.push(batch))).toBe(true);
    expect(batches.flat()).toEqual(items);
    expect(batches[0]).toHaveLength(10);
  });

  it('stops before a batch when told to, saying so', async () => {
    const written: number[] = [];
    const seen: number[] = [];
    const between = async (done: number) => (seen.push(done), done < 10);
    expect(await forEachBatch([...Array(100).keys()], async (batch) => written.push(...batch), between)).toBe(false);
    expect(written).toEqual([...Array(10).keys()]);
    expect(seen).toEqual([0, 10]);
  });

  it('repeats a statement until it handles nothing, counting what it handled', async () => {
    let left = 95;
    const limits: number[] = [];
    const handled = await untilNoneLeft(async (limit) => {
      limits.push(limit);
      const n = Math.min(left, limit);
      left -= n;
      return n;
    });
    expect(handled).toBe(95);
    expect(left).toBe(0);
    expect(limits[0]).toBe(10);
  });
});
