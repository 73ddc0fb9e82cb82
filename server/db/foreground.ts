import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Requests before background work on the embedded database. PGlite has one backend and runs
 * each statement on the main thread, so a page's queries wait behind whatever statement is
 * running and then queue with the rest. Background work (ingestion) runs inside
 * `inBackground` and calls `yieldToForeground()` before each of its statements: it waits
 * while a request is being answered, or its statements are running or have just run (a page
 * issues several in a row), up to a bound so a busy server still makes progress. Work a request
 * started, the jobs it queued included, does not wait for that request (ADR 0245). On a Postgres
 * server neither is tracked (connections run side by side there), so the wait is nothing.
 */

interface OpenRequest {
  started: number;
  /** When it was answered; null while it is open. */
  ended: number | null;
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
 * Called when the server starts answering an HTTP request; `ended` when it is done, and the rest
 * of its handling goes in `run`, so background work it starts (an upload's parts) does not wait
 * for the request itself. A request's first statement comes some turns of the event loop after
 * its first bytes (parsing, the session, the loader), which is time enough for background work to
 * start another statement ahead of it: counting the request from its start closes that gap.
 */
export function requestStarted(): { ended: () => void; run: (next: () => void) => void } {
  const request: OpenRequest = { started: performance.now(), ended: null };
  openRequests.add(request);
  return {
    ended: () => {
      openRequests.delete(request);
      request.ended = performance.now();
      lastRequestActivity = { at: request.ended, request };
    },
    run: (next) => requestScope.run(request, next),
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
 * maxWaitMs. Elsewhere (a request reading a file in parts): only lets the event loop turn.
 */
export async function yieldToForeground(maxWaitMs = 1_000): Promise<void> {
  const deadline = performance.now() + maxWaitMs;
  await aTurnWithIncomingRequests();
  while (backgroundMustWait() && performance.now() < deadline) {
    await new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));
  }
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
}
