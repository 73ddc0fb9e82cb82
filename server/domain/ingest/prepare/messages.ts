import type { ExtractionErrorCode } from '../extract';
import type { PackedDocument } from './packed';
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
  /** The document read and cut into passages. */
  | { kind: 'prepared'; packed: PackedDocument }
  /** The reading is over: the passages' offline vectors, when they were asked for. */
  | { kind: 'done'; embedding?: OfflineEmbedding }
  | { kind: 'failed'; code: ExtractionErrorCode; message: string; rejectAtUpload: boolean }
  | { kind: 'crashed'; message: string };
