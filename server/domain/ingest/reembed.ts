import { sql, type Kysely } from 'kysely';
import { TERMINAL_JOB_STATUSES } from '../../../contract/tomes';
import { costOf } from '../../ai/pricing';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';
import { REEMBED_JOB_KIND } from '../tomes/jobs';
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

/** What the Knowledge Tomes page says while the library is re-embedded (and once it is done). */
export function reembedMessage(label: string, done: number, total: number, finished = false): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return finished
    ? `Re-embedded for ${label}: ${count(total)} passages; search uses them now`
    : `Re-embedding for ${label}: ${count(done)} of ${count(total)} passages; search uses the previous vectors until it is done`;
}

/**
 * Writes each owner's progress of a change of embedding model to the jobs table, as other long
 * work reports its progress, so the Knowledge Tomes page (and GET /api/jobs/{id}/status) show it.
 * An owner with passages still to re-embed gets a job if they have none running. Searches use the
 * previous vectors until the whole library is done (retrieval/serving-model.ts), so every owner's
 * job stays running until then; `finished` (nothing left to re-embed) completes them.
 */
export async function recordReembedProgress(db: Kysely<DB>, model: string, label: string, finished: boolean): Promise<void> {
  const active = await db
    .selectFrom('jobs')
    .select(['id', 'user_id'])
    .where('kind', '=', REEMBED_JOB_KIND)
    .where('status', 'not in', TERMINAL_JOB_STATUSES)
    .execute();
  if (finished && active.length === 0) return;
  const jobOf = new Map(active.map((job) => [job.user_id, job.id]));
  const { rows } = await sql<{ user_id: string; done: number; total: number }>`
    select c.user_id, count(distinct v.chunk_id) filter (where v.model = ${model})::int as done, count(distinct v.chunk_id)::int as total
    from chunk_vectors v join chunks c on c.id = v.chunk_id
    group by c.user_id`.execute(db);
  const now = new Date();
  for (const { user_id: userId, done, total } of rows) {
    const jobId = jobOf.get(userId);
    if (finished) {
      if (jobId) {
        await db
          .updateTable('jobs')
          .set({ status: 'completed', progress: 100, progress_message: reembedMessage(label, total, total, true), updated_at: now })
          .where('id', '=', jobId)
          .execute();
      }
      continue;
    }
    const progress = { progress: total === 0 ? 0 : Math.min(99, Math.floor((done * 100) / total)), progress_message: reembedMessage(label, done, total) };
    if (jobId)
      await db
        .updateTable('jobs')
        .set({ ...progress, updated_at: now })
        .where('id', '=', jobId)
        .execute();
    else if (done < total)
      await db
        .insertInto('jobs')
        .values({ user_id: userId, kind: REEMBED_JOB_KIND, status: 'embedding', ...progress, updated_at: now })
        .execute();
  }
  // An owner whose passages are all gone (deleted meanwhile) has nothing left to wait for.
  const seen = new Set(rows.map((row) => row.user_id));
  const orphaned = active.filter((job) => !seen.has(job.user_id)).map((job) => job.id);
  if (orphaned.length > 0) {
    await db
      .updateTable('jobs')
      .set({ status: 'completed', progress: 100, progress_message: 'No passages left to re-embed', updated_at: now })
      .where('id', 'in', orphaned)
      .execute();
  }
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
