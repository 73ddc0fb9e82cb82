import { timeWithoutWaits } from './foreground';

/**
 * How many rows the next statement of a long write takes: a document's passages
 * (domain/ingest/ingest-document.ts), vectors moved into the vector index
 * (domain/retrieval/vector-index.ts). On the embedded database a statement holds the only backend, and with it every other request, so each should stay short; on a
 * quiet machine or a server, fewer and larger statements index faster (the per-statement cost
 * is paid less often). The size follows the time the last batch took, aiming at TARGET_MS,
 * growing at most twofold per step. TARGET_MS is low because a request arriving meanwhile waits
 * for the statement in progress, and on a loaded machine each takes several times as long.
 */
const FIRST_BATCH = 10;
const TARGET_MS = 60;
const MAX_BATCH = 200;

export function nextBatchSize(size: number, elapsedMs: number): number {
  const fitted = Math.round((size * TARGET_MS) / Math.max(elapsedMs, 1));
  return Math.max(1, Math.min(MAX_BATCH, size * 2, fitted));
}

/**
 * Writes `items` one statement per batch (`statement`), each batch sized by the time the last
 * one's statement took (nextBatchSize), not counting its wait for requests. `between(done)` runs
 * before each batch, untimed (progress, a check for cancellation); false stops. Says whether
 * every item was written.
 */
export async function forEachBatch<T>(
  items: readonly T[],
  statement: (batch: T[]) => Promise<unknown>,
  between?: (done: number) => Promise<boolean>,
): Promise<boolean> {
  let size = FIRST_BATCH;
  for (let done = 0; done < items.length; ) {
    if (between && !(await between(done))) return false;
    const batch = items.slice(done, done + size);
    const ms = await timeWithoutWaits(() => statement(batch));
    done += batch.length;
    size = nextBatchSize(batch.length, ms);
  }
  return true;
}

/**
 * Runs `statement(limit)`, one statement handling at most `limit` rows and saying how many it
 * handled, until it handles none, sizing the limit as forEachBatch does. Says how many in all.
 */
export async function untilNoneLeft(statement: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let limit = FIRST_BATCH; ; ) {
    let handled = 0;
    const ms = await timeWithoutWaits(async () => {
      handled = await statement(limit);
    });
    if (handled === 0) return total;
    total += handled;
    limit = nextBatchSize(limit, ms);
  }
}
