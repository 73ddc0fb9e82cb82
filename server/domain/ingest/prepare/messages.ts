import type { ExtractionErrorCode } from '../extract';
import type { DocumentHead } from './packed';
import type { OfflineEmbedding } from './prepare';

export interface ToReader {
  bytes: Uint8Array;
  filename: string;
  maxFileBytes?: number;
  timeoutMs: number;
  embedOffline?: boolean;
  pdfReadingThreads?: 1 | 2;
}

export type FromReader =
  | { kind: 'page'; page: number; pageCount: number }
  | { kind: 'chunking' }
  /** The document read and cut into passages: what it is, then its strings in `bytes` messages (packed.ts). */
  | { kind: 'prepared'; head: DocumentHead }
  | { kind: 'bytes'; bytes: Uint8Array }
  /** The next passages' offline vectors, when they were asked for. */
  | { kind: 'vectors'; embedding: OfflineEmbedding }
  /** The reading is over. */
  | { kind: 'done' }
  | { kind: 'failed'; code: ExtractionErrorCode; message: string; rejectAtUpload: boolean }
  | { kind: 'crashed'; message: string };
