import type { Kysely } from 'kysely';
import { AiProviderError } from '../../ai/errors';
import { costOf } from '../../ai/pricing';
import type { AiProviders } from '../../ai/providers';
import { isModelEngine } from '../../ai/types';
import type { DB } from '../../db/schema';
import { DomainError } from '../errors';
import { recordUsage } from '../usage/usage';
import { batchChunks, EXTRACTION_MAX_TOKENS, EXTRACTION_SYSTEM_PROMPT } from './claude-batches';
import type { DocumentChunk, SelectedDocument } from './documents';
import { claudeExtractionTool, extractConceptsOffline, parseClaudeExtraction, type ExtractionResult } from './extract';

/**
 * Which extractor read a document. A stored reading is reused only by the same extractor; bump the
 * offline version when the offline extractor changes enough that stored readings should be redone.
 */
const OFFLINE_EXTRACTOR = 'offline-v1';

export function extractorId(ai: AiProviders): string {
  return isModelEngine(ai.engine) ? `${ai.engine}:${ai.generator.model}` : OFFLINE_EXTRACTOR;
}

/**
 * The reading of a document's passages outside its `:::gm` blocks, which the players' map is
 * merged from (a document without GM blocks is read once: players share the GM's reading). It is
 * stored beside the GM's reading, under the same extractor marked for players.
 */
export const playerExtractorId = (extractor: string) => `${extractor}#players`;

export const engineOf = (extractor: string | null): 'claude' | 'openai' | 'offline' | null =>
  extractor === null ? null : extractor.startsWith('claude:') ? 'claude' : extractor.startsWith('openai:') ? 'openai' : 'offline';

export interface DocumentExtraction {
  results: ExtractionResult[];
  inputTokens: number;
  outputTokens: number;
}

/** Reads one document's concepts: the model (Claude or an OpenAI-compatible server) per batch of passages, the offline extractor without one. */
export async function extractDocument(
  db: Kysely<DB>,
  userId: string,
  document: SelectedDocument,
  chunks: DocumentChunk[],
  ai: AiProviders,
  onBatch?: (done: number, total: number) => Promise<void>,
): Promise<DocumentExtraction> {
  if (!isModelEngine(ai.engine)) {
    const result = extractConceptsOffline({
      documentId: document.id,
      chunks: chunks.map((chunk) => ({ chunkId: chunk.id, text: chunk.content, headingPath: chunk.heading_path })),
    });
    return { results: [result], inputTokens: 0, outputTokens: 0 };
  }

  const batches = batchChunks(document.filename, chunks);
  const results: ExtractionResult[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  for (const [index, batch] of batches.entries()) {
    const started = Date.now();
    let answer;
    try {
      answer = await ai.generator.generate({
        system: EXTRACTION_SYSTEM_PROMPT,
        cacheSystem: true,
        messages: [{ role: 'user', content: batch.prompt }],
        maxTokens: EXTRACTION_MAX_TOKENS,
        tool: claudeExtractionTool,
      });
    } catch (error) {
      throw providerFailure(error);
    }
    const { usage, model } = answer;
    await recordUsage(db, {
      userId,
      feature: 'concept_map',
      model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cacheReadTokens: usage.cacheReadTokens,
      cacheWriteTokens: usage.cacheWriteTokens,
      costUsd: costOf(model, usage),
      durationMs: Date.now() - started,
    });
    inputTokens += usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    outputTokens += usage.outputTokens;
    try {
      results.push(parseClaudeExtraction(answer.toolInput, document.id, batch.text));
    } catch {
      throw new DomainError(502, 'The AI service returned concepts that could not be read. Please try again.');
    }
    await onBatch?.(index + 1, batches.length);
  }
  return { results, inputTokens, outputTokens };
}

/** A provider failure, worded for a game master, as our own API's answer (504 timeout, 503 busy, 502 otherwise). */
function providerFailure(error: unknown): unknown {
  if (!(error instanceof AiProviderError)) return error;
  return new DomainError(error.status === 504 ? 504 : error.status === 503 ? 503 : 502, error.message);
}

export interface StoredExtraction {
  content_hash: string;
  results: ExtractionResult[];
  extracted_at: Date;
}

export async function storedExtractions(db: Kysely<DB>, documentIds: string[], extractor: string): Promise<Map<string, StoredExtraction>> {
  const stored = new Map<string, StoredExtraction>();
  if (documentIds.length === 0) return stored;
  const rows = await db
    .selectFrom('concept_extractions')
    .select(['document_id', 'content_hash', 'results', 'extracted_at'])
    .where('document_id', 'in', documentIds)
    .where('extractor', '=', extractor)
    .execute();
  for (const row of rows) {
    stored.set(row.document_id, { content_hash: row.content_hash, results: row.results as ExtractionResult[], extracted_at: row.extracted_at });
  }
  return stored;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** Kept as soon as a document is read, so a later failure in the same build never pays for it again. */
export async function saveExtraction(db: Kysely<DB>, document: SelectedDocument, extractor: string, extraction: DocumentExtraction): Promise<StoredExtraction> {
  const values = {
    content_hash: document.content_hash,
    results: JSON.stringify(extraction.results),
    input_tokens: extraction.inputTokens,
    output_tokens: extraction.outputTokens,
    extracted_at: new Date(),
  };
  try {
    await db
      .insertInto('concept_extractions')
      .values({ document_id: document.id, extractor, ...values })
      .onConflict((oc) => oc.columns(['document_id', 'extractor']).doUpdateSet(values))
      .execute();
  } catch (error) {
    // The document was deleted while it was read: there is nothing to keep.
    if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
  }
  return { content_hash: document.content_hash, results: extraction.results, extracted_at: values.extracted_at };
}
