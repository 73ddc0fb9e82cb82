import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Requests before background work on the embedded database. PGlite has one backend and runs
 * each statement on the main thread, so a page's queries wait behind whatever statement is
 * running and then queue with the rest. Background work (ingestion) runs inside
 * `inBackground` and calls `yieldToForeground()` before each of its statements: it waits
 * while a request's statements are running or have just run (a page issues several in a row),
 * up to a bound so a busy server still makes progress. On a Postgres server statements are not
 * tracked (the dialect there has its own connections), so the wait is nothing.
 */

const background = new AsyncLocalStorage<true>();
let inFlight = 0;
let lastEnded = 0;

/** A request's next statement usually follows its last within this (rendering between them). */
const QUIET_MS = 40;
const POLL_MS = 10;

export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Called by the embedded database's driver around every statement. */
export async function trackStatement<T>(run: () => Promise<T>): Promise<T> {
  if (background.getStore()) return run();
  inFlight++;
  try {
    return await run();
  } finally {
    inFlight--;
    lastEnded = performance.now();
  }
}

/**
 * In background work: resolves once no request's statement is running or has just ended, or
 * after maxWaitMs. Elsewhere (a request reading a file in parts): only lets the event loop turn.
 */
export async function yieldToForeground(maxWaitMs = 1_000): Promise<void> {
  const deadline = performance.now() + maxWaitMs;
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!background.getStore()) return;
  while ((inFlight > 0 || performance.now() - lastEnded < QUIET_MS) && performance.now() < deadline) {
    await new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));
  }
}
