import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { vectorBackendOf } from './vector-search';
import { untilNoneLeft } from '../../db/batch-size';

/**
 * New passages' vectors are written beside the HNSW index, not into it (ADR 0244): pgvector adds
 * a vector to the index one at a time, searching the graph and relinking its neighbours, which
 * cost 3.4-6 ms of CPU per vector on the embedded database (most of a document's indexing), where
 * building the index over the same vectors costs about a third of that. A search compares the
 * question with the pending vectors exactly, beside the index's nearest neighbours
 * (vector-search.ts); a background job (jobs/index-vectors.ts) then moves them into the index.
 */

const INDEX_NAME = 'chunk_embeddings_hnsw_idx';
/** The advisory lock rebuilds take turns by (any number no other lock of ours uses). */
const REBUILD_LOCK = 7_345_244;
/**
 * Beyond this many pending vectors, new ones go straight into the index: every search in scope
 * compares the question with each pending vector (about 15 µs each on the embedded database, so
 * at most about 30 ms more).
 */
export const PENDING_LIMIT = 2_000;
/**
 * The index is built again over all the vectors, in one statement, when the pending ones are at
 * least as many as those in it and the whole is at most this: the embedded database answers
 * nothing else meanwhile, so the build is kept under about 3 s (0.7-0.9 ms per vector there).
 */
export const REBUILD_UP_TO = 3_000;

export type VectorTable = 'chunk_embeddings' | 'chunk_embeddings_pending';

/**
 * Where a new passage's vector goes: among the pending vectors while there are fewer than
 * PENDING_LIMIT of them and an index to move them into (pgvector installed); else into the
 * indexed table directly.
 */
export async function tableForNewVectors(db: Kysely<DB>): Promise<VectorTable> {
  if ((await vectorBackendOf(db)) !== 'pgvector') return 'chunk_embeddings';
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from chunk_embeddings_pending limit ${PENDING_LIMIT}) p`.execute(db);
  return (rows[0]?.n ?? 0) < PENDING_LIMIT ? 'chunk_embeddings_pending' : 'chunk_embeddings';
}

export interface IndexedVectors {
  /** Vectors moved into the index. */
  moved: number;
  /** True when the index was built again over every vector rather than added to. */
  rebuilt: boolean;
}

/**
 * Moves the pending vectors into the index: by building the index again when they are at least
 * as many as those already in it (and the whole is at most REBUILD_UP_TO), otherwise in batches,
 * each vector added to the index. Safe to run from several
 * processes at once (a batch skips rows another is moving).
 */
export async function indexPendingVectors(db: Kysely<DB>, options: { rebuildUpTo?: number } = {}): Promise<IndexedVectors> {
  const rebuildUpTo = options.rebuildUpTo ?? REBUILD_UP_TO;
  const [pending, indexed, definition] = await Promise.all([
    countOf(db, 'chunk_embeddings_pending', rebuildUpTo + 1),
    countOf(db, 'chunk_embeddings', rebuildUpTo + 1),
    indexDefinition(db),
  ]);
  if (pending === 0) return { moved: 0, rebuilt: false };
  if (definition && pending >= indexed && pending + indexed <= rebuildUpTo) {
    const moved = await rebuildWithPending(db, definition, rebuildUpTo);
    if (moved !== null) return { moved, rebuilt: true };
  }
  // As many per statement as keep it short, so requests get the database between them: each
  // vector costs 1-4 ms on the embedded database, more as the index grows.
  const moved = await untilNoneLeft((limit) =>
    movePending(db, sql`p.chunk_id in (select chunk_id from chunk_embeddings_pending order by chunk_id limit ${limit} for update skip locked)`),
  );
  return { moved, rebuilt: false };
}

/** How many vectors are waiting to be moved into the index. */
export async function pendingVectorCount(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from chunk_embeddings_pending`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * One transaction: the index dropped, the pending vectors moved into its table, the index built
 * again from its own definition. Processes that would rebuild at once take turns (an advisory
 * lock), and each checks the rule again once it has the turn; null when it no longer holds (the
 * vectors were moved meanwhile).
 */
async function rebuildWithPending(db: Kysely<DB>, definition: string, rebuildUpTo: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`.execute(trx);
    const [pending, indexed] = [await countOf(trx, 'chunk_embeddings_pending', rebuildUpTo + 1), await countOf(trx, 'chunk_embeddings', rebuildUpTo + 1)];
    if (pending === 0 || pending < indexed || pending + indexed > rebuildUpTo) return null;
    await sql`drop index if exists ${sql.ref(INDEX_NAME)}`.execute(trx);
    const moved = await movePending(trx, sql`true`);
    await sql.raw(definition).execute(trx);
    return moved;
  });
}

/** Moves the pending vectors the condition picks into chunk_embeddings, in one statement; says how many. */
async function movePending(db: Kysely<DB>, which: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`with moved as (
      delete from chunk_embeddings_pending p where ${which} returning p.chunk_id, p.model, p.embedding
    ), added as (
      insert into chunk_embeddings (chunk_id, model, embedding) select chunk_id, model, embedding from moved
      on conflict (chunk_id, model) do update set embedding = excluded.embedding
      returning 1
    )
    select count(*)::int as n from added`.execute(db);
  return rows[0]?.n ?? 0;
}

async function countOf(db: Kysely<DB>, table: VectorTable, atMost: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${sql.table(table)} limit ${atMost}) t`.execute(db);
  return rows[0]?.n ?? 0;
}

async function indexDefinition(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = ${INDEX_NAME}`.execute(db);
  return rows[0]?.indexdef ?? null;
}
