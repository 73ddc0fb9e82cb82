import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from './collect-when-quiet';

const MB = 1024 * 1024;

describe('collecting once background work has ended', () => {
  let inUse: number;
  let collect: ReturnType<typeof vi.fn<() => void>>;
  const collector = () => collectWhenQuiet({ collect, quietMs: 2_000, minGrowthBytes: 4 * MB, inUse: () => inUse });

  beforeEach(() => {
    vi.useFakeTimers();
    inUse = 80 * MB;
    collect = vi.fn<() => void>(() => {
      inUse = 82 * MB;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('collects once, when no job has run for the quiet time and the heap grew', () => {
    const jobs = collector();
    jobs.started();
    inUse = 120 * MB;
    jobs.ended();
    vi.advanceTimersByTime(1_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledOnce();
  });

  it('waits while another job runs, and a job that starts during the wait puts it off', () => {
    const jobs = collector();
    jobs.started();
    jobs.started();
    inUse = 120 * MB;
    jobs.ended();
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    jobs.ended();
    vi.advanceTimersByTime(1_000);
    jobs.started();
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    jobs.ended();
    vi.advanceTimersByTime(2_000);
    expect(collect).toHaveBeenCalledOnce();
  });

  it('does not collect after a job that left little, counting from what the last collection left', () => {
    const jobs = collector();
    jobs.started();
    inUse = 83 * MB;
    jobs.ended();
    vi.advanceTimersByTime(2_000);
    expect(collect).not.toHaveBeenCalled();

    jobs.started();
    inUse = 100 * MB;
    jobs.ended();
    vi.advanceTimersByTime(2_000);
    expect(collect).toHaveBeenCalledOnce();
    // The collection left 82 MB: a job that brings it to 85 MB is not worth another.
    jobs.started();
    inUse = 85 * MB;
    jobs.ended();
    vi.advanceTimersByTime(2_000);
    expect(collect).toHaveBeenCalledOnce();
  });

  it('drops a waiting collection when stopped, and does nothing without gc', () => {
    const jobs = collector();
    jobs.started();
    inUse = 120 * MB;
    jobs.ended();
    jobs.stop();
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();

    const withoutGc = collectWhenQuiet({ collect: undefined, inUse: () => inUse });
    withoutGc.started();
    inUse = 200 * MB;
    withoutGc.ended();
    expect(vi.getTimerCount()).toBe(0);
  });
});

it("runs V8's memory-reducing collection once a finished job leaves a process started with --expose-gc quiet, as scripts/serve.sh starts the server", () => {
  // The collection is observed as it happens (gc wrapped before the module reads it), not after a
  // pause. How much it gives back is a figure for bench/memory/collect-when-quiet.ts, not a test.
  const script = `
    const gc = globalThis.gc;
    const calls = [];
    let collected;
    const collection = new Promise((resolve) => (collected = resolve));
    globalThis.gc = (options) => {
      gc(options);
      calls.push(options);
      collected();
    };
    const { collectWhenQuiet } = await import(${JSON.stringify(new URL('./collect-when-quiet.ts', import.meta.url).href)});
    const jobs = collectWhenQuiet({ quietMs: 50 });
    jobs.started();
    let rows = Array.from({ length: 300_000 }, (_, i) => ({ id: i, text: 'passage ' + i, vector: [i, i + 1, i + 2] }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    rows = null;
    jobs.ended();
    const alive = setInterval(() => {}, 60_000); // the collector's timer does not keep a process alive
    await collection;
    clearInterval(alive);
    console.log(JSON.stringify({ calls }));
  `;
  const output = execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=4', '--import', 'tsx', '--input-type=module', '--eval', script], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const { calls } = JSON.parse(output.trim().split('\n').at(-1)!) as { calls: unknown[] };
  expect(calls).toEqual([{ type: 'major', flavor: 'last-resort' }]);
});
