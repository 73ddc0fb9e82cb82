import { type Chunk, chunkDocument } from '../chunk';
import { ExtractionError, extractDocument, type ExtractOptions } from '../extract';
import type { AcceptedExtension } from '../extract/file-types';
import { estimateTokens } from '../../../text/tokens';
import { passagesHashOf } from '../passages-hash';
import { holdsGmBlocks } from '../../../../contract/gm-blocks';
import { textParts } from '../../tomes/text-parts';

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
}

/** Extracts and chunks one upload. CPU-bound: the pipeline runs it in a child process (prepare/off-thread.ts). */
export async function prepareDocument(bytes: Uint8Array, filename: string, options: ExtractOptions & { onChunking?: () => void } = {}): Promise<PreparedDocument> {
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
