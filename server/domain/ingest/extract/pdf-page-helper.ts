import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { COMPILED, entryFile, TYPESCRIPT_LOADER } from '../../../project-files';
import type { Line } from './pdf-pages';

/** Pages `from` to `to` (1-based, inclusive). */
export interface ToPageThread {
  bytes: Uint8Array;
  from: number;
  to: number;
}

/** The second thread's font names end with this (pdf-pages.ts, ReadOptions.fontSuffix). */
export const SECOND_THREAD_FONTS = ' (second thread)';

export type FromPageThread = { kind: 'page'; page: number; lines: Line[] } | { kind: 'ended' };

export interface PageHelper {
  /** Settles once the thread reads no more: true when it delivered every page it was given. Never rejects. */
  ended: Promise<boolean>;
  /** Ends the thread at once (the reading timed out or was cancelled). */
  stop(): void;
}

const ENTRY = entryFile('server/domain/ingest/extract/pdf-page-thread.ts');
/** A thread kept after a clean run, for the next PDF (starting one and loading PDF.js costs a few hundred ms). */
let spare: Worker | undefined;
const forgetSpare = () => {
  spare = undefined;
};

function startThread(): Worker {
  return new Worker(ENTRY, {
    // Half the heap the process may use: the reading process's limit (prepare/off-thread.ts) still
    // bounds the two threads together, near enough. Past it the thread ends, and its pages are
    // read by the asking thread, under the process's own limit.
    resourceLimits: { maxOldGenerationSizeMb: Math.max(64, Math.floor(v8.getHeapStatistics().heap_size_limit / 2 / 1024 / 1024)) },
    // The process's flags, with tsx's loader for the app's TypeScript: inherited under the server
    // and the reading process, given where the process has no such loader (the test runner). The
    // compiled server's bundle needs none.
    execArgv: COMPILED || process.execArgv.some((arg) => arg.includes('tsx')) ? undefined : TYPESCRIPT_LOADER,
  });
}

/**
 * Reads pages `from` to `to` of a PDF in a second thread, beside the calling one, handing each
 * page's lines to `onPage`: a large PDF is read on two cores. Only a speed-up: when the thread
 * does not deliver them all (it failed to start, or stopped at a page it could not read), the
 * caller reads them itself.
 */
export function readPagesInHelperThread(bytes: Uint8Array, from: number, to: number, onPage: (page: number, lines: Line[]) => void): PageHelper {
  const thread = spare ?? startThread();
  thread.off('exit', forgetSpare);
  spare = undefined;
  thread.ref();
  let settled = false;
  let delivered = 0;
  let settle = (_complete: boolean) => {};
  const ended = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const finish = (keep: boolean) => {
    if (settled) return;
    settled = true;
    thread.off('message', onMessage).off('error', onGone).off('exit', onGone);
    if (keep && !spare) {
      thread.unref();
      thread.once('exit', forgetSpare);
      spare = thread;
    } else void thread.terminate();
    settle(delivered === to - from + 1);
  };
  const onMessage = (message: FromPageThread) => {
    if (message.kind === 'page') {
      delivered++;
      onPage(message.page, message.lines);
    } else finish(true);
  };
  const onGone = () => finish(false);
  thread.on('message', onMessage).on('error', onGone).on('exit', onGone);
  const job: ToPageThread = { bytes, from, to };
  thread.postMessage(job);
  return { ended, stop: () => finish(false) };
}
