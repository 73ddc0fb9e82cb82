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
 * The passages embedded with the offline embedder (the engine without keys), into one typed array,
 * a few hundred passages at a time: a large document's vectors as arrays of numbers would take
 * several times the memory.
 */
export async function offlineEmbeddingOf(chunks: Chunk[]): Promise<OfflineEmbedding> {
  const embedder = new OfflineEmbedder();
  const vectors = new Float32Array(chunks.length * EMBEDDING_DIMENSIONS);
  let tokens = 0;
  for (let start = 0; start < chunks.length; start += 256) {
    const result = await embedder.embed(chunks.slice(start, start + 256).map(embeddingText), 'document');
    result.vectors.forEach((vector, i) => vectors.set(vector, (start + i) * EMBEDDING_DIMENSIONS));
    tokens += result.tokens;
  }
  return { vectors, tokens };
}
