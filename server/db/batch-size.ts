/**
 * How many rows the next statement of a long write takes: a document's passages
 * (domain/ingest/ingest-document.ts), vectors moved into the vector index
 * (domain/retrieval/vector-index.ts). On the embedded database a statement holds the only backend, and with it every other request, so each should stay short; on a
 * quiet machine or a server, fewer and larger statements index faster (the per-statement cost
 * is paid less often). The size follows the time the last batch took, aiming at TARGET_MS,
 * growing at most twofold per step. TARGET_MS is low because a request arriving meanwhile waits
 * for the statement in progress, and on a loaded machine each takes several times as long.
 */
export const FIRST_BATCH = 10;
const TARGET_MS = 60;
const MAX_BATCH = 200;

export function nextBatchSize(size: number, elapsedMs: number): number {
  const fitted = Math.round((size * TARGET_MS) / Math.max(elapsedMs, 1));
  return Math.max(1, Math.min(MAX_BATCH, size * 2, fitted));
}
