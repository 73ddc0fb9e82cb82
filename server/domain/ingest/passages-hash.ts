import { createHash } from 'node:crypto';
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

/**
 * The same fingerprint computed from the passages about to be written, so the swap that stores
 * them does not read every passage back (for a 50 MB upload that read was seconds of one statement).
 */
export function passagesHashOf(chunks: { ordinal: number; headingPath: string; content: string }[]): string | null {
  if (chunks.length === 0) return null;
  const hash = createHash('md5');
  [...chunks].sort((a, b) => a.ordinal - b.ordinal).forEach((chunk, index) => hash.update(`${index ? '\x1e' : ''}${chunk.headingPath}\x1f${chunk.content}`));
  return hash.digest('hex');
}
