import { log } from './log';

/**
 * A full collection when background work has ended and the heap holds much more than the last
 * one left (ADR 0237). V8 collects the old generation when allocation reaches a limit, and arms
 * its own idle collection (the memory reducer) only after a collection that gave back memory; a
 * server that goes quiet after a large job allocates too little for either, so the job's garbage
 * (16-20 MB of heap and its buffers after a 4 MB CSV) stayed resident until the next upload.
 * The collection is V8's memory-reducing one (`flavor: 'last-resort'`: compacts and returns
 * the freed pages; a regular one left them committed). It needs `gc`, which node exposes with
 * `--expose-gc` (scripts/serve.sh); without it nothing is done.
 */
export interface QuietCollector {
  /** A job's handler started. */
  started(): void;
  /** A job's handler ended (however it ended). */
  ended(): void;
  /** Drops a collection still waiting (the queue stopping). */
  stop(): void;
}

export interface QuietCollectorOptions {
  /** Runs the collection; none when node was started without --expose-gc. */
  collect?: (() => void) | undefined;
  /** How long no job must run before collecting (another job often follows at once). */
  quietMs?: number;
  /** Collects only when heap and buffers in use grew this much since the last collection. */
  minGrowthBytes?: number;
  /** Bytes in use that a collection could give back: V8's heap and the buffers it owns. */
  inUse?: () => number;
  /**
   * Starts the embedded database again (ADR 0356), when quiet after jobs that ran at least
   * `relaunchAfterBusyMs` in all since the last one: its WebAssembly heap keeps every page a large
   * piece of work touched, which only a new instance gives back. A collection follows it.
   */
  relaunch?: (() => Promise<void>) | undefined;
  relaunchAfterBusyMs?: number;
  /** ...and only when the process's resident memory grew this much since the last relaunch's collection (or the start). */
  relaunchAfterRssGrowthBytes?: number;
  rss?: () => number;
  now?: () => number;
}

const QUIET_MS = 2_000;
const MIN_GROWTH_BYTES = 4 * 1024 * 1024;
/**
 * Work this long is large: the SRD (1.5 MB of Markdown, about 1,900 passages) or a 199-page PDF
 * keep the workers busy for a minute or more and leave PGlite's heap 10-20 MB more resident;
 * a handful of pages keep them busy for seconds and leave too little to be worth a relaunch
 * (about a second in which statements wait).
 */
const RELAUNCH_AFTER_BUSY_MS = 30_000;
/**
 * What a relaunch must be able to give back to be worth its pause: five SRDs and three 199-page PDFs
 * left the server 31 MB over a restart (19 MB of it PGlite's heap), the SRD twice and one PDF 33 MB
 * (ADR 0356); a run of small uploads adds busy time but less resident memory, and starts the
 * database again only once it has added this much since the last relaunch.
 */
const RELAUNCH_AFTER_RSS_GROWTH_BYTES = 16 * 1024 * 1024;

function bytesInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const collectAll = globalThis.gc && (() => globalThis.gc?.({ type: 'major', flavor: 'last-resort' }));

export function collectWhenQuiet({
  collect = collectAll,
  quietMs = QUIET_MS,
  minGrowthBytes = MIN_GROWTH_BYTES,
  inUse = bytesInUse,
  relaunch,
  relaunchAfterBusyMs = RELAUNCH_AFTER_BUSY_MS,
  relaunchAfterRssGrowthBytes = RELAUNCH_AFTER_RSS_GROWTH_BYTES,
  rss = () => process.memoryUsage.rss(),
  now = Date.now,
}: QuietCollectorOptions = {}): QuietCollector {
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  // What the heap held when the workers started (or after the last collection): growth is counted from it.
  let baseline = inUse();
  // How long jobs ran since the last relaunch, and since when some job runs.
  let busyMs = 0;
  let busySince = 0;
  // A relaunched database's old instance is collected at the first quiet, however little the heap grew.
  let collectDue = false;
  // Resident memory at the start, then after each relaunch's collection: a relaunch is weighed against it.
  let rssBaseline = rss();

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const collectIfGrown = () => {
    if (!collect) return;
    const before = inUse();
    if (!collectDue && before - baseline < minGrowthBytes) return;
    const afterRelaunch = collectDue;
    collectDue = false;
    const began = performance.now();
    collect();
    baseline = inUse();
    if (afterRelaunch) rssBaseline = rss();
    log().info({ freedMb: Math.round((before - baseline) / 1024 / 1024), ms: Math.round(performance.now() - began) }, 'collected after background work');
  };
  const relaunchAfterLargeWork = async () => {
    busyMs = 0;
    const began = performance.now();
    const rssBeforeMb = Math.round(rss() / 1024 / 1024);
    try {
      await relaunch?.();
      log().info({ ms: Math.round(performance.now() - began), rssBeforeMb }, 'started the embedded database again after large background work');
    } catch (error) {
      log().warn({ err: error }, 'starting the embedded database again after large background work failed; the next statement starts it');
    }
    // The old instance is garbage now, its WebAssembly memory with it: collected now, or once a job that started meanwhile ends.
    collectDue = true;
    if (running === 0) collectIfGrown();
    if (!collect) rssBaseline = rss();
  };
  const whenQuiet = () => {
    timer = undefined;
    if (running > 0) return;
    if (relaunch && busyMs >= relaunchAfterBusyMs && rss() - rssBaseline >= relaunchAfterRssGrowthBytes) void relaunchAfterLargeWork();
    else collectIfGrown();
  };

  return {
    started() {
      if (running++ === 0) busySince = now();
      cancel();
    },
    ended() {
      if (running > 0 && --running === 0) busyMs += now() - busySince;
      if (running > 0 || (!collect && !relaunch)) return;
      cancel();
      timer = setTimeout(whenQuiet, quietMs).unref();
    },
    stop: cancel,
  };
}
