import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { ExtractionError, errors } from '../extract/errors';
import { extensionOf, isAcceptedExtension } from '../extract/file-types';
import { DEFAULT_LIMITS } from '../extract/types';
import type { FromReader, ToReader } from './messages';
import { entryFile, TYPESCRIPT_LOADER } from '../../../project-files';
import { DocumentReceiver } from './packed';
import { EMBEDDING_DIMENSIONS } from '../../../ai/types';
import type { OfflineEmbedding, PreparedDocument } from './prepare';

export interface OffThreadOptions {
  maxFileBytes?: number;
  /** How long reading may take; the process is ended when it passes (a PDF that blocks cannot hold it). */
  timeoutMs?: number;
  /** Heap a reading process may use before it is ended. */
  maxHeapMb?: number;
  onProgress?: (page: number, pageCount: number) => void;
  onChunking?: () => void;
  /** Called when another file is being read: this one waits for its turn (readers at work: READERS_AT_ONCE). */
  onWaiting?: () => void;
  /** Threads that read a large PDF (extract/pdf.ts): 1 by default. */
  pdfReadingThreads?: 1 | 2;
  /** Also embed the passages with the offline embedder, in the reading process (PreparedDocument.offlineEmbedding). */
  embedOffline?: boolean;
  signal?: AbortSignal;
}

const ENTRY = entryFile('server/domain/ingest/prepare/reader-process.ts');
const DEFAULT_MAX_HEAP_MB = 1024;
/** A reading process left idle this long is ended, so an idle server holds no reader. */
const IDLE_MS = 15_000;
/**
 * A process that read a file this large is ended at once instead of kept (ADR 0195): the next
 * file gets a fresh one. Starting one costs about a second, small next to reading a large file.
 */
export const KEEP_READER_MAX_BYTES = 1024 * 1024;

interface IdleReader {
  reader: ChildProcess;
  heapMb: number;
  timer: NodeJS.Timeout;
  /** Forgets the spare if its process ends while idle; removed when the spare is taken again. */
  onClose: () => void;
}
const idle: IdleReader[] = [];
/** Processes reading a file now. */
const working = new Set<ChildProcess>();

/**
 * How many files a server process reads at once (ADR 0259). A reading process that has read a
 * 199-page PDF holds 170-280 MB: two of them beside the server took it to 840 MB, where one
 * stays under 600. Reading a small file takes milliseconds, so a note uploaded with a large PDF
 * waits about as long as the PDF's reading, not its whole ingest.
 */
const READERS_AT_ONCE = 1;
let turnsTaken = 0;
const waitingForTurn: Array<() => void> = [];

/** Resolves when this file may be read; rejects if the job is cancelled while it waits. */
function takeTurn(signal: AbortSignal | undefined, onWaiting: (() => void) | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(errors.aborted());
  if (turnsTaken < READERS_AT_ONCE) {
    turnsTaken++;
    return Promise.resolve();
  }
  onWaiting?.();
  return new Promise<void>((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      waitingForTurn.splice(waitingForTurn.indexOf(go), 1);
      reject(errors.aborted());
    };
    waitingForTurn.push(go);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The turn passes to the next file waiting, if any. */
function endTurn(): void {
  const next = waitingForTurn.shift();
  if (next) next();
  else turnsTaken--;
}

/** The most document bytes or vectors one message from a reading process carried (packed.ts: at most PIECE_BYTES). */
let largestMessage = 0;
export function largestMessageReceived(): number {
  return largestMessage;
}
const received = (bytes: number) => {
  largestMessage = Math.max(largestMessage, bytes);
};

/** How many reading processes wait for a next job. */
export function keptReaderCount(): number {
  return idle.length;
}

/** How many reading processes are reading a file now. */
export function readersAtWork(): number {
  return working.size;
}

/** Whether the reader keeps the server's event loop alive: not while it waits as a spare. */
function hold(reader: ChildProcess, held: boolean): void {
  const handles = [reader, reader.channel, reader.stderr as Socket | null];
  for (const handle of handles) {
    if (held) handle?.ref();
    else handle?.unref();
  }
}

function takeReader(heapMb: number): ChildProcess {
  const index = idle.findIndex((r) => r.heapMb === heapMb);
  if (index >= 0) {
    const [spare] = idle.splice(index, 1);
    clearTimeout(spare.timer);
    spare.reader.off('close', spare.onClose);
    hold(spare.reader, true);
    return spare.reader;
  }
  return fork(ENTRY, [], {
    // tsx for the app's TypeScript (none for the compiled server); small young-generation semi-spaces, as the server's
    // (scripts/serve.sh); the heap limit, past which V8 ends the process. Under that limit V8
    // grows the heap by a small factor and collects often; doubling it read PDFs 4-9% faster for
    // 5-15 MB more at the reading's peak (ADR 0224, docs/benchmarks.md, session 19).
    execArgv: [...TYPESCRIPT_LOADER, '--max-semi-space-size=4', `--max-old-space-size=${heapMb}`, '--heap-growing-percent=100'],
    // Structured clone: the upload and the packed document cross as bytes.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
}

/** A process that finished its job cleanly waits a while for the next one (starting one costs about a second). */
function keepReader(reader: ChildProcess, heapMb: number): void {
  hold(reader, false);
  const spare: IdleReader = {
    reader,
    heapMb,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(spare), 1);
      reader.kill('SIGKILL');
    }, IDLE_MS).unref(),
    onClose: () => {
      const at = idle.indexOf(spare);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(spare.timer);
    },
  };
  reader.once('close', spare.onClose);
  idle.push(spare);
}

/**
 * Extracts and chunks an upload in a child process, so the web server keeps answering while a
 * large or hostile file is read, and the memory reading took goes back to the operating system
 * when the process ends (ADR 0224). The process is ended when the time limit passes, the job is
 * cancelled or its heap limit is hit; after a clean run on a small file it is kept briefly for the next job.
 * With `embedOffline`, the document is handed back as soon as it is cut into passages, and its
 * `offlineEmbedding` settles when the process has made the vectors (a failure meanwhile rejects it).
 */
export async function prepareOffThread(bytes: Uint8Array, filename: string, options: OffThreadOptions = {}): Promise<PreparedDocument> {
  await takeTurn(options.signal, options.onWaiting);
  return readInTurn(bytes, filename, options);
}

/** One file read by a reading process; the turn ends with the reading (vectors included). */
function readInTurn(bytes: Uint8Array, filename: string, options: OffThreadOptions): Promise<PreparedDocument> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIMITS.pdfTimeoutMs;
  const heapMb = options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
  const ext = extensionOf(filename);
  const fileType = isAcceptedExtension(ext) ? ext : 'txt';
  const keepable = bytes.byteLength < KEEP_READER_MAX_BYTES;
  // Dropped once sent: the reading process has its own copy (an upload may be 50 MB).
  let upload: Uint8Array | undefined = bytes;
  let reader: ChildProcess;
  try {
    reader = takeReader(heapMb);
  } catch (error) {
    endTurn();
    throw error;
  }
  working.add(reader);
  return new Promise<PreparedDocument>((resolve, reject) => {
    let ended = false;
    let prepared: PreparedDocument | undefined;
    // The document's strings as their pieces arrive; then its offline vectors, batch by batch.
    let receiver: DocumentReceiver | undefined;
    let vectors: { array: Float32Array; filled: number; tokens: number } | undefined;
    // Once the document is handed back, what is still awaited is its vectors.
    let embedding: { resolve: (value: OfflineEmbedding) => void; reject: (error: Error) => void } | undefined;
    // The end of what the process wrote to stderr: V8 says there why it stopped a process.
    let stderr = '';
    /** The reading is over: the process is kept for the next job or ended, and an error goes to what is still awaited. */
    const end = (error: Error | null, reusable = false) => {
      if (ended) return;
      ended = true;
      working.delete(reader);
      endTurn();
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reader.off('message', onMessage).off('error', onError).off('close', onClose);
      reader.stderr?.off('data', onStderr);
      if (reusable && keepable) keepReader(reader, heapMb);
      else reader.kill('SIGKILL');
      if (error) (embedding?.reject ?? reject)(error);
    };
    const timer = setTimeout(() => end(errors.timedOut(fileType, timeoutMs)), timeoutMs);
    const onAbort = () => end(errors.aborted());

    const onMessage = (message: FromReader) => {
      switch (message.kind) {
        case 'page':
          return options.onProgress?.(message.page, message.pageCount);
        case 'chunking':
          return options.onChunking?.();
        case 'prepared':
          received(message.head.textEnds.byteLength + message.head.contentEnds.byteLength);
          receiver = new DocumentReceiver(message.head);
          if (options.embedOffline) vectors = { array: new Float32Array(message.head.chunks.length * EMBEDDING_DIMENSIONS), filled: 0, tokens: 0 };
          return receiver.complete ? handOver(receiver) : undefined;
        case 'bytes':
          received(message.bytes.byteLength);
          if (!receiver || receiver.complete) return end(new Error(`reading ${filename} sent text it had not announced`));
          receiver.add(message.bytes);
          return receiver.complete ? handOver(receiver) : undefined;
        case 'vectors':
          received(message.embedding.vectors.byteLength);
          if (!vectors || vectors.filled + message.embedding.vectors.length > vectors.array.length) {
            return end(new Error(`reading ${filename} sent vectors it was not asked for`));
          }
          vectors.array.set(message.embedding.vectors, vectors.filled);
          vectors.filled += message.embedding.vectors.length;
          vectors.tokens += message.embedding.tokens;
          return;
        case 'done':
          if (embedding) {
            const complete = vectors && vectors.filled === vectors.array.length;
            if (complete) embedding.resolve({ vectors: vectors!.array, tokens: vectors!.tokens });
            return end(complete ? null : new Error(`reading ${filename} gave no vectors`), true);
          }
          end(null, true);
          return prepared ? resolve(prepared) : reject(new Error(`reading ${filename} gave no document`));
        case 'failed':
          return end(new ExtractionError(message.code, message.message, { rejectAtUpload: message.rejectAtUpload }), true);
        case 'crashed':
          return end(new Error(`reading ${filename} failed in its process: ${message.message}`));
      }
    };
    /** The whole document has come: offline, it is handed back now, its vectors following. */
    const handOver = (complete: DocumentReceiver) => {
      prepared = complete.document();
      receiver = undefined;
      if (!options.embedOffline) return;
      prepared.offlineEmbedding = new Promise<OfflineEmbedding>((resolveEmbedding, rejectEmbedding) => {
        embedding = { resolve: resolveEmbedding, reject: rejectEmbedding };
      });
      // Awaited by the caller, unless its job ends first: then a failure here is nobody's to hear.
      prepared.offlineEmbedding.catch(() => undefined);
      resolve(prepared);
    };
    const onStderr = (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    };
    const onError = (error: Error) => end(error);
    const onClose = (code: number | null, signal: NodeJS.Signals | null) =>
      end(
        stderr.includes('heap out of memory')
          ? errors.tooComplex(fileType, heapMb)
          : new Error(`the reading process for ${filename} stopped (${signal ?? `exit code ${code}`}): ${stderr.trim()}`),
      );
    reader.on('message', onMessage).on('error', onError).on('close', onClose);
    reader.stderr?.on('data', onStderr);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const request: ToReader = {
      bytes: upload!,
      filename,
      maxFileBytes: options.maxFileBytes,
      timeoutMs,
      embedOffline: options.embedOffline,
      pdfReadingThreads: options.pdfReadingThreads,
    };
    reader.send(request);
    upload = undefined;
  });
}
