import { holdsGmBlocks } from '../../contract/gm-blocks';
import { storePassagesHash } from '../../server/domain/ingest/passages-hash';
import { setDocumentText } from '../../server/domain/tomes/document-text';
import type { Services } from '../../server/services';
import { estimateTokens } from '../../server/text/tokens';

export interface SeedDocument {
  filename: string;
  /** Markdown: '#' headings set the heading path, each other paragraph becomes one chunk. */
  content?: string;
  /** A PDF's pages instead of `content`: each paragraph becomes a chunk carrying its page number. */
  pages?: string[];
}

export interface SeededTome {
  datasetId: string;
  documents: Array<{ id: string; filename: string; chunkIds: number[] }>;
}

/**
 * A Knowledge Tome written straight into the tables, embedded with the app's own embedder,
 * for suites that must not wait for the ingestion pipeline.
 */
export async function seedTome(services: Services, userId: string, tome: { name: string; description?: string; documents: SeedDocument[] }): Promise<SeededTome> {
  const { db, ai } = services;
  const dataset = await db
    .insertInto('datasets')
    .values({ user_id: userId, name: tome.name, description: tome.description ?? '', metadata: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const documents: SeededTome['documents'] = [];
  for (const doc of tome.documents) {
    const text = doc.pages ? doc.pages.join('\n\f\n') : (doc.content ?? '');
    const fileType = doc.filename.split('.').pop() ?? 'txt';
    const row = await db
      .insertInto('documents')
      .values({
        dataset_id: dataset.id,
        user_id: userId,
        filename: doc.filename,
        file_type: fileType,
        status: 'ready',
        may_hold_gm_blocks: holdsGmBlocks(text, fileType),
        token_count: estimateTokens(text),
        page_count: doc.pages ? doc.pages.length : null,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setDocumentText(db, row.id, text);
    const pieces = doc.pages ? doc.pages.flatMap((page, index) => chunksOf(page, index + 1)) : chunksOf(doc.content ?? '', null);
    const chunkIds: number[] = [];
    if (pieces.length > 0) {
      const inserted = await db
        .insertInto('chunks')
        .values(
          pieces.map((piece, ordinal) => ({
            document_id: row.id,
            dataset_id: dataset.id,
            user_id: userId,
            ordinal,
            heading_path: piece.headingPath,
            page: piece.page,
            content: piece.content,
            token_count: estimateTokens(piece.content),
          })),
        )
        .returning('id')
        .execute();
      const { vectors } = await ai.embedder.embed(
        pieces.map((piece) => `${piece.headingPath}\n${piece.content}`),
        'document',
      );
      await db
        .insertInto('chunk_embeddings')
        .values(inserted.map((chunk, i) => ({ chunk_id: chunk.id, model: ai.embedder.model, embedding: `{${vectors[i].join(',')}}` })))
        .execute();
      chunkIds.push(...inserted.map((chunk) => Number(chunk.id)));
      await storePassagesHash(db, row.id);
    }
    documents.push({ id: row.id, filename: doc.filename, chunkIds });
  }
  return { datasetId: dataset.id, documents };
}

function chunksOf(text: string, page: number | null) {
  const trail: string[] = [];
  const chunks: Array<{ headingPath: string; page: number | null; content: string }> = [];
  for (const block of text.split(/\n\s*\n/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      trail.length = heading[1].length - 1;
      trail[heading[1].length - 1] = heading[2].trim();
      continue;
    }
    chunks.push({ headingPath: trail.filter(Boolean).join(' > '), page, content: trimmed });
  }
  return chunks;
}
