import { type Chunk, chunkDocument } from '../chunk';
import { ExtractionError, extractDocument, type ExtractOptions } from '../extract';
import type { AcceptedExtension } from '../extract/file-types';
import { estimateTokens } from '../../../text/tokens';
import { passagesHashOf } from '../passages-hash';
import { holdsGmBlocks } from '../../../../contract/gm-blocks';
import { textParts } from '../../tomes/text-parts';
import { OfflineEmbedder } from '../../../ai/offline-embedder';
import { EMBEDDING_DIMENSIONS } from '../../../ai/types';
import { embeddingText } from '../vectors';

/** What the pipeline keeps of an upload once it is read and cut: the text to store, the passages to index. */
export interface PreparedDocument {
  fileType: AcceptedExtension;
  text: string;
  /** The text in the parts it is stored in (tomes/text-parts.ts). */
  textParts(): Iterable<string>;
  pageCount?: number;
  /** What was left out or cut (see extract/long-runs.ts), for the job's message. */
  notes: string[];
  chunks: Chunk[];
  /** Worked out here, off the main thread: for a 50 MB text each is a noticeable pause. */
  tokenCount: number;
  passagesHash: string | null;
  /** The text holds `:::gm` blocks (documents.may_hold_gm_blocks; always false for formats without them). */
  mayHoldGmBlocks: boolean;
  /**
   * The passages' vectors from the built-in offline embedder, when asked for (prepare/off-thread.ts,
   * `embedOffline`): made in the reading process instead of on the server's main thread, where
   * they took about a fifth of a second per thousand passages, and after the document is handed
   * over, so the server writes the passages while they are made.
   */
  offlineEmbedding?: Promise<OfflineEmbedding>;
}

/** Passages' vectors, one after another, EMBEDDING_DIMENSIONS each. */
export interface OfflineEmbedding {
  vectors: Float32Array;
  tokens: number;
}

export interface PrepareOptions extends ExtractOptions {
  onChunking?: () => void;
}

/** Extracts and chunks one upload. CPU-bound: the pipeline runs it in a child process (prepare/off-thread.ts). */
export async function prepareDocument(bytes: Uint8Array, filename: string, options: PrepareOptions = {}): Promise<PreparedDocument> {
  const extracted = await extractDocument(bytes, filename, options);
  options.onChunking?.();
  const chunks = chunkDocument(extracted);
  const notes = extracted.notes ?? [];
  if (chunks.length === 0) {
    const noted = notes.length ? ` ${notes.join(' ')}` : '';
    throw new ExtractionError('empty_file', `No readable text was found in this file.${noted} Check that it is the right file and upload it again.`, {
      rejectAtUpload: false,
    });
  }
  const prepared: PreparedDocument = {
    fileType: extracted.fileType,
    text: extracted.text,
    textParts: () => textParts(extracted.text),
    notes,
    chunks,
    tokenCount: estimateTokens(extracted.text),
    passagesHash: passagesHashOf(chunks),
    mayHoldGmBlocks: holdsGmBlocks(extracted.text, extracted.fileType),
  };
  if (extracted.pageCount !== undefined) prepared.pageCount = extracted.pageCount;
  return prepared;
}

/** Each passage's vector in an offline embedding, as a view (no copy). */
export function offlineVectors(embedding: OfflineEmbedding): Float32Array[] {
  return Array.from({ length: embedding.vectors.length / EMBEDDING_DIMENSIONS }, (_, i) =>
    embedding.vectors.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS),
  );
}

/**
 * The passages embedded with the offline embedder (the engine without keys), a few hundred at a
 * time, each batch's vectors in one typed array: the reading process sends each batch as it is
 * made, so neither side holds a large document's vectors twice (as arrays of numbers they would
 * take several times the memory).
 */
export async function* offlineEmbeddingBatches(chunks: Chunk[]): AsyncGenerator<OfflineEmbedding> {
  const embedder = new OfflineEmbedder();
  for (let start = 0; start < chunks.length; start += OFFLINE_EMBEDDING_BATCH) {
    const result = await embedder.embed(chunks.slice(start, start + OFFLINE_EMBEDDING_BATCH).map(embeddingText), 'document');
    const vectors = new Float32Array(result.vectors.length * EMBEDDING_DIMENSIONS);
    result.vectors.forEach((vector, i) => vectors.set(vector, i * EMBEDDING_DIMENSIONS));
    yield { vectors, tokens: result.tokens };
  }
}

/** Passages per offline embedding batch: 512 KB of vectors a message. */
const OFFLINE_EMBEDDING_BATCH = 256;
