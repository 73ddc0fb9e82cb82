import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Stores the fingerprint of a document's passages on the document (documents.passages_hash):
 * md5 over each passage's heading path, text and GM-only mark, in order, computed by the database. Called
 * once, where ingestion swaps a document's passages in, so readers (the concept map asking
 * whether a document changed since it was read) compare stored values and never hash passages.
 */
export async function storePassagesHash(db: Kysely<DB>, documentId: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({
      passages_hash: sql<string | null>`(
        select md5(string_agg(heading_path || chr(31) || content || (case when gm_only then chr(29) else '' end), chr(30) order by ordinal))
        from chunks where document_id = ${documentId}
      )`,
    })
    .where('id', '=', documentId)
    .execute();
}
