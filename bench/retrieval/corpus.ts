import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Embedder } from '../../server/ai/types';
import type { DB } from '../../server/db/schema';
import { chunkDocument } from '../../server/domain/ingest/chunk';
import { extractDocument } from '../../server/domain/ingest/extract';
import { embeddingText, storedVector } from '../../server/domain/ingest/vectors';
import { sharedPath } from '../../tests/support/shared-dir';
import { setDocumentText } from '../../server/domain/tomes/document-text';

export interface EvalQuestion {
  question: string;
  answer_passage_contains: string;
  file: string;
}

export function loadQuestions(): EvalQuestion[] {
  return fs
    .readFileSync(sharedPath('eval', 'srd-questions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalQuestion);
}

/** Whitespace and apostrophes folded, so a quote that wraps a line still counts as holding the passage. */
export function normalise(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

export interface IngestedCorpus {
  datasetId: string;
  chunkCount: number;
  /** Chunk id → the document's filename, for judging answers. */
  filenameOf: Map<number, string>;
}

/**
 * The SRD as the app would hold it: the ingestion pipeline's own extraction, chunking and
 * embedding text, written into one dataset of the given user.
 */
export async function ingestSrd(db: Kysely<DB>, userId: string, embedder: Embedder): Promise<IngestedCorpus> {
  const dir = sharedPath('corpus', 'srd5');
  const dataset = await db
    .insertInto('datasets')
    .values({ user_id: userId, name: 'SRD 5.1', description: 'System Reference Document', metadata: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const filenameOf = new Map<number, string>();
  for (const filename of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, filename)));
    const extracted = await extractDocument(bytes, filename);
    const chunks = chunkDocument(extracted);
    const document = await db
      .insertInto('documents')
      .values({
        dataset_id: dataset.id,
        user_id: userId,
        filename,
        file_type: 'md',
        status: 'ready',
        token_count: chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setDocumentText(db, document.id, extracted.text);
    for (let start = 0; start < chunks.length; start += 128) {
      const batch = chunks.slice(start, start + 128);
      const { vectors } = await embedder.embed(batch.map(embeddingText), 'document');
      const inserted = await db
        .insertInto('chunks')
        .values(
          batch.map((chunk) => ({
            document_id: document.id,
            dataset_id: dataset.id,
            user_id: userId,
            ordinal: chunk.ordinal,
            heading_path: chunk.headingPath,
            page: chunk.page,
            content: chunk.content,
            token_count: chunk.tokenCount,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('chunk_embeddings')
        .values(inserted.map((row, i) => ({ chunk_id: row.id, model: embedder.model, embedding: storedVector(vectors[i]) })))
        .execute();
      for (const row of inserted) filenameOf.set(Number(row.id), filename);
    }
  }
  return { datasetId: dataset.id, chunkCount: filenameOf.size, filenameOf };
}
