import { sql, type Kysely } from 'kysely';
import { costOf } from '../../ai/pricing';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';
import { tableForNewVectors } from '../retrieval/vector-index';
import { forgetServingModel } from '../retrieval/serving-model';
import { recordUsage } from '../usage/usage';
import { embeddingText, storedVector } from './vectors';

/**
 * A change of embedding model (ADR 0296): the new model's vectors are written beside the old
 * ones, a few hundred passages per job; meanwhile searches embed the question with the old model
 * and compare it with the old vectors (retrieval/serving-model.ts). Once every passage with an old
 * vector has a new one, the old vectors are removed.
 */

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

export interface ReembedProgress {
  /** Passages with a vector of the current model. */
  done: number;
  /** Passages with a vector of any model. */
  total: number;
}

/** How far a change of embedding model has come. */
export async function reembedProgress(db: Kysely<DB>, model: string): Promise<ReembedProgress> {
  const { rows } = await sql<{ done: number; total: number }>`
    select count(distinct chunk_id) filter (where model = ${model})::int as done, count(distinct chunk_id)::int as total from chunk_vectors`.execute(db);
  return { done: rows[0]?.done ?? 0, total: rows[0]?.total ?? 0 };
}

/**
 * Embeds with `embedder` up to `limit` passages that have only other models' vectors. When none
 * is left, removes the other models' vectors instead (a batch per call). Returns how many
 * passages it embedded and whether more work is left. The cost is recorded against each
 * passage's owner.
 */
export async function reembedStaleChunks(
  db: Kysely<DB>,
  embedder: Embedder,
  options: { limit?: number; batchSize?: number } = {},
): Promise<{ reembedded: number; remaining: boolean }> {
  const limit = options.limit ?? 256;
  const batchSize = options.batchSize ?? 32;
  const model = embedder.model;
  const stale = await db
    .selectFrom('chunk_vectors as ce')
    .innerJoin('chunks as c', 'c.id', 'ce.chunk_id')
    .select(['c.id', 'c.user_id', 'c.heading_path', 'c.content'])
    .distinctOn('ce.chunk_id')
    .where((eb) => eb.or([eb('ce.model', '<', model), eb('ce.model', '>', model)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('chunk_vectors as n').select('n.chunk_id').whereRef('n.chunk_id', '=', 'ce.chunk_id').where('n.model', '=', model))),
    )
    .orderBy('ce.chunk_id')
    .limit(limit)
    .execute();
  if (stale.length === 0) return { reembedded: 0, remaining: await removeOldVectors(db, model, limit) };

  const tokensByUser = new Map<string, number>();
  for (let start = 0; start < stale.length; start += batchSize) {
    const batch = stale.slice(start, start + batchSize);
    const { vectors, tokens } = await embedder.embed(
      batch.map((row) => embeddingText({ headingPath: row.heading_path, content: row.content })),
      'document',
    );
    const table = await tableForNewVectors(db);
    const values = sql.join(batch.map((row, i) => sql`(${row.id}::bigint, ${model}, ${storedVector(vectors[i])}::real[])`));
    // A passage deleted meanwhile is skipped (the join), one re-embedded twice keeps its first vector.
    await sql`
      insert into ${sql.table(table)} (chunk_id, model, embedding)
      select v.chunk_id, v.model, v.embedding from (values ${values}) as v(chunk_id, model, embedding)
      join chunks c on c.id = v.chunk_id
      on conflict do nothing`.execute(db);
    const share = tokens / batch.length;
    for (const row of batch) tokensByUser.set(row.user_id, (tokensByUser.get(row.user_id) ?? 0) + share);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  for (const [userId, tokens] of tokensByUser) {
    const rounded = Math.round(tokens);
    if (rounded > 0) {
      await recordUsage(db, { userId, feature: 'embedding', model, embeddingTokens: rounded, costUsd: costOf(model, { tokens: rounded }) });
    }
  }
  return { reembedded: stale.length, remaining: true };
}

/** Removes up to `limit` vectors of other models from each table; true while some are left. */
async function removeOldVectors(db: Kysely<DB>, model: string, limit: number): Promise<boolean> {
  forgetServingModel(db);
  let removed = 0;
  for (const table of ['chunk_embeddings', 'chunk_embeddings_pending'] as const) {
    const { rows } = await sql<{ n: number }>`
      with gone as (
        delete from ${sql.table(table)} where (chunk_id, model) in (
          select chunk_id, model from ${sql.table(table)} where model < ${model} or model > ${model} limit ${limit})
        returning 1)
      select count(*)::int as n from gone`.execute(db);
    removed += rows[0]?.n ?? 0;
  }
  return removed > 0;
}
