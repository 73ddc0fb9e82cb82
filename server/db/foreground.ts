import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Requests before background work on the embedded database: the scheduling is the database
 * layer's, so no domain module knows about it. PGlite has one backend and runs each statement on
 * the main thread, so a page's queries wait behind whatever statement is running and then queue
 * with the rest. The embedded database's driver (pglite-dialect.ts) calls `beforeStatement()`
 * before each statement outside a transaction, and before a transaction begins:
 * - background work (every queued job, run through `runJob`; a request that sends a file; or
 *   work inside `inBackground`) waits while a request is being answered, or its statements are
 *   running or have just run (a page issues several in a row), up to a bound so a busy server
 *   still makes progress. Work a request started, the jobs it queued included, does not wait for
 *   that request (ADR 0245).
 * - a request's statements wait for nothing, but a long run of them (a large file read in parts)
 *   lets the event loop turn now and then, so other requests are read meanwhile.
 * On a Postgres server none of this is installed (connections run side by side there). ADR 0325.
 */

interface OpenRequest {
  started: number;
  /** When it was answered; null while it is open. */
  ended: number | null;
  /** Its statements since it last let the event loop turn (see beforeStatement). */
  statementsInARow?: number;
}

/** Background work, with the request that started it (if one did): it does not wait for its own request. */
const background = new AsyncLocalStorage<{ startedBy: OpenRequest | null }>();
/** The request being answered, around its hooks, handler and everything they start. */
const requestScope = new AsyncLocalStorage<OpenRequest>();
let inFlight = 0;
/** The last a request did on the database: a statement of it ended, or the request itself. */
let lastRequestActivity: { at: number; request: OpenRequest } | null = null;
/** Start times of the HTTP requests being answered (embedded database only; see requestStarted). */
const openRequests = new Set<OpenRequest>();
/**
 * Queued jobs by the request that sent them, until they start or that request no longer holds
 * background work (QUIET_MS after its answer): a job's work does not wait for its own request.
 */
const jobsSentBy = new Map<string, OpenRequest>();

/** A request's next statement usually follows its last within this (rendering between them). */
const QUIET_MS = 40;
const POLL_MS = 10;
/** A request open longer than this (a stream, a slow client) no longer holds background work back. */
const REQUEST_HOLD_MS = 2_000;
/**
 * A request that has run this many statements in a row (a large file read in parts) lets the event
 * loop turn before its next once the loop has been held LOOP_HOLD_MS, so other requests are read
 * meanwhile. A page's few statements never do: turning at every statement made each request wait
 * for all the others under load (requests while vectors were indexed: p50 134 s, not 0.5 s).
 */
const LONG_RUN_STATEMENTS = 8;
const LOOP_HOLD_MS = 20;

/** Runs work as background work; inside background work already (a job's), it stays that work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(background.getStore() ?? { startedBy: requestScope.getStore() ?? null }, work);
}

/**
 * Called as a job is queued. Sent while a request is answered (an upload queues its document's
 * processing), the job is that request's work: it does not wait for that request, as the
 * upload's own parts do not. Its worker starts it at once (LISTEN/NOTIFY), often before the
 * upload is answered, and it then waited out the quiet after the upload (QUIET_MS) before
 * reading the file.
 */
export function jobSent(jobId: string): void {
  const request = requestScope.getStore();
  if (!request) return;
  const now = performance.now();
  for (const [id, by] of jobsSentBy) if (by.ended !== null && now - by.ended > QUIET_MS) jobsSentBy.delete(id);
  jobsSentBy.set(jobId, request);
}

/** Runs a queued job's handler as background work started by the request that sent it, if any. */
export function runJob<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  const startedBy = jobsSentBy.get(jobId) ?? null;
  jobsSentBy.delete(jobId);
  return background.run({ startedBy }, work);
}

/** Called by the embedded database's driver around every statement. */
export async function trackStatement<T>(run: () => Promise<T>): Promise<T> {
  if (background.getStore()) return run();
  inFlight++;
  try {
    return await run();
  } finally {
    inFlight--;
    const request = requestScope.getStore();
    if (request) lastRequestActivity = { at: performance.now(), request };
  }
}

/**
 * Called when the server starts answering an HTTP request (`sendsFile` for a multipart body); `ended` when it is done, and the rest
 * of its handling goes in `run`, so background work it starts (an upload's parts) does not wait
 * for the request itself. A request's first statement comes some turns of the event loop after
 * its first bytes (parsing, the session, the loader), which is time enough for background work to
 * start another statement ahead of it: counting the request from its start closes that gap.
 */
export function requestStarted(options: { sendsFile?: boolean } = {}): { ended: () => void; run: (next: () => void) => void } {
  const request: OpenRequest = { started: performance.now(), ended: null };
  openRequests.add(request);
  return {
    ended: () => {
      openRequests.delete(request);
      request.ended = performance.now();
      lastRequestActivity = { at: request.ended, request };
    },
    // A request that sends a file (an upload, an import) stores it as background work of its own:
    // other requests go first between its statements, as they do between a job's.
    run: (next) => requestScope.run(request, options.sendsFile ? () => background.run({ startedBy: request }, next) : next),
  };
}

/**
 * Whether background work should wait: a statement is running, or another request is open or
 * has just done something (a page issues several statements in a row). Only requests count for
 * the quiet after a statement: not the queue's own polling, nor the request that started the
 * work (an upload waited 40 ms after its own statements before writing its first part).
 */
function requestsWaiting(now: number, own: OpenRequest | null): boolean {
  if (inFlight > 0) return true;
  if (lastRequestActivity && lastRequestActivity.request !== own && now - lastRequestActivity.at < QUIET_MS) return true;
  for (const request of openRequests) if (request !== own && now - request.started < REQUEST_HOLD_MS) return true;
  return false;
}

/**
 * In background work: resolves once no request is being answered (nor has just been), or after
 * maxWaitMs. Elsewhere: only lets the event loop turn.
 */
export async function yieldToForeground(maxWaitMs = 1_000): Promise<void> {
  const started = performance.now();
  const deadline = started + maxWaitMs;
  await aTurnWithIncomingRequests();
  while (backgroundMustWait() && performance.now() < deadline) {
    await new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));
  }
  const waited = waits.getStore();
  if (waited) waited.ms += performance.now() - started;
}

/**
 * Called by the embedded database's driver before a statement outside a transaction (inside one,
 * a wait would hold the database's only lock) and before a transaction begins: background work
 * waits for requests; a request's long run of statements lets the event loop turn.
 */
export async function beforeStatement(): Promise<void> {
  if (background.getStore()) return yieldToForeground();
  const request = requestScope.getStore();
  if (!request) return;
  request.statementsInARow = (request.statementsInARow ?? 0) + 1;
  if (request.statementsInARow > LONG_RUN_STATEMENTS && performance.now() - loopTurnedAt > LOOP_HOLD_MS) {
    request.statementsInARow = 0;
    await aTurnWithIncomingRequests();
  }
  noteTheNextTurn();
}

/** When the event loop last turned with a statement of ours waiting on it (or since). */
let loopTurnedAt = performance.now();
let turnNoted = false;
/** Notes when the loop next reaches its check phase: a run of statements that never lets it has held it. */
function noteTheNextTurn(): void {
  if (turnNoted) return;
  turnNoted = true;
  setImmediate(() => {
    turnNoted = false;
    loopTurnedAt = performance.now();
  });
}

/** Time spent waiting for requests by the statements of the work timed (timeWithoutWaits). */
const waits = new AsyncLocalStorage<{ ms: number }>();

/** How long `work` took, less what its statements waited for requests: a batch is sized by its statement's own time. */
export async function timeWithoutWaits(work: () => Promise<unknown>): Promise<number> {
  const waited = { ms: 0 };
  const started = performance.now();
  await waits.run(waited, work);
  return performance.now() - started - waited.ms;
}

/** Whether the work running here, as background work, would wait for requests now; elsewhere never. */
export function backgroundMustWait(): boolean {
  const work = background.getStore();
  return work !== undefined && requestsWaiting(performance.now(), work.startedBy);
}

/**
 * One turn of the event loop that passes through its poll phase, where connections and request
 * bodies that arrived meanwhile are read: setImmediate alone can run from one check phase to the
 * next without polling, so a request sent during one statement would wait for the next as well.
 */
async function aTurnWithIncomingRequests(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  await new Promise<void>((resolve) => setImmediate(resolve));
  loopTurnedAt = performance.now();
}
