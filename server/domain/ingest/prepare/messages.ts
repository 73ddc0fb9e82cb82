import type { ExtractionErrorCode } from '../extract';
import type { PackedDocument } from './packed';

export interface ToReader {
  bytes: Uint8Array;
  filename: string;
  maxFileBytes?: number;
  timeoutMs: number;
  embedOffline?: boolean;
}

export type FromReader =
  | { kind: 'page'; page: number; pageCount: number }
  | { kind: 'chunking' }
  | { kind: 'done'; packed: PackedDocument }
  | { kind: 'failed'; code: ExtractionErrorCode; message: string; rejectAtUpload: boolean }
  | { kind: 'crashed'; message: string };
