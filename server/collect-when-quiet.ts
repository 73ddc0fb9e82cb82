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
}

const QUIET_MS = 2_000;
const MIN_GROWTH_BYTES = 4 * 1024 * 1024;

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
}: QuietCollectorOptions = {}): QuietCollector {
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  // What the heap held when the workers started (or after the last collection): growth is counted from it.
  let baseline = inUse();

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const collectIfGrown = () => {
    timer = undefined;
    if (running > 0 || !collect) return;
    const before = inUse();
    if (before - baseline < minGrowthBytes) return;
    const began = performance.now();
    collect();
    baseline = inUse();
    log().info({ freedMb: Math.round((before - baseline) / 1024 / 1024), ms: Math.round(performance.now() - began) }, 'collected after background work');
  };

  return {
    started() {
      running++;
      cancel();
    },
    ended() {
      running = Math.max(0, running - 1);
      if (running > 0 || !collect) return;
      cancel();
      timer = setTimeout(collectIfGrown, quietMs).unref();
    },
    stop: cancel,
  };
}
