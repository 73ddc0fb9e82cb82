import { sql, type Kysely } from 'kysely';
import { costOf } from '../../ai/pricing';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';
import { recordUsage } from '../usage/usage';
import { embeddingText, storedVector } from './vectors';

/** True when some passage's vector was made by another model than `model` (an index range scan, not a table scan). */
export async function hasStaleVectors(db: Kysely<DB>, model: string): Promise<boolean> {
  const row = await db
    .selectFrom('chunk_vectors')
    .select('chunk_id')
    .where((eb) => eb.or([eb('model', '<', model), eb('model', '>', model)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Re-embeds up to `limit` passages whose vectors another model made (the embedding provider
 * changed), so vector search compares like with like again. Returns how many it did and
 * whether more are left. The cost is recorded against each passage's owner.
 */
export async function reembedStaleChunks(
  db: Kysely<DB>,
  embedder: Embedder,
  options: { limit?: number; batchSize?: number } = {},
): Promise<{ reembedded: number; remaining: boolean }> {
  const limit = options.limit ?? 256;
  const batchSize = options.batchSize ?? 32;
  const stale = await db
    .selectFrom('chunk_vectors as ce')
    .innerJoin('chunks as c', 'c.id', 'ce.chunk_id')
    .select(['c.id', 'c.user_id', 'c.heading_path', 'c.content'])
    .where((eb) => eb.or([eb('ce.model', '<', embedder.model), eb('ce.model', '>', embedder.model)]))
    .orderBy('ce.chunk_id')
    .limit(limit)
    .execute();

  const tokensByUser = new Map<string, number>();
  for (let start = 0; start < stale.length; start += batchSize) {
    const batch = stale.slice(start, start + batchSize);
    const { vectors, tokens } = await embedder.embed(
      batch.map((row) => embeddingText({ headingPath: row.heading_path, content: row.content })),
      'document',
    );
    const values = sql.join(batch.map((row, i) => sql`(${row.id}::bigint, ${storedVector(vectors[i])}::real[])`));
    // In the index or pending (vector-index.ts): a passage's vector is in one of the two.
    for (const table of ['chunk_embeddings', 'chunk_embeddings_pending'] as const) {
      await sql`
        update ${sql.table(table)} as ce set model = ${embedder.model}, embedding = v.embedding
        from (values ${values}) as v(chunk_id, embedding)
        where ce.chunk_id = v.chunk_id`.execute(db);
    }
    const share = tokens / batch.length;
    for (const row of batch) tokensByUser.set(row.user_id, (tokensByUser.get(row.user_id) ?? 0) + share);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  for (const [userId, tokens] of tokensByUser) {
    const rounded = Math.round(tokens);
    if (rounded > 0) {
      await recordUsage(db, { userId, feature: 'embedding', model: embedder.model, embeddingTokens: rounded, costUsd: costOf(embedder.model, { tokens: rounded }) });
    }
  }
  return { reembedded: stale.length, remaining: stale.length === limit };
}
