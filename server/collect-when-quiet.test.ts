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

describe('starting the embedded database again once large work has ended', () => {
  let relaunch: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let collect: ReturnType<typeof vi.fn<() => void>>;
  // Resident memory: 240 MB at the start, 300 MB once the work is done (the tests below change it).
  let rss: number;
  const collector = () => {
    rss = 240 * MB;
    const jobs = collectWhenQuiet({
      collect,
      quietMs: 2_000,
      minGrowthBytes: 4 * MB,
      inUse: () => 80 * MB,
      relaunch,
      relaunchAfterBusyMs: 30_000,
      relaunchAfterRssGrowthBytes: 16 * MB,
      rss: () => rss,
      now: Date.now,
    });
    rss = 300 * MB;
    return jobs;
  };
  /** A job that runs this long. */
  const job = (jobs: ReturnType<typeof collector>, ms: number) => {
    jobs.started();
    vi.advanceTimersByTime(ms);
    jobs.ended();
  };

  beforeEach(() => {
    vi.useFakeTimers();
    relaunch = vi.fn<() => Promise<void>>(async () => {});
    collect = vi.fn<() => void>();
  });
  afterEach(() => vi.useRealTimers());

  it('relaunches once jobs that ran long in all leave the workers quiet, then collects the old instance', async () => {
    const jobs = collector();
    job(jobs, 20_000);
    await vi.advanceTimersByTimeAsync(1_000);
    job(jobs, 9_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).not.toHaveBeenCalled();
    job(jobs, 1_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(relaunch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(relaunch).toHaveBeenCalledOnce();
    expect(collect).toHaveBeenCalledOnce();
    expect(collect.mock.invocationCallOrder[0]).toBeGreaterThan(relaunch.mock.invocationCallOrder[0]);
  });

  it('counts the busy time afresh after a relaunch, and short work never relaunches', async () => {
    const jobs = collector();
    job(jobs, 31_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledOnce();
    for (let i = 0; i < 5; i++) {
      job(jobs, 5_000);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(relaunch).toHaveBeenCalledOnce();
  });

  it('does not relaunch after long work that left resident memory close to where it was, and weighs the next one from what a relaunch left', async () => {
    const jobs = collector();
    // The relaunch and its collection leave 250 MB.
    relaunch.mockImplementationOnce(async () => {
      rss = 250 * MB;
    });
    rss = 250 * MB;
    job(jobs, 40_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).not.toHaveBeenCalled();
    rss = 260 * MB;
    job(jobs, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledOnce();
    // 40 s more of work to 260 MB, 10 MB over what the relaunch left, is not worth another.
    rss = 260 * MB;
    job(jobs, 40_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledOnce();
    rss = 270 * MB;
    job(jobs, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledTimes(2);
  });

  it('counts overlapping jobs once, and waits while any runs', async () => {
    const jobs = collector();
    jobs.started();
    vi.advanceTimersByTime(10_000);
    jobs.started();
    vi.advanceTimersByTime(15_000);
    jobs.ended();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(relaunch).not.toHaveBeenCalled();
    jobs.ended();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledOnce();
  });

  it('collects the old instance once a job that started during the relaunch has ended', async () => {
    let relaunched!: () => void;
    relaunch.mockImplementationOnce(() => new Promise<void>((resolve) => (relaunched = resolve)));
    const jobs = collector();
    job(jobs, 40_000);
    await vi.advanceTimersByTimeAsync(2_000);
    jobs.started();
    relaunched();
    await vi.advanceTimersByTimeAsync(0);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    jobs.ended();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(collect).toHaveBeenCalledOnce();
  });

  it('still collects when a relaunch fails (the next statement starts the database)', async () => {
    relaunch.mockRejectedValueOnce(new Error('No space left on device'));
    const jobs = collector();
    job(jobs, 40_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relaunch).toHaveBeenCalledOnce();
    expect(collect).toHaveBeenCalledOnce();
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
