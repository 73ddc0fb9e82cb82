import { Worker } from 'node:worker_threads';
import { ExtractionError, errors } from '../extract/errors';
import { extensionOf, isAcceptedExtension } from '../extract/file-types';
import { DEFAULT_LIMITS } from '../extract/types';
import type { FromWorker, ToWorker } from './messages';
import { unpackDocument } from './packed';
import type { PreparedDocument } from './prepare';

export interface OffThreadOptions {
  maxFileBytes?: number;
  /** How long reading may take; the thread is ended when it passes (a PDF that blocks cannot hold it). */
  timeoutMs?: number;
  /** Heap a reading thread may use before it is ended. */
  maxHeapMb?: number;
  onProgress?: (page: number, pageCount: number) => void;
  onChunking?: () => void;
  signal?: AbortSignal;
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);
const DEFAULT_MAX_HEAP_MB = 1024;
/** A thread left idle this long is ended, so an idle server holds no reader's memory. */
const IDLE_MS = 15_000;
/**
 * A thread that read a file this large is ended at once instead of kept: its heap grew with the
 * file and would otherwise stay resident beside the indexing that follows (ADR 0195). Starting a
 * thread costs about a second, small next to reading a large file.
 */
export const KEEP_THREAD_MAX_BYTES = 1024 * 1024;

interface IdleWorker {
  worker: Worker;
  heapMb: number;
  timer: NodeJS.Timeout;
  /** Forgets the spare if its thread ends while idle; removed when the spare is taken again. */
  onExit: () => void;
}
const idle: IdleWorker[] = [];

/** How many reading threads wait for a next job. */
export function keptThreadCount(): number {
  return idle.length;
}

function takeWorker(heapMb: number): Worker {
  const index = idle.findIndex((w) => w.heapMb === heapMb);
  if (index >= 0) {
    const [spare] = idle.splice(index, 1);
    clearTimeout(spare.timer);
    spare.worker.off('exit', spare.onExit);
    spare.worker.ref();
    return spare.worker;
  }
  return new Worker(WORKER_URL, {
    // The app runs TypeScript through tsx; the thread loads its modules the same way.
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
}

/** A thread that finished its job cleanly waits a while for the next one (starting one costs about a second). */
function keepWorker(worker: Worker, heapMb: number): void {
  worker.unref();
  const spare: IdleWorker = {
    worker,
    heapMb,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(spare), 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
    onExit: () => {
      const at = idle.indexOf(spare);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(spare.timer);
    },
  };
  worker.once('exit', spare.onExit);
  idle.push(spare);
}

/**
 * Extracts and chunks an upload in a worker thread, so the web server keeps answering while a
 * large or hostile file is read. The thread is ended when the time limit passes, the job is
 * cancelled or its heap limit is hit; after a clean run on a small file it is kept briefly for the next job.
 */
export function prepareOffThread(bytes: Uint8Array, filename: string, options: OffThreadOptions = {}): Promise<PreparedDocument> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIMITS.pdfTimeoutMs;
  const heapMb = options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
  const ext = extensionOf(filename);
  const fileType = isAcceptedExtension(ext) ? ext : 'txt';
  const worker = takeWorker(heapMb);
  return new Promise<PreparedDocument>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      outcome();
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable && bytes.byteLength < KEEP_THREAD_MAX_BYTES) keepWorker(worker, heapMb);
      else void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(errors.timedOut(fileType, timeoutMs))), timeoutMs);
    const onAbort = () => finish(() => reject(errors.aborted()));

    const onMessage = (message: FromWorker) => {
      switch (message.kind) {
        case 'page':
          return options.onProgress?.(message.page, message.pageCount);
        case 'chunking':
          return options.onChunking?.();
        case 'done':
          return finish(() => resolve(unpackDocument(message.packed)), true);
        case 'failed':
          return finish(() => reject(new ExtractionError(message.code, message.message, { rejectAtUpload: message.rejectAtUpload })), true);
        case 'crashed':
          return finish(() => reject(new Error(`reading ${filename} failed in its worker thread: ${message.message}`)));
      }
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(() => reject(errors.tooComplex(fileType, heapMb)));
      else finish(() => reject(error));
    };
    const onExit = (code: number) => finish(() => reject(new Error(`the reading thread for ${filename} stopped (exit code ${code})`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const request: ToWorker = { bytes, filename, maxFileBytes: options.maxFileBytes, timeoutMs };
    worker.postMessage(request);
  });
}
